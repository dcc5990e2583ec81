/**
 * The one group-commit queue both witness stores use (src/witness/group-commit): backends supply
 * only `flush(batch)`; the queue batches, deduplicates in-flight requests and settles every
 * request of a batch with the flush's outcome. Counted, never timed.
 */
import { describe, expect, it } from "vitest";
import { type Committed, createGroupCommit } from "../../../src/witness/group-commit/index.js";

/** A flush that records each batch and answers `value` = request, every one created. */
function recordingFlush() {
  const batches: string[][] = [];
  return {
    batches,
    flush: async (batch: readonly string[]): Promise<Committed<string>[]> => {
      batches.push([...batch]);
      return batch.map((value) => ({ value, created: true }));
    },
  };
}

describe("group commit", () => {
  it("writes requests that arrive together in one flush, in arrival order", async () => {
    const { batches, flush } = recordingFlush();
    const queue = createGroupCommit<string, string>({ flush });
    const keys = Array.from({ length: 50 }, (_, i) => `r${i}`);
    const results = await Promise.all(keys.map((key) => queue.submit(key, key)));
    expect(results.map((result) => result.value)).toEqual(keys);
    expect(batches).toEqual([keys]);
    expect(queue.stats()).toEqual({ commits_since_start: 1, anchors_since_start: 50 });
  });

  it("requests made while a flush runs form the next batch", async () => {
    const batches: string[][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const queue = createGroupCommit<string, string>({
      flush: async (batch) => {
        batches.push([...batch]);
        if (batches.length === 1) await gate;
        return batch.map((value) => ({ value, created: true }));
      },
    });
    const first = queue.submit("a", "a");
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const later = [queue.submit("b", "b"), queue.submit("c", "c")];
    release();
    await Promise.all([first, ...later]);
    expect(batches).toEqual([["a"], ["b", "c"]]);
    expect(queue.stats().commits_since_start).toBe(2);
  });

  it("answers a request identical to one in flight with that one, created false, written once", async () => {
    const { batches, flush } = recordingFlush();
    const queue = createGroupCommit<string, string>({ flush });
    const results = await Promise.all(Array.from({ length: 8 }, () => queue.submit("same", "same")));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.value))).toEqual(new Set(["same"]));
    expect(batches.flat()).toEqual(["same"]);
    expect(queue.stats().anchors_since_start).toBe(1);
  });

  it("a failed flush rejects every request of its batch, counts nothing, and the queue goes on", async () => {
    let calls = 0;
    const queue = createGroupCommit<string, string>({
      flush: async (batch) => {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error("disk full"), { code: "EIO_TEST" });
        return batch.map((value) => ({ value, created: true }));
      },
    });
    const failed = await Promise.allSettled([queue.submit("a", "a"), queue.submit("b", "b")]);
    expect(failed.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(failed.map((result) => (result as PromiseRejectedResult).reason.code)).toEqual([
      "EIO_TEST",
      "EIO_TEST",
    ]);
    expect(queue.stats()).toEqual({ commits_since_start: 0, anchors_since_start: 0 });
    // Not remembered as in flight: the same key is written by the next flush.
    expect(await queue.submit("a", "a")).toEqual({ value: "a", created: true });
    expect(queue.stats()).toEqual({ commits_since_start: 1, anchors_since_start: 1 });
  });

  it("hands a flush at most maxBatch requests; drain waits for all of them", async () => {
    const { batches, flush } = recordingFlush();
    const queue = createGroupCommit<string, string>({ flush, maxBatch: 4 });
    const pending = Array.from({ length: 10 }, (_, i) => queue.submit(`r${i}`, `r${i}`));
    await queue.drain();
    expect(batches.map((batch) => batch.length)).toEqual([4, 4, 2]);
    await Promise.all(pending);
  });
});
