import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { homePaths, initHome } from "../../../src/home/index.js";
import type { StoredSeal } from "../../../src/seal/index.js";
import { logPinName, readPin, verifyInclusionEvidence } from "../../../src/tlog/index.js";
import { createGitWitness } from "../../../src/witness/gitlog/index.js";
import { publishSeal, verifyReceipts } from "../../../src/witness/index.js";
import {
  EVIDENCE_FIELDS,
  logEntryOf,
  toAnchorLookupUrl,
  toHealthUrl,
} from "../../../src/witness/protocol/index.js";
import { homeWithSeal, reload, startRealWitness } from "../client/fixtures.js";
import { sampleRequest } from "../server/storage-contract.js";
import { commitAtSize, createBareLog, flipBase64, git, serveGitLog, startProxyWitness } from "./helpers.js";

const ORIGIN = "test.example/evidence";
const signal = () => new AbortController().signal;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "ts-evidence-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A home with one seal, published to `url` (quorum 1); returns the seal with its receipt. */
async function sealPublishedTo(url: string): Promise<{ home: string; stored: StoredSeal }> {
  const { home, stored, cleanup } = await homeWithSeal();
  cleanups.push(cleanup);
  const result = await publishSeal({
    home,
    stored,
    endpoints: [{ url, name: "log" }],
    quorum: 1,
    timeoutMs: 30_000,
  });
  expect(result.met).toBe(true);
  return { home, stored: await reload(home, stored.id) };
}

/** A git-backed witness server over a new log, with `before` filler anchors already in it. */
async function gitBackedWitness(before = 0) {
  const dir = await scratch();
  const serverHome = join(dir, "server-home");
  await initHome(serverHome);
  const gitdir = await createBareLog(dir, serverHome, ORIGIN);
  let witness = await serveGitLog(gitdir, serverHome);
  for (let i = 0; i < before; i++) await witness.storage.append(sampleRequest(i));
  cleanups.push(() => witness.close());
  return {
    gitdir,
    get witness() {
      return witness;
    },
    /** Restarts the server over the same log (after the test rewrote its branch). */
    async restart() {
      await witness.close();
      witness = await serveGitLog(gitdir, serverHome);
      return witness.server.url;
    },
  };
}

describe("inclusion evidence from a git-backed HTTP witness", () => {
  it("GET adds the evidence, health the verifier key; witness verify checks it and pins the log", async () => {
    const log = await gitBackedWitness(3);
    const { home, stored } = await sealPublishedTo(log.witness.server.url);
    const receipt = stored.receipts[0]!.receipt;

    const health = (await (await fetch(toHealthUrl(log.witness.server.url))).json()) as Record<
      string,
      unknown
    >;
    expect(health).toMatchObject({ backend: "git", origin: ORIGIN });
    expect(health.verifier_key).toMatch(new RegExp(`^${ORIGIN}\\+[0-9a-f]{8}\\+`));

    const anchorUrl = toAnchorLookupUrl(log.witness.server.url, receipt.anchor_id);
    const anchor = (await (await fetch(anchorUrl)).json()) as Record<string, unknown>;
    expect(anchor).toMatchObject({ log_index: 3, tree_size: 4 });
    expect(anchor.inclusion_proof).toHaveLength(2);
    expect(String(anchor.checkpoint).split("\n").slice(0, 2)).toEqual([ORIGIN, "4"]);
    // The leaf is exactly the line the log stores (one definition: protocol logEntryOf).
    const entries = git(log.gitdir, "show", "main:entries/000.jsonl").trim().split("\n");
    expect(logEntryOf(anchor)).toBe(entries[3]);
    const evidence = Object.fromEntries(EVIDENCE_FIELDS.map((f) => [f, anchor[f]]));
    expect(
      verifyInclusionEvidence(evidence, Buffer.from(entries[3]!), String(health.verifier_key)).logIndex,
    ).toBe(3);

    const first = await verifyReceipts({ home, stored, quorum: 1 });
    expect(first.results[0]).toMatchObject({
      status: "match",
      log: { origin: ORIGIN, tree_size: 4, log_index: 3, pin: "new" },
    });
    expect(first.met).toBe(true);
    const pin = await readPin(homePaths(home).pins, logPinName(ORIGIN));
    expect(pin?.checkpoint.size).toBe(4);

    // The log grows; the client asks for a consistency proof from its pin and the pin moves
    // (consistency.int.test.ts covers forks and servers that send no proof).
    await log.witness.storage.append(sampleRequest(99));
    const second = await verifyReceipts({ home, stored, quorum: 1 });
    expect(second.results[0]).toMatchObject({ status: "match", log: { tree_size: 5, pin: "extended" } });
  }, 120_000);

  it("a witness without evidence (file backend) is accepted exactly as before", async () => {
    const plain = await startRealWitness();
    cleanups.push(plain.close);
    const { home, stored } = await sealPublishedTo(plain.server.url);
    const result = await verifyReceipts({ home, stored, quorum: 1 });
    expect(result.results[0]!.status).toBe("match");
    expect(result.results[0]!.log).toBeUndefined();
  }, 60_000);

  it("a tampered inclusion proof or checkpoint signature is a mismatch with a TLOG code", async () => {
    const log = await gitBackedWitness(2);
    const proxy = await startProxyWitness(log.witness.server.url);
    cleanups.push(proxy.close);
    const { home, stored } = await sealPublishedTo(proxy.url);
    expect((await verifyReceipts({ home, stored, quorum: 1 })).results[0]!.status).toBe("match");

    proxy.setRewrite((anchor) => ({
      ...anchor,
      inclusion_proof: (anchor.inclusion_proof as string[]).map((h, i) => (i === 0 ? flipBase64(h) : h)),
    }));
    const badProof = await verifyReceipts({ home, stored, quorum: 1 });
    expect(badProof.consistent).toBe(false);
    expect(badProof.results[0]).toMatchObject({
      status: "mismatch",
      error: { code: "TLOG_INCLUSION_INVALID" },
    });

    proxy.setRewrite((anchor) => {
      const note = String(anchor.checkpoint);
      const lines = note.split("\n");
      const sig = lines.findIndex((line) => line.startsWith("\u2014 "));
      const [dash, name, b64] = lines[sig]!.split(" ");
      lines[sig] = `${dash} ${name} ${flipBase64(b64!, 10)}`;
      return { ...anchor, checkpoint: lines.join("\n") };
    });
    const badSignature = await verifyReceipts({ home, stored, quorum: 1 });
    expect(badSignature.results[0]).toMatchObject({
      status: "mismatch",
      error: { code: "TLOG_NOTE_SIGNATURE_INVALID" },
    });

    // Evidence that names a size its checkpoint does not have.
    proxy.setRewrite((anchor) => ({ ...anchor, tree_size: Number(anchor.tree_size) + 1 }));
    const badSize = await verifyReceipts({ home, stored, quorum: 1 });
    expect(badSize.results[0]).toMatchObject({
      status: "mismatch",
      error: { code: "TLOG_INCLUSION_INVALID" },
    });
  }, 120_000);

  it("a witness whose log went backwards is refused with TLOG_ROLLBACK", async () => {
    const log = await gitBackedWitness(0);
    const proxy = await startProxyWitness(log.witness.server.url);
    cleanups.push(proxy.close);
    const { home, stored } = await sealPublishedTo(proxy.url); // entry 0: size 1
    for (let i = 0; i < 4; i++) await log.witness.storage.append(sampleRequest(i)); // size 5
    // Start from a fresh pin at the bigger tree.
    const big = await verifyReceipts({ home, stored, quorum: 1 });
    expect(big.results[0]).toMatchObject({ status: "match", log: { tree_size: 5, pin: "new" } });

    // The operator rewinds the branch to the tree of size 2 (still holding the anchor) and restarts.
    await log.witness.close();
    git(log.gitdir, "update-ref", "refs/heads/main", commitAtSize(log.gitdir, 2));
    proxy.setUpstream(await log.restart());
    const rolledBack = await verifyReceipts({ home, stored, quorum: 1 });
    expect(rolledBack.consistent).toBe(false);
    expect(rolledBack.results[0]).toMatchObject({ status: "mismatch", error: { code: "TLOG_ROLLBACK" } });
    // The pin did not move backwards.
    expect((await readPin(homePaths(home).pins, logPinName(ORIGIN)))?.checkpoint.size).toBe(5);
  }, 120_000);
});

describe("git direct publishing: verify by cloning pins the same log", () => {
  it("pins, moves forward on proof from the clone's tiles, and refuses a rollback", async () => {
    const { home, stored, cleanup } = await homeWithSeal();
    cleanups.push(cleanup);
    const dir = await scratch();
    const remote = await createBareLog(dir, home, ORIGIN);
    const result = await publishSeal({
      home,
      stored,
      endpoints: [{ url: remote, name: "public-log" }],
      quorum: 1,
      timeoutMs: 60_000,
    });
    expect(result.met).toBe(true);
    const sealed = await reload(home, stored.id);

    const first = await verifyReceipts({ home, stored: sealed, quorum: 1, timeoutMs: 60_000 });
    expect(first.results[0]).toMatchObject({
      status: "match",
      log: { origin: ORIGIN, tree_size: 1, log_index: 0, pin: "new" },
    });

    const publisher = createGitWitness({ url: remote, name: "public-log", home });
    for (let i = 0; i < 3; i++) await publisher.publish(sampleRequest(i), { signal: signal() });
    const grown = await verifyReceipts({ home, stored: sealed, quorum: 1, timeoutMs: 60_000 });
    expect(grown.results[0]).toMatchObject({ status: "match", log: { tree_size: 4, pin: "extended" } });
    expect((await readPin(homePaths(home).pins, logPinName(ORIGIN)))?.checkpoint.size).toBe(4);

    git(remote, "update-ref", "refs/heads/main", commitAtSize(remote, 2));
    const rolledBack = await verifyReceipts({ home, stored: sealed, quorum: 1, timeoutMs: 60_000 });
    expect(rolledBack.results[0]).toMatchObject({ status: "mismatch", error: { code: "TLOG_ROLLBACK" } });
  }, 180_000);
});
