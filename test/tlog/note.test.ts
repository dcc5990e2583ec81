import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  generateNoteSigner,
  keyId,
  noteSignerFromSeed,
  parseVerifierKey,
  signNote,
  verifierKey,
  verifyNote,
} from "../../src/tlog/index.js";
import { codeOf } from "./helpers.js";

const vectors = JSON.parse(readFileSync(new URL("../vectors/signed-note.json", import.meta.url), "utf8")) as {
  spec: { verifier_key: string; note: string; text: string };
  go: {
    signer_key: string;
    verifier_key: string;
    text: string;
    note: string;
    enoch_verifier_key: string;
    enoch_signature_line: string;
  };
};

/** PRIVATE+KEY+<name>+<id>+base64(0x01 ‖ seed), the Go sumdb/note signer key format. */
function goSigner(skey: string) {
  const parts = skey.split("+");
  const name = parts[2]!;
  const raw = Buffer.from(parts.slice(4).join("+"), "base64");
  expect(raw[0]).toBe(1);
  return noteSignerFromSeed(name, raw.subarray(1));
}

describe("C2SP signed-note golden vectors", () => {
  it("the spec's verifier key verifies the spec's example note", () => {
    const verified = verifyNote(vectors.spec.note, vectors.spec.verifier_key);
    expect(verified.text).toBe(vectors.spec.text);
    expect(verified.keyName).toBe("example.com/foo");
    expect(verified.keyId).toBe("530d903a");
  });

  it("the spec's key ID is SHA-256(name ‖ 0x0A ‖ 0x01 ‖ key)[:4] and the key string round-trips", () => {
    const key = parseVerifierKey(vectors.spec.verifier_key);
    expect(keyId(key.name, key.publicKey)).toBe("530d903a");
    expect(verifierKey(key.name, key.publicKey)).toBe(vectors.spec.verifier_key);
  });

  it("signing Go's example text with Go's test key reproduces Go's note byte for byte", () => {
    const signer = goSigner(vectors.go.signer_key);
    expect(verifierKey(signer.name, signer.publicKey)).toBe(vectors.go.verifier_key);
    expect(signNote(vectors.go.text, signer)).toBe(vectors.go.note);
    expect(verifyNote(vectors.go.note, vectors.go.verifier_key).text).toBe(vectors.go.text);
  });

  it("ignores signatures by other keys, and verifies each key's own signature in a multi-signed note", () => {
    const both = vectors.go.note + vectors.go.enoch_signature_line;
    expect(verifyNote(both, vectors.go.verifier_key).signatures).toHaveLength(2);
    expect(verifyNote(both, vectors.go.enoch_verifier_key).keyName).toBe("EnochRoot");
    expect(codeOf(() => verifyNote(vectors.go.note, vectors.go.enoch_verifier_key))).toBe(
      "TLOG_NOTE_UNVERIFIED",
    );
    expect(codeOf(() => verifyNote(vectors.spec.note, vectors.go.verifier_key))).toBe("TLOG_NOTE_UNVERIFIED");
  });

  it("rejects a changed text, a changed signature and malformed notes with codes", () => {
    const { note, verifier_key: key } = vectors.spec;
    expect(codeOf(() => verifyNote(note.replace("example", "exemple"), key))).toBe(
      "TLOG_NOTE_SIGNATURE_INVALID",
    );
    expect(codeOf(() => verifyNote(note.replace("Uw2QOkn8", "Uw2QOkn9"), key))).toBe(
      "TLOG_NOTE_SIGNATURE_INVALID",
    );
    for (const bad of [
      "no blank line\n— example.com/foo AAAA\n",
      "text\n\n-- example.com/foo Uw2QOkn8srV1\n",
      "text\n\n— example.com/foo not base64!\n",
      "text\n\n— example.com/foo AAAA",
      "text\n\n— example.com/foo AAAA\n",
      "te\u0001xt\n\n— example.com/foo Uw2QOkn8srV1yJGh2VYRlL1Tnagv1YEq6TfXppzi2ONncAlTgK7Ztg1ERYNZXsYjOBH3mFXmRKuwHjG1Yu72IneyaQM=\n",
    ])
      expect(
        codeOf(() => verifyNote(bad, key)),
        JSON.stringify(bad),
      ).toBe("TLOG_NOTE_MALFORMED");
    expect(codeOf(() => verifyNote(new Uint8Array([0xff, 0x0a, 0x0a]), key))).toBe("TLOG_NOTE_MALFORMED");
  });

  it("rejects malformed verifier keys", () => {
    const good = vectors.spec.verifier_key;
    for (const bad of [
      good.replace("530d903a", "530d903b"),
      good.replace("+AekyeRrm", "+AfkyeRrm"),
      good.replace("example.com/foo", "example com/foo"),
      `${good}+extra`,
      "name530d903a",
      "name+530d903a+AQ==",
    ])
      expect(
        codeOf(() => parseVerifierKey(bad)),
        bad,
      ).toBe("TLOG_KEY_INVALID");
  });
});

describe("signed-note properties", () => {
  const signer = generateNoteSigner("trailseal.test/log");
  const key = verifierKey(signer.name, signer.publicKey);
  const line = fc.string({ unit: fc.constantFrom("a", "b", " ", "é", "—", "+", "1", "\u{1F600}") });
  const text = fc.array(line, { minLength: 1, maxLength: 5 }).map((lines) => `${lines.join("\n")}\n`);

  it("sign then verify returns the text", () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(verifyNote(signNote(t, signer), key).text).toBe(t);
      }),
    );
  });

  it("any change to the signed text or the signature bytes is rejected with a code", () => {
    fc.assert(
      fc.property(text, fc.nat(), (t, pick) => {
        const note = signNote(t, signer);
        const sigStart = note.lastIndexOf(" ") + 1;
        const sig = Buffer.from(note.slice(sigStart, -1), "base64");
        sig[4 + (pick % 64)]! ^= 1 << (pick % 8);
        const badSig = `${note.slice(0, sigStart)}${sig.toString("base64")}\n`;
        expect(codeOf(() => verifyNote(badSig, key))).toBe("TLOG_NOTE_SIGNATURE_INVALID");
        const badText = `x${note}`;
        expect(codeOf(() => verifyNote(badText, key))).toBe("TLOG_NOTE_SIGNATURE_INVALID");
      }),
    );
  });

  it("a note by another key with the same name is not verified", () => {
    const other = generateNoteSigner(signer.name);
    expect(codeOf(() => verifyNote(signNote("hello\n", other), key))).toBe("TLOG_NOTE_UNVERIFIED");
  });
});
