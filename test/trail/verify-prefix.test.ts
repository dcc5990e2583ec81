// verifyTrailAfter (the verified-prefix path of the reading commands) gives verifyTrail's verdict
// whatever was done to the bytes since the prefix was taken, and reuses the prefix only when
// those bytes are unchanged.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventBody } from "../../src/chain/index.js";
import { appendEvents, verifyTrailAfter, verifyTrailSequential } from "../../src/trail/index.js";
import { tempDir } from "../helpers/cli.js";

function body(command: string): EventBody {
  return {
    risk: { level: "low", flags: [] },
    agent: "test",
    session: null,
    cwd: null,
    phase: "record",
    action: { kind: "command", tool: "command", command },
    decision: "logged",
    reasons: [],
  };
}

let dir: string;
let cleanup: () => Promise<void>;
let original: Buffer;
let prefixBytes: number;
beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
  await appendEvents(
    dir,
    Array.from({ length: 20 }, (_, i) => body(`echo ${i}`)),
  );
  prefixBytes = (await readFile(join(dir, "events-000000.jsonl"))).length;
  await appendEvents(
    dir,
    Array.from({ length: 5 }, (_, i) => body(`echo later ${i}`)),
  );
  original = await readFile(join(dir, "events-000000.jsonl"));
});
afterAll(() => cleanup());

describe("verifyTrailAfter", () => {
  it("verifies only what follows an unchanged prefix", async () => {
    await writeFile(join(dir, "events-000000.jsonl"), original.subarray(0, prefixBytes));
    const first = await verifyTrailAfter(dir, null);
    expect(first).toMatchObject({ ok: true, eventCount: 20, reused: false, verified: 20 });
    await writeFile(join(dir, "events-000000.jsonl"), original);
    const next = await verifyTrailAfter(dir, first.prefix, { tipsAt: [20, 25] });
    expect(next).toMatchObject({ ok: true, eventCount: 25, reused: true, verified: 5 });
    const whole = await verifyTrailSequential(dir, { tipsAt: [20, 25] });
    expect(next.chainTip).toBe(whole.chainTip);
    expect(next.tips).toEqual(whole.tips);
  });

  it("agrees with verifyTrail on any byte changed, anywhere", async () => {
    await writeFile(join(dir, "events-000000.jsonl"), original.subarray(0, prefixBytes));
    const { prefix } = await verifyTrailAfter(dir, null);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: original.length - 1 }),
        fc.integer({ min: 0, max: 255 }),
        async (at, byte) => {
          const bytes = Buffer.from(original);
          bytes[at] = byte;
          await writeFile(join(dir, "events-000000.jsonl"), bytes);
          const after = await verifyTrailAfter(dir, prefix);
          const whole = await verifyTrailSequential(dir);
          expect(after.ok).toBe(whole.ok);
          expect(after.eventCount).toBe(whole.eventCount);
          expect(after.broken).toEqual(whole.broken);
          expect(after.chainTip).toBe(whole.chainTip);
          if (at < prefixBytes && byte !== original[at]) expect(after.reused).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });
});
