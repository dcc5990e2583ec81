import { readFileSync } from "node:fs";
import { appendFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GENESIS_HASH } from "../../src/chain/index.js";
import {
  appendReceipts,
  appendSeal,
  chainViewOf,
  checkSealAgainstChain,
  createSeal,
  findSeal,
  isSealSignatureValid,
  readSeals,
  sealPayload,
  signSealPayload,
} from "../../src/seal/index.js";
import { tempDir } from "../helpers/cli.js";

interface Vector {
  key_hex: string;
  chain_tip: string;
  event_count: number;
  timestamp: string;
  payload: string;
  signature: string;
}
const vectors = JSON.parse(readFileSync(join(import.meta.dirname, "hmac-vectors.json"), "utf8"))
  .vectors as Vector[];

describe("seal payload and HMAC (DESIGN §5, fixed vectors from openssl)", () => {
  it.each(vectors)("matches the independent vector for event_count $event_count", (vector) => {
    const key = Buffer.from(vector.key_hex, "hex");
    expect(sealPayload(vector.chain_tip, vector.event_count, vector.timestamp)).toBe(vector.payload);
    expect(signSealPayload(key, vector.payload)).toBe(vector.signature);
    const seal = createSeal({ keyId: "k1", key }, vector.chain_tip, vector.event_count, vector.timestamp);
    expect(seal.signature).toBe(vector.signature);
    expect(isSealSignatureValid(seal, key)).toBe(true);
  });

  it("rejects a signature under another key or over altered fields", () => {
    const vector = vectors[1]!;
    const key = Buffer.from(vector.key_hex, "hex");
    const seal = createSeal({ keyId: "k1", key }, vector.chain_tip, vector.event_count, vector.timestamp);
    expect(isSealSignatureValid(seal, Buffer.alloc(32, 7))).toBe(false);
    expect(isSealSignatureValid({ ...seal, event_count: 41 }, key)).toBe(false);
    expect(isSealSignatureValid({ ...seal, timestamp: "2026-03-15T12:34:56.788Z" }, key)).toBe(false);
    expect(isSealSignatureValid({ ...seal, signature: "hmac-sha256:zz" }, key)).toBe(false);
  });

  it("refuses to build a payload from malformed fields", () => {
    expect(() => sealPayload("sha256:ABC", 1, "2026-01-01T00:00:00.000Z")).toThrow(TypeError);
    expect(() => sealPayload(GENESIS_HASH, -1, "2026-01-01T00:00:00.000Z")).toThrow(TypeError);
    expect(() => sealPayload(GENESIS_HASH, 1, "2026-02-30T00:00:00.000Z")).toThrow(TypeError);
  });
});

describe("checkSealAgainstChain", () => {
  const key = Buffer.alloc(32, 1);
  const hashes = ["a", "b", "c"].map((c) => `sha256:${c.repeat(64)}`);
  const seal = createSeal({ keyId: "k", key }, hashes[1]!, 2, "2026-01-01T00:00:00.000Z");

  it("accepts a seal whose tip is the hash at event_count - 1", () => {
    expect(checkSealAgainstChain(seal, chainViewOf(hashes), key)).toEqual({ ok: true });
    expect(
      checkSealAgainstChain(
        createSeal({ keyId: "k", key }, GENESIS_HASH, 0, seal.timestamp),
        chainViewOf([]),
        key,
      ),
    ).toEqual({ ok: true });
  });

  it("names truncation, rewriting and a bad signature", () => {
    expect(checkSealAgainstChain(seal, chainViewOf(hashes.slice(0, 1)), key)).toMatchObject({
      ok: false,
      code: "SEAL_TRAIL_TRUNCATED",
    });
    const rewritten = [hashes[0]!, `sha256:${"d".repeat(64)}`, hashes[2]!];
    expect(checkSealAgainstChain(seal, chainViewOf(rewritten), key)).toMatchObject({
      ok: false,
      code: "SEAL_TIP_MISMATCH",
    });
    expect(checkSealAgainstChain(seal, chainViewOf(hashes), Buffer.alloc(32, 2))).toMatchObject({
      ok: false,
      code: "SEAL_SIGNATURE_INVALID",
    });
  });
});

describe("seal store", () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
  });
  afterEach(() => cleanup());
  const key = { keyId: "k", key: Buffer.alloc(32, 3) };
  const seal = (n: number) =>
    createSeal(key, GENESIS_HASH.replace(/0$/, String(n % 10)), n, "2026-01-01T00:00:00.000Z");

  it("appends seals with sequential ids and keeps receipts with their seal", async () => {
    const first = await appendSeal(dir, seal(1));
    const second = await appendSeal(dir, seal(2));
    expect([first.id, second.id]).toEqual(["seal-1", "seal-2"]);
    await appendReceipts(dir, [
      {
        seal_id: "seal-1",
        witness: { name: "w", url: "http://127.0.0.1:1/api/v1/anchor" },
        receipt: { anchor_id: "wit_a", witnessed_at: "2026-01-01T00:00:01.000Z", extra: 1 },
        recorded_at: "2026-01-01T00:00:02.000Z",
      },
    ]);
    const seals = await readSeals(dir);
    expect(seals.map((s) => s.receipts.length)).toEqual([1, 0]);
    expect(seals[0]!.receipts[0]!.receipt.extra).toBe(1);
    expect(findSeal(seals).id).toBe("seal-2");
    expect(findSeal(seals, "1").id).toBe("seal-1");
    expect(() => findSeal(seals, "seal-9")).toThrow(
      expect.objectContaining({
        code: "SEAL_NOT_FOUND",
        hint: "the seals are seal-1..seal-2 (or `latest`, or its number)",
      }),
    );
    expect(() => findSeal([])).toThrow(
      expect.objectContaining({ code: "SEAL_NOT_FOUND", hint: "run `trailseal seal` first" }),
    );
  });

  it("cuts a torn last line before the next append instead of gluing to it", async () => {
    await appendSeal(dir, seal(1));
    await appendFile(join(dir, "seals.jsonl"), '{"type":"seal","id":"seal-2","chain');
    expect((await readSeals(dir)).length).toBe(1);
    await appendSeal(dir, seal(3));
    const seals = await readSeals(dir);
    expect(seals.map((s) => s.id)).toEqual(["seal-1", "seal-2"]);
    expect((await readFile(join(dir, "seals.jsonl"), "utf8")).endsWith("}\n")).toBe(true);
  });

  it("reports a corrupt line in the middle with SEAL_STORE_CORRUPT", async () => {
    await appendSeal(dir, seal(1));
    const text = await readFile(join(dir, "seals.jsonl"), "utf8");
    for (const bad of ["garbage\n", "null\n", '{"type":"seal","id":"x","chain_tip":"nope"}\n']) {
      await writeFile(join(dir, "seals.jsonl"), bad + text);
      await expect(readSeals(dir)).rejects.toMatchObject({ code: "SEAL_STORE_CORRUPT" });
    }
  });
});
