import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditGitDir, createGitWitness, initLog } from "../../../src/witness/gitlog/index.js";
import { sampleRequest } from "../server/storage-contract.js";
import { fsck, verifyEveryCommit } from "./git-check.js";

let tmp: string;
let home: string;
let remote: string;
beforeEach(async () => {
  tmp = await mkdtemp(join(tmpdir(), "ts-gitlog-pub-"));
  home = join(tmp, "home");
  remote = (await initLog(join(tmp, "remote.git"), { home, bare: true, origin: "test.example/pub" })).gitdir;
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});
const signal = () => new AbortController().signal;

describe("direct publishing to a git log (system git)", () => {
  it("publishes, is idempotent, and verifies by cloning", async () => {
    const witness = createGitWitness({ url: remote, name: "log", home });
    expect(witness.kind).toBe("git");
    const request = sampleRequest(3);
    const receipt = await witness.publish(request, { signal: signal() });
    expect(receipt.anchor_id).toMatch(/^wit_0_[0-9a-f]{16}$/);
    const again = await witness.publish({ ...request }, { signal: signal() });
    expect(again.anchor_id).toBe(receipt.anchor_id);
    const second = await witness.publish(sampleRequest(4), { signal: signal() });
    const stored = await witness.fetchAnchor(receipt.anchor_id, { signal: signal() });
    expect(stored).toMatchObject({
      ...request,
      anchor_id: receipt.anchor_id,
      witnessed_at: receipt.witnessed_at,
    });
    expect(stored).toMatchObject({ log_index: 0, commits_checked: 2, checkpoint_size: 2 });
    expect((await witness.fetchAnchor(second.anchor_id, { signal: signal() })).log_index).toBe(1);
    expect(verifyEveryCommit(remote)).toBe(3);
    fsck(remote);
    expect((await auditGitDir(remote)).ok).toBe(true);
  });

  it("reports an unknown anchor and a home without the log key with codes", async () => {
    const witness = createGitWitness({ url: `file://${remote}`, name: "log", home });
    await expect(witness.fetchAnchor("wit_5_0123456789abcdef", { signal: signal() })).rejects.toMatchObject({
      code: "WITNESS_ANCHOR_NOT_FOUND",
    });
    const stranger = createGitWitness({ url: remote, name: "log", home: join(tmp, "other") });
    await expect(stranger.publish(sampleRequest(1), { signal: signal() })).rejects.toMatchObject({
      code: "GITLOG_KEY_NOT_FOUND",
    });
  });

  it("concurrent publishers to one bare remote: all land, none lost, history verifies", async () => {
    const publishers = Array.from({ length: 6 }, (_, i) =>
      createGitWitness({ url: remote, name: `p${i}`, home }),
    );
    const receipts = await Promise.all(
      publishers.map((witness, i) => witness.publish(sampleRequest(100 + i), { signal: signal() })),
    );
    const indices = receipts.map((r) => Number(r.anchor_id.split("_")[1])).sort((a, b) => a - b);
    expect(indices).toEqual([0, 1, 2, 3, 4, 5]);
    expect(verifyEveryCommit(remote)).toBe(7);
    const report = await auditGitDir(remote);
    expect(report).toMatchObject({ ok: true, entries: 6, commits: 7 });
    for (const receipt of receipts) {
      expect((await publishers[0]!.fetchAnchor(receipt.anchor_id, { signal: signal() })).anchor_id).toBe(
        receipt.anchor_id,
      );
    }
  }, 120_000);
});
