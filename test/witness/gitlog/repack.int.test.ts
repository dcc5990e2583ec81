import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditGitDir, initLog, openGitStorage, publishToGitLog } from "../../../src/witness/gitlog/index.js";
import { sampleRequest } from "../server/storage-contract.js";
import { fsck, git } from "./git-check.js";

const execFileAsync = promisify(execFile);
let tmp: string;
let home: string;
let gitdir: string;
beforeEach(async () => {
  tmp = await mkdtemp(join(tmpdir(), "ts-gitlog-repack-"));
  home = join(tmp, "home");
  gitdir = (await initLog(join(tmp, "log.git"), { home, bare: true, origin: "test.example/repack" })).gitdir;
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

function objects(dir: string): { loose: number; packs: number } {
  const lines = Object.fromEntries(
    git(dir, "count-objects", "-v")
      .trim()
      .split("\n")
      .map((line) => line.split(": ") as [string, string]),
  );
  return { loose: Number(lines.count), packs: Number(lines.packs) };
}

describe("the git log repacks on a cadence", () => {
  it("keeps loose objects bounded while readers, a direct publisher and the branch CAS carry on", async () => {
    const storage = await openGitStorage(gitdir, { home, repackEvery: 5 });
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      // one commit per append (sequential), reads of earlier anchors in between
      const { anchor } = await storage.append(sampleRequest(i));
      ids.push(anchor.anchor_id);
      const earlier = ids[Math.floor(i / 2)]!;
      const [got, evidence] = await Promise.all([
        storage.get(earlier),
        storage.get(earlier).then((a) => storage.inclusionEvidence!(a!)),
      ]);
      expect(got?.anchor_id).toBe(earlier);
      expect(evidence?.tree_size).toBe(i + 1 + (i > 20 ? 1 : 0));
      if (i === 20) {
        // a direct publisher pushes into the served log: the next server commit must go on top
        await publishToGitLog({ url: gitdir, name: "direct", home }, sampleRequest(1000));
      }
    }
    // a clone while the server still writes, over git's transport as a reader clones (a local
    // path clone copies objects/ file by file, which no git guarantees against a concurrent
    // repack: it failed when a loose object was packed and removed between listing and copying)
    const cloning = execFileAsync("git", [
      "clone",
      "-q",
      "--bare",
      "--no-local",
      gitdir,
      join(tmp, "clone.git"),
    ]);
    await Promise.all([cloning, storage.append(sampleRequest(2000)), storage.append(sampleRequest(2001))]);
    const health = (await storage.health()) as unknown as {
      repacks: { runs: number; last_error: string | null };
    };
    await storage.close();

    expect(health.repacks.runs).toBeGreaterThanOrEqual(2);
    expect(health.repacks.last_error).toBeNull();
    const { loose, packs } = objects(gitdir);
    // 43 commits of ~12 objects each would leave ~500 loose objects without repacking.
    expect(loose).toBeLessThan(120);
    expect(packs).toBeGreaterThanOrEqual(1);
    expect(packs).toBeLessThan(10);
    fsck(gitdir);
    const audit = await auditGitDir(gitdir);
    expect(audit).toMatchObject({ ok: true, entries: 43 });
    // every anchor is still readable after a reopen (from packs)
    const again = await openGitStorage(gitdir, { home });
    for (const id of ids) expect((await again.get(id))?.anchor_id).toBe(id);
    await again.close();
  }, 120_000);

  it("packs beside the writer: under sustained one-at-a-time appends loose objects stay bounded", async () => {
    // Without packing, 60 one-entry commits leave ~700 loose objects. Packing every 2 commits
    // runs beside the writer; it may fall at most 3 cadences behind before the writer waits, so
    // loose objects never exceed about 5 cadences' worth (10 commits, ~140 objects) at any time.
    const storage = await openGitStorage(gitdir, { home, repackEvery: 2 });
    let most = 0;
    for (let i = 0; i < 60; i++) {
      await storage.append(sampleRequest(i));
      most = Math.max(most, objects(gitdir).loose);
    }
    const health = (await storage.health()) as unknown as {
      repacks: { runs: number; waits: number; last_error: string | null };
    };
    await storage.close();
    expect(health.repacks.last_error).toBeNull();
    expect(health.repacks.runs).toBeGreaterThanOrEqual(3);
    expect(most).toBeLessThan(150);
    fsck(gitdir);
    expect(await auditGitDir(gitdir)).toMatchObject({ ok: true, entries: 60 });
  }, 120_000);
});
