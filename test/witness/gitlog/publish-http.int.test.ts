import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditGitDir, auditLog, createGitWitness, initLog } from "../../../src/witness/gitlog/index.js";
import { type GitHttpServer, startGitHttpServer } from "../../helpers/git-http-server.js";
import { sampleRequest } from "../server/storage-contract.js";
import { verifyEveryCommit } from "./git-check.js";

let tmp: string;
let home: string;
let gitdir: string;
let server: GitHttpServer;
const TOKEN = "s3cret-token";
const signal = () => new AbortController().signal;

beforeEach(async () => {
  tmp = await mkdtemp(join(tmpdir(), "ts-gitlog-http-"));
  home = join(tmp, "home");
  gitdir = (await initLog(join(tmp, "srv", "log.git"), { home, bare: true, origin: "test.example/http" }))
    .gitdir;
  server = await startGitHttpServer(join(tmp, "srv"), { token: TOKEN });
});
afterEach(async () => {
  await server.close();
  await rm(tmp, { recursive: true, force: true });
});

describe("direct publishing over smart HTTP (isomorphic-git)", () => {
  it("concurrent publishers with a token all land; verify and audit over HTTP", async () => {
    const url = `${server.url}/log.git`;
    const publishers = Array.from({ length: 4 }, (_, i) =>
      createGitWitness({ url, name: `p${i}`, home, authToken: TOKEN }),
    );
    const receipts = await Promise.all(
      publishers.map((w, i) => w.publish(sampleRequest(i), { signal: signal() })),
    );
    expect(receipts.map((r) => Number(r.anchor_id.split("_")[1])).sort()).toEqual([0, 1, 2, 3]);
    expect(verifyEveryCommit(gitdir)).toBe(5);
    expect((await auditGitDir(gitdir)).ok).toBe(true);
    const stored = await publishers[1]!.fetchAnchor(receipts[0]!.anchor_id, { signal: signal() });
    expect(stored).toMatchObject({ ...sampleRequestFields(stored), anchor_id: receipts[0]!.anchor_id });
    expect(stored.checkpoint_size).toBe(4);
    expect((await auditLog(url)).ok).toBe(true); // full clone over HTTP: reads are public
  }, 120_000);

  it("rejects a wrong token with WITNESS_UNAUTHORIZED", async () => {
    const witness = createGitWitness({ url: `${server.url}/log.git`, name: "w", home, authToken: "nope" });
    await expect(witness.publish(sampleRequest(1), { signal: signal() })).rejects.toMatchObject({
      code: "WITNESS_UNAUTHORIZED",
    });
  });
});

function sampleRequestFields(anchor: Record<string, unknown>) {
  const { protocol, tip_hash, chained_events, seal_signature, key_id, requested_at } = anchor;
  return { protocol, tip_hash, chained_events, seal_signature, key_id, requested_at };
}
