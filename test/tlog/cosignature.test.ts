import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  appendCosignatures,
  checkCosignatures,
  cosignCheckpoint,
  cosignedMessage,
  parseSignatureLines,
  splitCosignedNote,
} from "../../src/tlog/cosignature.js";
import {
  cosignerFromSeed,
  cosignerKeyId,
  formatCosignerSkey,
  formatCosignerVkey,
  generateCosigner,
  parseCosignerSkey,
  parseCosignerVkey,
} from "../../src/tlog/cosigner-keys.js";
import { noteSignerFromSeed, signNote, verifierKey, verifyNote } from "../../src/tlog/index.js";
import { codeOf } from "./helpers.js";

const vectors = JSON.parse(
  readFileSync(new URL("../vectors/tlog-cosignature.json", import.meta.url), "utf8"),
) as {
  spec: {
    checkpoint_text: string;
    cosignature_line: string;
    cosignature_key_id: string;
    timestamp: number;
    signed_message: string;
  };
  formats: {
    native_vkey: string;
    ed25519_vkey: string;
    bad_vkeys: string[];
    timestamped_signature: string;
    timestamp: number;
  };
};

const CHECKPOINT = "example.com/log\n5\nqINS1GRFhWHwdkUeqLEoP4yEMkTBBzxBkGwGQlVlVcs=\n";
const seed = (n: number) => new Uint8Array(32).fill(n);

describe("C2SP tlog-cosignature golden vectors", () => {
  it("builds the spec's signed message", () => {
    const message = cosignedMessage(vectors.spec.timestamp, vectors.spec.checkpoint_text);
    expect(Buffer.from(message).toString("utf8")).toBe(vectors.spec.signed_message);
  });

  it("reads the spec example's key ID and timestamp from its cosignature line", () => {
    const [line] = parseSignatureLines(vectors.spec.cosignature_line);
    expect(line!.name).toBe("witness.example.com/w1");
    expect(line!.keyId).toBe(vectors.spec.cosignature_key_id);
    expect(Buffer.from(line!.signature.subarray(0, 8)).readBigUInt64BE()).toBe(
      BigInt(vectors.spec.timestamp),
    );
    expect(line!.signature.length).toBe(72);
  });

  it("reads transparency-dev's native 0x04 vkey and keeps it byte for byte", () => {
    const key = parseCosignerVkey(vectors.formats.native_vkey);
    expect(key.name).toBe("remora.n621.de");
    expect(key.keyId).toBe("da77ade7");
    expect(formatCosignerVkey(key)).toBe(vectors.formats.native_vkey);
  });

  it("accepts a type 0x01 note key as a cosigner key, with the 0x04 key ID", () => {
    const key = parseCosignerVkey(vectors.formats.ed25519_vkey);
    expect(key.keyId).toBe(cosignerKeyId(key.name, key.publicKey));
    expect(key.keyId).not.toBe("7997405c");
  });

  it("rejects transparency-dev's bad vkeys and a wrong key ID with coded errors", () => {
    for (const bad of vectors.formats.bad_vkeys)
      expect(codeOf(() => parseCosignerVkey(bad))).toBe("TLOG_COSIGNER_KEY_INVALID");
    const wrongId = vectors.formats.native_vkey.replace("da77ade7", "da77ade8");
    expect(codeOf(() => parseCosignerVkey(wrongId))).toBe("TLOG_COSIGNER_KEY_INVALID");
  });

  it("decodes transparency-dev's timestamped signature", () => {
    const raw = Buffer.from(vectors.formats.timestamped_signature, "base64");
    const line = `\u2014 w ${vectors.formats.timestamped_signature}\n`;
    const [sig] = parseSignatureLines(line);
    expect(sig!.keyId).toBe(raw.subarray(0, 4).toString("hex"));
    expect(Buffer.from(sig!.signature.subarray(0, 8)).readBigUInt64BE()).toBe(
      BigInt(vectors.formats.timestamp),
    );
  });
});

describe("cosignature/v1 sign and verify", () => {
  const witness = cosignerFromSeed("witness.example/w1", seed(7));

  it("a cosignature verifies, carries its timestamp, and is deterministic", () => {
    const line = cosignCheckpoint(CHECKPOINT, witness, 1_700_000_000);
    expect(cosignCheckpoint(CHECKPOINT, witness, 1_700_000_000)).toBe(line);
    const [check] = checkCosignatures(CHECKPOINT, parseSignatureLines(line), [witness]);
    expect(check!.status).toBe("valid");
    expect(check!.cosignature!.timestamp).toBe(1_700_000_000);
    expect(check!.cosignature!.line).toBe(line);
  });

  it("covers the timestamp, every checkpoint line and extension lines", () => {
    const withExtension = `${CHECKPOINT}ext line\n`;
    const line = cosignCheckpoint(withExtension, witness, 1_700_000_000);
    const sigs = parseSignatureLines(line);
    expect(checkCosignatures(CHECKPOINT, sigs, [witness])[0]!.status).toBe("invalid");
    expect(checkCosignatures(`${CHECKPOINT}ext linf\n`, sigs, [witness])[0]!.status).toBe("invalid");
    const raw = Buffer.from(line.split(" ")[2]!.trim(), "base64");
    raw[11] = raw[11]! ^ 1; // the timestamp's last byte
    const tampered = parseSignatureLines(`\u2014 ${witness.name} ${raw.toString("base64")}\n`);
    expect(checkCosignatures(withExtension, tampered, [witness])[0]!.status).toBe("invalid");
  });

  it("ignores lines by other keys (absent), and a note key (0x01) cannot verify as a cosignature", () => {
    const other = cosignerFromSeed("witness.example/w1", seed(8));
    const line = cosignCheckpoint(CHECKPOINT, other, 1);
    expect(checkCosignatures(CHECKPOINT, parseSignatureLines(line), [witness])[0]!.status).toBe("absent");
    const noteSigner = noteSignerFromSeed(witness.name, seed(7));
    const signed = signNote(CHECKPOINT, noteSigner);
    const { signatures } = splitCosignedNote(signed);
    expect(checkCosignatures(CHECKPOINT, signatures, [witness])[0]!.status).toBe("absent");
  });

  it("an empty line among signature lines is malformed (it would pair lines with the wrong signatures)", () => {
    const good = cosignCheckpoint(CHECKPOINT, witness, 1);
    const other = cosignCheckpoint(CHECKPOINT, cosignerFromSeed("x.example", seed(3)), 1);
    expect(codeOf(() => parseSignatureLines(`${other}\n${good}`))).toBe("TLOG_COSIGNATURE_MALFORMED");
    expect(codeOf(() => parseSignatureLines(`\n${good}`))).toBe("TLOG_COSIGNATURE_MALFORMED");
    const [check] = checkCosignatures(CHECKPOINT, parseSignatureLines(`${other}${good}`), [witness]);
    expect(check!.cosignature!.line).toBe(good);
  });

  it("rejects future timestamps only when asked", () => {
    const line = cosignCheckpoint(CHECKPOINT, witness, 2_000_000_000);
    const sigs = parseSignatureLines(line);
    const now = () => 1_700_000_000;
    expect(checkCosignatures(CHECKPOINT, sigs, [witness], { now })[0]!.status).toBe("valid");
    expect(checkCosignatures(CHECKPOINT, sigs, [witness], { now, maxFutureSeconds: 60 })[0]!.status).toBe(
      "invalid",
    );
  });

  it("a cosigned note still verifies with the log's own key (cosignatures are ignored by it)", () => {
    const log = noteSignerFromSeed("example.com/log", seed(1));
    const note = appendCosignatures(signNote(CHECKPOINT, log), [cosignCheckpoint(CHECKPOINT, witness, 5)]);
    expect(verifyNote(note, verifierKey(log.name, log.publicKey)).text).toBe(CHECKPOINT);
    expect(appendCosignatures(note, [cosignCheckpoint(CHECKPOINT, witness, 5)])).toBe(note);
  });

  it("signer keys round-trip; vkeys round-trip (property)", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.stringMatching(/^[a-z0-9./-]{1,30}$/),
        (s, name) => {
          const skey = formatCosignerSkey(name, s);
          const back = parseCosignerSkey(skey);
          expect(back.keyId).toBe(cosignerFromSeed(name, s).keyId);
          const vkey = formatCosignerVkey(back);
          expect(formatCosignerVkey(parseCosignerVkey(vkey))).toBe(vkey);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("never lets garbage escape uncoded (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (text) => {
        const code = codeOf(() => parseSignatureLines(`${text}\n`));
        expect(["no error", "TLOG_COSIGNATURE_MALFORMED"]).toContain(code);
        expect(["no error", "TLOG_COSIGNER_KEY_INVALID"]).toContain(codeOf(() => parseCosignerVkey(text)));
        expect(["no error", "TLOG_COSIGNER_KEY_INVALID"]).toContain(codeOf(() => parseCosignerSkey(text)));
      }),
      { numRuns: 300 },
    );
  });

  it("generates fresh cosigners", () => {
    const { cosigner, seed: s } = generateCosigner("w.example/a");
    expect(parseCosignerSkey(formatCosignerSkey("w.example/a", s)).keyId).toBe(cosigner.keyId);
  });
});
