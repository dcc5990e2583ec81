import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { initLog, openGitStorage, publishToGitLog } from "../../../src/witness/gitlog/index.js";
import { runStorageContract, sampleRequest } from "../server/storage-contract.js";
import { fsck, git, verifyEveryCommit } from "./git-check.js";

async function makeLog() {
  const tmp = await mkdtemp(join(tmpdir(), "ts-gitlog-store-"));
  const home = join(tmp, "home");
  const { gitdir } = await initLog(join(tmp, "log.git"), { home, bare: true, origin: "test.example/log" });
  return { tmp, home, gitdir };
}

runStorageContract("git", async () => {
  const { tmp, home, gitdir } = await makeLog();
  return {
    storage: await openGitStorage(gitdir, { home }),
    reopen: () => openGitStorage(gitdir, { home }),
    cleanup: async () => {
      verifyEveryCommit(gitdir);
      await rm(tmp, { recursive: true, force: true });
    },
  };
});

describe("git storage", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanups.splice(0)) await fn();
  });

  it("group-commits concurrent appends; every commit verifies with stock git", async () => {
    const { tmp, home, gitdir } = await makeLog();
    cleanups.push(() => rm(tmp, { recursive: true, force: true }));
    const storage = await openGitStorage(gitdir, { home });
    const results = await Promise.all(
      Array.from({ length: 600 }, (_, i) => storage.append(sampleRequest(i))),
    );
    expect(new Set(results.map((r) => r.anchor.anchor_id)).size).toBe(600);
    expect(await storage.count()).toBe(600);
    const health = await storage.health();
    expect(health).toMatchObject({
      backend: "git",
      entries: 600,
      head: git(gitdir, "rev-parse", "main").trim(),
    });
    await storage.close();
    const commits = verifyEveryCommit(gitdir);
    expect(commits).toBeGreaterThan(1);
    expect(commits).toBeLessThan(600); // grouped
    fsck(gitdir);
    // entries are readable with plain git: bundle 0 has 256 lines, bundle 2 the rest
    expect(git(gitdir, "show", "main:entries/000.jsonl").trim().split("\n")).toHaveLength(256);
    expect(git(gitdir, "show", "main:entries/002.jsonl").trim().split("\n")).toHaveLength(600 - 512);
    // and the C2SP checkpoint (src/tlog) covers all 600 under the log's origin
    expect(git(gitdir, "show", "main:checkpoint").split("\n").slice(0, 2)).toEqual([
      "test.example/log",
      "600",
    ]);
  });

  it("refuses a second writer on the same log", async () => {
    const { tmp, home, gitdir } = await makeLog();
    cleanups.push(() => rm(tmp, { recursive: true, force: true }));
    const storage = await openGitStorage(gitdir, { home });
    cleanups.unshift(() => storage.close());
    await expect(openGitStorage(gitdir, { home })).rejects.toMatchObject({ code: "WITNESS_STORAGE_LOCKED" });
  }, 60_000);

  it("never erases a commit pushed into the served log by a direct publisher", async () => {
    const { tmp, home, gitdir } = await makeLog();
    cleanups.push(() => rm(tmp, { recursive: true, force: true }));
    const storage = await openGitStorage(gitdir, { home });
    cleanups.unshift(() => storage.close());
    const first = await storage.append(sampleRequest(0));
    // A publisher with the log key pushes straight into the repository the server writes.
    const direct = await publishToGitLog({ url: gitdir, name: "direct", home }, sampleRequest(1));
    const next = await storage.append(sampleRequest(2));
    expect(next.created).toBe(true);
    expect(next.anchor.anchor_id).toMatch(/^wit_2_/);
    const lines = git(gitdir, "show", "main:entries/000.jsonl").trim().split("\n");
    expect(lines.map((line) => JSON.parse(line).anchor_id)).toEqual([
      first.anchor.anchor_id,
      direct.anchor_id,
      next.anchor.anchor_id,
    ]);
    expect(await storage.get(direct.anchor_id)).toMatchObject({ anchor_id: direct.anchor_id });
    expect(await storage.count()).toBe(3);
    verifyEveryCommit(gitdir);
  });

  it("refuses a home without the log key", async () => {
    const { tmp, gitdir } = await makeLog();
    cleanups.push(() => rm(tmp, { recursive: true, force: true }));
    await expect(openGitStorage(gitdir, { home: join(tmp, "other-home") })).rejects.toMatchObject({
      code: "GITLOG_KEY_NOT_FOUND",
    });
  });

  it("mirrors to a remote and reports push lag", async () => {
    const { tmp, home, gitdir } = await makeLog();
    cleanups.push(() => rm(tmp, { recursive: true, force: true }));
    const mirror = join(tmp, "mirror.git");
    git(mirror, "init", "--bare", "-q", mirror);
    const storage = await openGitStorage(gitdir, { home, push: mirror });
    await Promise.all(Array.from({ length: 5 }, (_, i) => storage.append(sampleRequest(i))));
    await storage.close(); // waits for the push in flight
    // the mirror catches up to some durable head; a final push may still be needed after close
    const head = git(gitdir, "rev-parse", "main").trim();
    const storage2 = await openGitStorage(gitdir, { home, push: mirror });
    for (let i = 0; i < 200; i++) {
      const h = (await storage2.health()) as unknown as {
        push: { pushed_head: string | null; lag_entries: number };
      };
      if (h.push.pushed_head === head) {
        expect(h.push.lag_entries).toBe(0);
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await storage2.close();
    expect(git(mirror, "rev-parse", "main").trim()).toBe(head);
  });
});
