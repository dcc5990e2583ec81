import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { homePaths, initHome } from "../../../src/home/index.js";
import type { StoredSeal } from "../../../src/seal/index.js";
import { logPinName, openCheckpoint, readPin, verifyConsistency } from "../../../src/tlog/index.js";
import { publishSeal, verifyReceipts } from "../../../src/witness/index.js";
import {
  CONSISTENCY_FROM_PARAM,
  toAnchorLookupUrl,
  toAnchorUrl,
  toHealthUrl,
} from "../../../src/witness/protocol/index.js";
import { homeWithSeal, reload, startRealWitness } from "../client/fixtures.js";
import { sampleRequest } from "../server/storage-contract.js";
import { createBareLog, flipBase64, type GitWitness, serveGitLog, startProxyWitness } from "./helpers.js";

const ORIGIN = "test.example/consistency";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "ts-consistency-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A git-backed witness over a new log holding `before` filler anchors; closed after the test. */
async function gitBackedWitness(
  before = 0,
): Promise<{ dir: string; serverHome: string; witness: GitWitness }> {
  const dir = await scratch();
  const serverHome = join(dir, "server-home");
  await initHome(serverHome);
  const gitdir = await createBareLog(dir, serverHome, ORIGIN);
  const witness = await serveGitLog(gitdir, serverHome);
  for (let i = 0; i < before; i++) await witness.storage.append(sampleRequest(i));
  cleanups.push(() => witness.close());
  return { dir, serverHome, witness };
}

async function grow(witness: GitWitness, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await witness.storage.append(sampleRequest(1000 + i));
}

async function sealPublishedTo(url: string): Promise<{ home: string; stored: StoredSeal }> {
  const { home, stored, cleanup } = await homeWithSeal();
  cleanups.push(cleanup);
  const result = await publishSeal({ home, stored, endpoints: [{ url, name: "log" }], quorum: 1 });
  expect(result.met).toBe(true);
  return { home, stored: await reload(home, stored.id) };
}

/** The same seal with its receipt moved to another witness URL (a copy of the log holds the same entry). */
function receiptAt(stored: StoredSeal, url: string): StoredSeal {
  return {
    ...stored,
    receipts: stored.receipts.map((r) => ({ ...r, witness: { name: "copy", url: toAnchorUrl(url) } })),
  };
}

const pinnedSize = async (home: string) =>
  (await readPin(homePaths(home).pins, logPinName(ORIGIN)))?.checkpoint.size;

describe("consistency proofs from an HTTP git-backed witness", () => {
  it("GET ?consistency_from=N adds a proof from N to the evidence's tree, verifiable with tlog", async () => {
    const { witness } = await gitBackedWitness(5);
    const anchor = (await witness.storage.get(
      (
        await witness.storage.append(sampleRequest(7))
      ).anchor.anchor_id,
    ))!;
    const key = String(
      ((await (await fetch(toHealthUrl(witness.server.url))).json()) as Record<string, unknown>).verifier_key,
    );
    const url = toAnchorLookupUrl(witness.server.url, anchor.anchor_id);
    const plain = (await (await fetch(`${url}?other=1`)).json()) as Record<string, unknown>;
    expect(plain.tree_size).toBe(6);
    expect(plain.consistency_proof).toBeUndefined();
    const root = (note: unknown) => openCheckpoint(String(note), key).checkpoint.rootHash;

    for (const from of [1, 3, 5, 6]) {
      const response = await fetch(`${url}?${CONSISTENCY_FROM_PARAM}=${from}&x=y`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body.tree_size).toBe(6);
      expect(Array.isArray(body.consistency_proof)).toBe(true);
      if (from === 6) expect(body.consistency_proof).toEqual([]);
      expect(root(body.checkpoint)).toEqual(root(plain.checkpoint));
    }
    // Against a real earlier root: the tree of size 6 extends the one of size 5 the log had.
    const early = (await (await fetch(`${url}?${CONSISTENCY_FROM_PARAM}=6`)).json()) as Record<
      string,
      unknown
    >;
    await grow(witness, 3);
    const later = (await (await fetch(`${url}?${CONSISTENCY_FROM_PARAM}=6`)).json()) as Record<
      string,
      unknown
    >;
    expect(later.tree_size).toBe(9);
    const proof = (later.consistency_proof as string[]).map((h) => new Uint8Array(Buffer.from(h, "base64")));
    expect(() =>
      verifyConsistency(6, 9, root(early.checkpoint), root(later.checkpoint), proof),
    ).not.toThrow();
  }, 120_000);

  it("a hostile consistency_from is a coded 400, never 5xx; the file backend ignores it", async () => {
    const { witness } = await gitBackedWitness(2);
    const url = toAnchorLookupUrl(
      witness.server.url,
      (await witness.storage.append(sampleRequest(3))).anchor.anchor_id,
    );
    const hostile = [
      "0",
      "-1",
      "1e9",
      "abc",
      "",
      "01",
      "1.5",
      "+2",
      "0x2",
      "4", // larger than the tree (size 3)
      "1000000000",
      "9007199254740993",
      "9".repeat(4000),
      "%ZZ",
      "1%00",
      "%E2%80%8B1",
      "1&consistency_from=2",
    ];
    for (const value of hostile) {
      const response = await fetch(`${url}?${CONSISTENCY_FROM_PARAM}=${value}`);
      expect({ value, status: response.status }).toEqual({ value, status: 400 });
      const body = (await response.json()) as { error: { code: string; details: { parameter: string } } };
      expect(body.error).toMatchObject({
        code: "WITNESS_INVALID_REQUEST",
        details: { parameter: CONSISTENCY_FROM_PARAM },
      });
    }
    // A malformed query around it is ignored; an unknown anchor is still 404.
    expect((await fetch(`${url}?&&=&${CONSISTENCY_FROM_PARAM}=3&%ZZ`)).status).toBe(200);
    const unknown = toAnchorLookupUrl(witness.server.url, "wit_99_0123456789abcdef");
    expect((await fetch(`${unknown}?${CONSISTENCY_FROM_PARAM}=1`)).status).toBe(404);

    const plain = await startRealWitness();
    cleanups.push(plain.close);
    const receipt = (await (
      await fetch(toAnchorUrl(plain.server.url), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(sampleRequest(1)),
      })
    ).json()) as { anchor_id: string };
    const fileUrl = toAnchorLookupUrl(plain.server.url, receipt.anchor_id);
    for (const value of ["abc", "0", "5"]) {
      const response = await fetch(`${fileUrl}?${CONSISTENCY_FROM_PARAM}=${value}`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as Record<string, unknown>).consistency_proof).toBeUndefined();
    }
  }, 120_000);

  it("witness verify advances the pin on a consistency proof as the log grows", async () => {
    const { witness } = await gitBackedWitness(2);
    const { home, stored } = await sealPublishedTo(witness.server.url);
    const first = await verifyReceipts({ home, stored, quorum: 1 });
    expect(first.results[0]).toMatchObject({ status: "match", log: { tree_size: 3, pin: "new" } });
    expect(await pinnedSize(home)).toBe(3);

    await grow(witness, 4);
    const second = await verifyReceipts({ home, stored, quorum: 1 });
    expect(second.results[0]).toMatchObject({ status: "match", log: { tree_size: 7, pin: "extended" } });
    expect(await pinnedSize(home)).toBe(7);

    const same = await verifyReceipts({ home, stored, quorum: 1 });
    expect(same.results[0]).toMatchObject({ status: "match", log: { tree_size: 7, pin: "same" } });

    await grow(witness, 1);
    const third = await verifyReceipts({ home, stored, quorum: 1 });
    expect(third.results[0]).toMatchObject({ status: "match", log: { tree_size: 8, pin: "extended" } });
    expect(await pinnedSize(home)).toBe(8);
  }, 120_000);

  it("a forked copy of the log (same origin and key) is refused with TLOG_FORK_DETECTED", async () => {
    const { dir, serverHome, witness } = await gitBackedWitness(2);
    const { home, stored } = await sealPublishedTo(witness.server.url); // entry 2, size 3
    await witness.close();
    const copy = join(dir, "copy.git");
    await cp(witness.gitdir, copy, { recursive: true });
    const a = await serveGitLog(witness.gitdir, serverHome);
    cleanups.push(() => a.close());
    const b = await serveGitLog(copy, serverHome);
    cleanups.push(() => b.close());
    await grow(a, 2); // a: size 5
    await grow(b, 4); // b: size 7, entries 3.. differ from a's

    const atA = receiptAt(stored, a.server.url);
    const atB = receiptAt(stored, b.server.url);
    const first = await verifyReceipts({ home, stored: atA, quorum: 1 });
    expect(first.results[0]).toMatchObject({
      status: "match",
      log: { origin: ORIGIN, tree_size: 5, pin: "new" },
    });

    const forked = await verifyReceipts({ home, stored: atB, quorum: 1 });
    expect(forked.consistent).toBe(false);
    expect(forked.results[0]).toMatchObject({ status: "mismatch", error: { code: "TLOG_FORK_DETECTED" } });
    expect(await pinnedSize(home)).toBe(5);

    // The honest log still verifies and moves on.
    await grow(a, 1);
    const honest = await verifyReceipts({ home, stored: atA, quorum: 1 });
    expect(honest.results[0]).toMatchObject({ status: "match", log: { tree_size: 6, pin: "extended" } });
  }, 180_000);

  it("a tampered proof is a fork, a malformed one TLOG_CONSISTENCY_INVALID, a missing one leaves the pin unproven", async () => {
    const { witness } = await gitBackedWitness(2);
    const proxy = await startProxyWitness(witness.server.url);
    cleanups.push(proxy.close);
    const { home, stored } = await sealPublishedTo(proxy.url);
    expect((await verifyReceipts({ home, stored, quorum: 1 })).results[0]).toMatchObject({
      log: { pin: "new" },
    });
    await grow(witness, 3);

    // An older server that does not know the query: no proof, the pin stays, the anchor verifies.
    proxy.setRewrite(({ consistency_proof: _dropped, ...anchor }) => anchor);
    const older = await verifyReceipts({ home, stored, quorum: 1 });
    expect(older.results[0]).toMatchObject({ status: "match", log: { tree_size: 6, pin: "unproven" } });
    expect(await pinnedSize(home)).toBe(3);

    proxy.setRewrite((anchor) => ({
      ...anchor,
      consistency_proof: (anchor.consistency_proof as string[]).map((h, i) => (i === 0 ? flipBase64(h) : h)),
    }));
    const tampered = await verifyReceipts({ home, stored, quorum: 1 });
    expect(tampered.results[0]).toMatchObject({ status: "mismatch", error: { code: "TLOG_FORK_DETECTED" } });
    proxy.setRewrite((anchor) => ({ ...anchor, consistency_proof: [] }));
    const empty = await verifyReceipts({ home, stored, quorum: 1 });
    expect(empty.results[0]).toMatchObject({ status: "mismatch", error: { code: "TLOG_FORK_DETECTED" } });
    proxy.setRewrite((anchor) => ({ ...anchor, consistency_proof: ["not base64!"] }));
    const malformed = await verifyReceipts({ home, stored, quorum: 1 });
    expect(malformed.results[0]).toMatchObject({
      status: "mismatch",
      error: { code: "TLOG_CONSISTENCY_INVALID" },
    });
    expect(await pinnedSize(home)).toBe(3);

    proxy.setRewrite(null);
    const honest = await verifyReceipts({ home, stored, quorum: 1 });
    expect(honest.results[0]).toMatchObject({ status: "match", log: { tree_size: 6, pin: "extended" } });
  }, 120_000);
});
