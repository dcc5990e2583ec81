import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readBranchHead, writeBranchHead } from "../../../src/witness/gitlog/branch-head.js";
import { parseCommit } from "../../../src/witness/gitlog/commit.js";
import { createGitWitness, initLog } from "../../../src/witness/gitlog/index.js";
import { loadLogKey } from "../../../src/witness/gitlog/keys.js";
import { writeSignedCommit } from "../../../src/witness/gitlog/log.js";
import { ObjectStore } from "../../../src/witness/gitlog/objects.js";
import { WorkTree } from "../../../src/witness/gitlog/tree.js";
import { publishSeal, verifyReceipts } from "../../../src/witness/index.js";
import { homeWithSeal, reload } from "../client/fixtures.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A new head, signed by the log key, whose checkpoint's note signature is broken. */
async function breakCheckpointSignature(gitdir: string, home: string, publicKey: Uint8Array): Promise<void> {
  const store = new ObjectStore(gitdir);
  const head = (await readBranchHead(gitdir))!;
  const tree = await WorkTree.load(store, parseCommit(await store.readTyped(head, "commit")).tree);
  const note = (await tree.readFile("checkpoint"))!.toString("utf8");
  const lines = note.split("\n");
  const sig = lines.findIndex((line) => line.startsWith("\u2014 "));
  const parts = lines[sig]!.split(" ");
  const bytes = Buffer.from(parts[2]!, "base64");
  bytes[bytes.length - 1]! ^= 1;
  parts[2] = bytes.toString("base64");
  lines[sig] = parts.join(" ");
  await tree.setFile("checkpoint", Buffer.from(lines.join("\n")));
  const key = await loadLogKey(home, publicKey);
  const commit = await writeSignedCommit(store, await tree.write(), head, "tamper\n", new Date(), key);
  await store.flush();
  await writeBranchHead(gitdir, commit);
}

describe("witness verify names a bad checkpoint signature", () => {
  it("reports TLOG_NOTE_SIGNATURE_INVALID, not 'not proven in the checkpoint'", async () => {
    const { home, stored, cleanup } = await homeWithSeal();
    cleanups.push(cleanup);
    const log = await initLog(join(home, "log.git"), { home, bare: true, origin: "test.example/sig" });
    cleanups.push(() => rm(log.dir, { recursive: true, force: true }));
    const published = await publishSeal({
      home,
      stored,
      endpoints: [{ url: log.gitdir, name: "log" }],
      quorum: 1,
    });
    expect(published.met).toBe(true);
    const publicKey = Buffer.from(log.publicKey.split(" ")[1]!, "base64").subarray(-32);
    await breakCheckpointSignature(log.gitdir, home, publicKey);

    const witness = createGitWitness({ url: log.gitdir, name: "log", home });
    const anchorId = published.outcomes[0]!.receipt!.anchor_id;
    await expect(
      witness.fetchAnchor(anchorId, { signal: new AbortController().signal }),
    ).rejects.toMatchObject({
      code: "TLOG_NOTE_SIGNATURE_INVALID",
    });
    const result = await verifyReceipts({ home, stored: await reload(home, stored.id), quorum: 1 });
    expect(result.results[0]).toMatchObject({
      status: "mismatch",
      error: { code: "TLOG_NOTE_SIGNATURE_INVALID" },
    });
  });
});
