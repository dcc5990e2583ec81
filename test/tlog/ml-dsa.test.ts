import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ml_dsa44 } from "@noble/post-quantum/ml-dsa.js";
import { createMLDSA44 } from "@oqs/liboqs-js/sig";
import { describe, expect, it } from "vitest";
import {
  checkCosignatures,
  cosignCheckpoint,
  cosignerFromSeed,
  formatCheckpoint,
  formatCosignerSkey,
  formatCosignerVkey,
  generateCosigner,
  leafHash,
  openCheckpoint,
  parseCosignerSkey,
  parseCosignerVkey,
  parseSignatureLines,
  parseVerifierKey,
  parseWitnessPolicy,
  rootFromLeaves,
  subtreeCosignedMessage,
  verifyNote,
} from "../../src/tlog/index.js";
import { createCheckpointWitness, memoryCosignState, originHash } from "../../src/witness/cosign/index.js";

const vectors = JSON.parse(readFileSync(join(import.meta.dirname, "../vectors/ml-dsa-44.json"), "utf8")) as {
  cctv_accumulated: { iterations: number; sha: string };
  torchwood_mldsa_checkpoint: { vkey: string; checkpoint: string; signature_line: string };
};
const hex = (text: string) => Buffer.from(text, "hex");
const seed = (n: number) => new Uint8Array(32).fill(n);
const TEXT = formatCheckpoint({
  origin: "example.com/log",
  size: 5,
  rootHash: rootFromLeaves([0, 1, 2, 3, 4].map((i) => leafHash(Buffer.from(`e${i}`)))),
});

describe("ML-DSA-44 (FIPS 204) known answers", () => {
  it("C2SP CCTV accumulated test: 100 key generations and deterministic signatures", () => {
    const { iterations, sha } = vectors.cctv_accumulated;
    // One SHAKE128("") stream read 32 bytes at a time is its first 32·N output bytes.
    const seeds = createHash("shake128", { outputLength: 32 * iterations }).digest();
    const acc = createHash("shake128", { outputLength: 32 });
    for (let i = 0; i < iterations; i++) {
      const { publicKey, secretKey } = ml_dsa44.keygen(seeds.subarray(32 * i, 32 * (i + 1)));
      acc.update(publicKey);
      const signature = ml_dsa44.sign(new Uint8Array(0), secretKey, { extraEntropy: false });
      acc.update(signature);
      expect(ml_dsa44.verify(signature, new Uint8Array(0), publicKey)).toBe(true);
    }
    expect(acc.digest("hex")).toBe(sha);
  });
});

describe("ML-DSA-44 cosignatures (c2sp.org/tlog-cosignature, type 0x06)", () => {
  const w = cosignerFromSeed("witness.example/pq", seed(5), "ml-dsa-44");

  it("verifies the signed checkpoint of torchwood's ML-DSA-44 test (Go, timestamp 0)", () => {
    const v = vectors.torchwood_mldsa_checkpoint;
    const key = parseCosignerVkey(v.vkey);
    expect(key).toMatchObject({ algorithm: "ml-dsa-44", keyId: "b5df45c5", name: "example.com/mldsa-log" });
    const [check] = checkCosignatures(v.checkpoint, parseSignatureLines(v.signature_line), [key]);
    expect(check).toMatchObject({ status: "valid", cosignature: { timestamp: 0 } });
    // The message commits to the size and root: another checkpoint does not verify.
    const other = v.checkpoint.replace("\n1\n", "\n2\n");
    expect(checkCosignatures(other, parseSignatureLines(v.signature_line), [key])[0]!.status).toBe("invalid");
  });

  it("the cosigned_message layout is the spec's, byte for byte", () => {
    const message = subtreeCosignedMessage({
      cosignerName: "w",
      timestamp: 0x0102,
      origin: "o.example",
      start: 0,
      end: 5,
      hash: new Uint8Array(32).fill(0xaa),
    });
    expect(Buffer.from(message).toString("hex")).toBe(
      Buffer.concat([
        Buffer.from("subtree/v1\n\0", "latin1"),
        Buffer.from([1]),
        Buffer.from("w"),
        hex("0000000000000102"),
        Buffer.from([9]),
        Buffer.from("o.example"),
        hex("0000000000000000"),
        hex("0000000000000005"),
        Buffer.alloc(32, 0xaa),
      ]).toString("hex"),
    );
    // A subtree that does not start at 0 carries timestamp 0; 64-bit values beyond 2^63 - 1 are refused.
    const base = { cosignerName: "w", origin: "o", hash: new Uint8Array(32) };
    expect(() => subtreeCosignedMessage({ ...base, timestamp: 1, start: 4, end: 8 })).toThrow(
      expect.objectContaining({ code: "TLOG_COSIGNATURE_MALFORMED" }),
    );
    expect(() => subtreeCosignedMessage({ ...base, timestamp: 1n << 63n, start: 0, end: 8 })).toThrow(
      expect.objectContaining({ code: "TLOG_COSIGNATURE_MALFORMED" }),
    );
    expect(subtreeCosignedMessage({ ...base, timestamp: (1n << 63n) - 1n, start: 0, end: 8 }).length).toBe(
      12 + 2 + 8 + 2 + 16 + 32,
    );
  });

  it("a line we sign verifies with liboqs (a second implementation), and one liboqs signs verifies here", async () => {
    const oqs = await createMLDSA44();
    try {
      const line = cosignCheckpoint(TEXT, w, 1_700_000_000);
      const [sig] = parseSignatureLines(line);
      expect(sig!.signature.length).toBe(8 + 2420);
      const message = subtreeCosignedMessage({
        cosignerName: w.name,
        timestamp: 1_700_000_000,
        origin: "example.com/log",
        start: 0,
        end: 5,
        hash: rootFromLeaves([0, 1, 2, 3, 4].map((i) => leafHash(Buffer.from(`e${i}`)))),
      });
      expect(
        oqs.verify(new Uint8Array(message), new Uint8Array(sig!.signature.subarray(8)), w.publicKey),
      ).toBe(true);

      const { publicKey, secretKey } = oqs.generateKeyPair();
      const theirs = parseCosignerVkey(
        formatCosignerVkey({ name: "oqs.example/w", publicKey, algorithm: "ml-dsa-44" }),
      );
      const stamp = Buffer.alloc(8);
      stamp.writeBigUInt64BE(42n);
      const theirMessage = subtreeCosignedMessage({
        ...{ cosignerName: "oqs.example/w", origin: "example.com/log" },
        timestamp: 42,
        start: 0,
        end: 5,
        hash: message.subarray(-32),
      });
      const signature = oqs.sign(new Uint8Array(theirMessage), secretKey);
      const theirLine = `\u2014 oqs.example/w ${Buffer.concat([Buffer.from(theirs.keyId, "hex"), stamp, signature]).toString("base64")}\n`;
      const [check] = checkCosignatures(TEXT, parseSignatureLines(theirLine), [theirs]);
      expect(check).toMatchObject({ status: "valid", cosignature: { timestamp: 42 } });
    } finally {
      oqs.destroy?.();
    }
  });

  it("verifies its own lines, ignores extension lines, and rejects any changed byte", () => {
    const line = cosignCheckpoint(TEXT, w, 7);
    expect(checkCosignatures(TEXT, parseSignatureLines(line), [w])[0]!.status).toBe("valid");
    // ML-DSA-44 signs origin, size and root only: an extension line changes nothing (the spec says so).
    expect(checkCosignatures(`${TEXT}ext line\n`, parseSignatureLines(line), [w])[0]!.status).toBe("valid");
    const [sig] = parseSignatureLines(line);
    for (const at of [0, 7, 8, 500, sig!.signature.length - 1]) {
      const bad = new Uint8Array(sig!.signature);
      bad[at]! ^= 1;
      const [check] = checkCosignatures(TEXT, [{ ...sig!, signature: bad }], [w]);
      expect(check!.status, `byte ${at}`).toBe("invalid");
    }
    const short = { ...sig!, signature: sig!.signature.subarray(0, 72) };
    expect(checkCosignatures(TEXT, [short], [w])[0]).toMatchObject({
      status: "invalid",
      reason: "malformed cosignature",
    });
    // The same key under another name is another cosigner (the message commits to the name).
    const renamed = cosignerFromSeed("witness.example/other", seed(5), "ml-dsa-44");
    const forged = parseSignatureLines(
      line.replace("witness.example/pq", "witness.example/other").replace(/ \S+\n$/, (m) => {
        const raw = Buffer.from(m.trim(), "base64");
        Buffer.from(renamed.keyId, "hex").copy(raw);
        return ` ${raw.toString("base64")}\n`;
      }),
    );
    expect(checkCosignatures(TEXT, forged, [renamed])[0]!.status).toBe("invalid");
  });

  it("keys round-trip as vkey (type 0x06, 1,312 bytes) and PRIVATE+KEY (the 32-byte seed)", () => {
    const vkey = formatCosignerVkey(w);
    expect(Buffer.from(vkey.split("+")[2]!, "base64")[0]).toBe(0x06);
    expect(parseCosignerVkey(vkey)).toMatchObject({ algorithm: "ml-dsa-44", keyId: w.keyId, name: w.name });
    const skey = formatCosignerSkey(w.name, seed(5), "ml-dsa-44");
    const back = parseCosignerSkey(skey);
    expect(back.algorithm).toBe("ml-dsa-44");
    expect(formatCosignerVkey(back)).toBe(vkey);
    const { cosigner, seed: s } = generateCosigner("w.example/fresh", "ml-dsa-44");
    expect(parseCosignerSkey(formatCosignerSkey("w.example/fresh", s, "ml-dsa-44")).keyId).toBe(
      cosigner.keyId,
    );
    // A key ID that does not match, or a truncated key, is refused with a code.
    const wrongId = vkey.replace(`+${w.keyId}+`, "+00000000+");
    expect(() => parseCosignerVkey(wrongId)).toThrow(
      expect.objectContaining({ code: "TLOG_COSIGNER_KEY_INVALID" }),
    );
    expect(() => parseCosignerVkey(vkey.slice(0, -8))).toThrow(
      expect.objectContaining({ code: "TLOG_COSIGNER_KEY_INVALID" }),
    );
  });
});

describe("ML-DSA-44 log keys (tlog-checkpoint's recommendation: a type 0x06 log signature)", () => {
  const v = vectors.torchwood_mldsa_checkpoint;
  const note = `${v.checkpoint}\n${v.signature_line}`;

  it("verifies torchwood's ML-DSA-44 signed checkpoint as a note, with the vkey as a log key", () => {
    const key = parseVerifierKey(v.vkey);
    expect(key).toMatchObject({ algorithm: "ml-dsa-44", keyId: "b5df45c5" });
    expect(verifyNote(note, key).text).toBe(v.checkpoint);
    expect(openCheckpoint(note, v.vkey).checkpoint).toMatchObject({
      origin: "example.com/mldsa-log",
      size: 1,
    });
    // Another size under the same signature: the signature check fails, the note is refused.
    expect(() => verifyNote(note.replace("\n1\n", "\n2\n"), key)).toThrow(
      expect.objectContaining({ code: "TLOG_NOTE_SIGNATURE_INVALID" }),
    );
    // A policy may list it as a log.
    expect(parseWitnessPolicy(`log ${v.vkey}\nquorum none\n`).logs[0]!.key.algorithm).toBe("ml-dsa-44");
  });

  it("a trailseal witness cosigns torchwood's add-checkpoint request (its litewitness test, byte for byte)", async () => {
    const witness = createCheckpointWitness({
      logs: parseWitnessPolicy(`log ${v.vkey}\nquorum none\n`).logs,
      cosigner: cosignerFromSeed("example.com/witness", seed(6), "ml-dsa-44"),
      store: memoryCosignState(),
      now: () => 1_800_000_000,
    });
    const lines = await witness.addCheckpoint(Buffer.from(`old 0\n\n${note}`));
    expect(lines).toMatch(/^\u2014 example\.com\/witness /);
    const monitored = await witness.monitoringCheckpoint(originHash("example.com/mldsa-log"));
    expect(monitored).toBe(`${v.checkpoint}\n${v.signature_line}${lines}`);
  });
});
