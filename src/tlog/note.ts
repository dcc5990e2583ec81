/**
 * C2SP signed-note (c2sp.org/signed-note) with Ed25519 keys (signature type 0x01): signing,
 * verifying, key IDs and verifier key strings `<name>+<hex key ID>+<base64(0x01 ‖ key)>`.
 * Everything in a note is attacker-controlled until a signature by a known key verifies; the
 * parser is strict and never lets a decoding error escape uncoded.
 */
import { createHash, generateKeyPairSync, type KeyObject, sign, verify } from "node:crypto";
import { ed25519PrivateKeyFromSeed, ed25519PublicKey, ed25519RawPublicKey } from "../ed25519/index.js";
import { tlogError } from "./errors.js";
import {
  ML_DSA_44_PUBLIC_KEY_BYTES,
  ML_DSA_44_SIGNATURE_BYTES,
  ML_DSA_44_TYPE,
  mlDsa44Verify,
  subtreeCosignedMessage,
} from "./ml-dsa.js";

const ED25519_TYPE = 0x01;
const SIGNATURE_PREFIX = "\u2014 ";
/** A cap on note size and on signature lines, as Go's sumdb/note does (it allows 100 signatures). */
export const MAX_NOTE_BYTES = 1 << 20;
const MAX_SIGNATURES = 100;

export interface NoteSigner {
  name: string;
  privateKey: KeyObject;
  /** The raw 32-byte Ed25519 public key. */
  publicKey: Uint8Array;
}

export interface VerifierKey {
  name: string;
  /** 8 lowercase hex digits. */
  keyId: string;
  publicKey: Uint8Array;
  /** Ed25519 keys (type 0x01). */
  keyObject?: KeyObject;
  /**
   * "ml-dsa-44" for a type 0x06 log key (tlog-checkpoint recommends it): the log signs its
   * checkpoint with a tlog-cosignature ML-DSA-44 signature under its own name. Absent: Ed25519.
   */
  algorithm?: "ml-dsa-44";
}

export interface NoteSignature {
  name: string;
  keyId: string;
  signature: Uint8Array;
}

export interface VerifiedNote {
  /** The signed text, ending in a newline. Trust it only because this object exists. */
  text: string;
  /** The name and key ID of the key that verified. */
  keyName: string;
  keyId: string;
  /** Every signature line of the note, verified or not. */
  signatures: NoteSignature[];
}

/** True when the string has no lone surrogates, i.e. it round-trips through UTF-8. */
function isWellFormed(text: string): boolean {
  return Buffer.from(text, "utf8").toString("utf8") === text;
}

/** Key names: non-empty, no Unicode spaces, no "+", no control characters. */
export function isValidKeyName(name: string): boolean {
  return name.length > 0 && !/[\s+\u0000-\u001f\u007f]/u.test(name) && isWellFormed(name);
}

function assertKeyName(name: string): void {
  if (!isValidKeyName(name)) throw tlogError("TLOG_KEY_INVALID", `"${name}" is not a valid note key name`);
}

function keyIdBytes(name: string, publicKey: Uint8Array, type = ED25519_TYPE): Uint8Array {
  return createHash("sha256")
    .update(Buffer.from(name, "utf8"))
    .update(Uint8Array.of(0x0a, type))
    .update(publicKey)
    .digest()
    .subarray(0, 4);
}

/** The key ID, SHA-256(name ‖ 0x0A ‖ 0x01 ‖ public key)[:4], as 8 lowercase hex digits. */
export function keyId(name: string, publicKey: Uint8Array): string {
  return Buffer.from(keyIdBytes(name, publicKey)).toString("hex");
}

/** `<name>+<hex key ID>+<base64(0x01 ‖ public key)>`: what a log publishes so others can verify it. */
export function verifierKey(name: string, publicKey: Uint8Array): string {
  assertKeyName(name);
  if (publicKey.length !== 32) throw tlogError("TLOG_KEY_INVALID", "an Ed25519 public key is 32 bytes");
  const encoded = Buffer.concat([Uint8Array.of(ED25519_TYPE), publicKey]).toString("base64");
  return `${name}+${keyId(name, publicKey)}+${encoded}`;
}

/** Strict standard base64 (RFC 4648 §4): the decoding must re-encode to the same text. */
export function decodeBase64Strict(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  const bytes = Buffer.from(text, "base64");
  return bytes.toString("base64") === text ? new Uint8Array(bytes) : null;
}

export function parseVerifierKey(text: string): VerifierKey {
  const bad = (why: string) =>
    tlogError("TLOG_KEY_INVALID", `not a verifier key (${why})`, {
      hint: "a verifier key looks like <name>+<8 hex digits>+<base64 of 0x01 and the 32-byte key>",
    });
  // The base64 key may itself contain "+": only the first two are separators (as in Go's note).
  const first = text.indexOf("+");
  const second = text.indexOf("+", first + 1);
  if (first < 0 || second < 0) throw bad("expected <name>+<id>+<key>");
  const [name, id, encoded] = [text.slice(0, first), text.slice(first + 1, second), text.slice(second + 1)];
  if (!isValidKeyName(name)) throw bad("invalid name");
  if (!/^[0-9a-f]{8}$/.test(id)) throw bad("key ID is not 8 lowercase hex digits");
  const raw = decodeBase64Strict(encoded);
  if (raw?.[0] === ML_DSA_44_TYPE) {
    if (raw.length !== 1 + ML_DSA_44_PUBLIC_KEY_BYTES) throw bad("an ML-DSA-44 key is 1312 bytes");
    if (Buffer.byteLength(name, "utf8") > 255) throw bad("an ML-DSA-44 key name is at most 255 bytes");
    const publicKey = raw.subarray(1);
    if (Buffer.from(keyIdBytes(name, publicKey, ML_DSA_44_TYPE)).toString("hex") !== id)
      throw bad("key ID does not match the key");
    return { name, keyId: id, publicKey, algorithm: "ml-dsa-44" };
  }
  if (raw?.length !== 33) throw bad("key is not base64 of 33 bytes");
  if (raw[0] !== ED25519_TYPE) throw bad(`unsupported signature type 0x${raw[0]!.toString(16)}`);
  const publicKey = raw.subarray(1);
  if (keyId(name, publicKey) !== id) throw bad("key ID does not match the key");
  let keyObject: KeyObject;
  try {
    keyObject = ed25519PublicKey(publicKey);
  } catch (cause) {
    throw tlogError("TLOG_KEY_INVALID", "not an Ed25519 public key", { cause });
  }
  return { name, keyId: id, publicKey, keyObject };
}

/** A signer from an Ed25519 private key object. */
export function noteSignerFromKey(name: string, privateKey: KeyObject): NoteSigner {
  assertKeyName(name);
  if (privateKey.asymmetricKeyType !== "ed25519")
    throw tlogError("TLOG_KEY_INVALID", "the log key must be Ed25519");
  return { name, privateKey, publicKey: ed25519RawPublicKey(privateKey) };
}

/** A signer from a 32-byte Ed25519 seed (RFC 8032 private key). */
export function noteSignerFromSeed(name: string, seed: Uint8Array): NoteSigner {
  if (seed.length !== 32) throw tlogError("TLOG_KEY_INVALID", "an Ed25519 seed is 32 bytes");
  return noteSignerFromKey(name, ed25519PrivateKeyFromSeed(seed));
}

export function generateNoteSigner(name: string): NoteSigner {
  return noteSignerFromKey(name, generateKeyPairSync("ed25519").privateKey);
}

function assertNoteText(text: string, code: "TLOG_NOTE_MALFORMED"): void {
  if (!isWellFormed(text)) throw tlogError(code, "note is not valid UTF-8");
  if (/[\u0000-\u0009\u000b-\u001f]/.test(text)) throw tlogError(code, "note contains a control character");
}

/** Signs `text` (which must end in a newline) and returns the whole note: text, blank line, signature line. */
export function signNote(text: string, signer: NoteSigner): string {
  assertKeyName(signer.name);
  if (!text.endsWith("\n")) throw tlogError("TLOG_NOTE_MALFORMED", "note text must end in a newline");
  assertNoteText(text, "TLOG_NOTE_MALFORMED");
  const signature = sign(null, Buffer.from(text, "utf8"), signer.privateKey);
  const encoded = Buffer.concat([keyIdBytes(signer.name, signer.publicKey), signature]).toString("base64");
  return `${text}\n${SIGNATURE_PREFIX}${signer.name} ${encoded}\n`;
}

/** Splits a note into text and signature lines without verifying anything. */
export function parseNote(note: string | Uint8Array): { text: string; signatures: NoteSignature[] } {
  const malformed = (why: string) => tlogError("TLOG_NOTE_MALFORMED", `malformed signed note: ${why}`);
  let source: string;
  if (typeof note === "string") source = note;
  else {
    if (note.length > MAX_NOTE_BYTES) throw malformed("too large");
    try {
      source = new TextDecoder("utf-8", { fatal: true }).decode(note);
    } catch {
      throw malformed("not valid UTF-8");
    }
  }
  if (Buffer.byteLength(source, "utf8") > MAX_NOTE_BYTES) throw malformed("too large");
  assertNoteText(source, "TLOG_NOTE_MALFORMED");
  const split = source.lastIndexOf("\n\n");
  if (split < 0) throw malformed("no blank line before the signatures");
  const text = source.slice(0, split + 1);
  const block = source.slice(split + 2);
  if (!block.endsWith("\n")) throw malformed("signature block does not end in a newline");
  const lines = block.slice(0, -1).split("\n");
  if (lines.length > MAX_SIGNATURES) throw malformed("too many signatures");
  const signatures = lines.map((line) => {
    if (!line.startsWith(SIGNATURE_PREFIX)) throw malformed("signature line does not start with an em dash");
    const rest = line.slice(SIGNATURE_PREFIX.length);
    const space = rest.indexOf(" ");
    const name = rest.slice(0, space);
    const raw = space > 0 ? decodeBase64Strict(rest.slice(space + 1)) : null;
    if (!isValidKeyName(name) || !raw || raw.length < 5) throw malformed("bad signature line");
    return { name, keyId: Buffer.from(raw.subarray(0, 4)).toString("hex"), signature: raw.subarray(4) };
  });
  return { text, signatures };
}

/**
 * Verifies a note against one trusted key. Signatures by other keys are ignored (the spec says
 * MUST); a signature by the known key that fails rejects the whole note; no signature by the
 * known key rejects it too.
 */
export function verifyNote(note: string | Uint8Array, key: string | VerifierKey): VerifiedNote {
  const verifier = typeof key === "string" ? parseVerifierKey(key) : key;
  const { text, signatures } = parseNote(note);
  let verified = false;
  for (const sig of signatures) {
    if (sig.name !== verifier.name || sig.keyId !== verifier.keyId) continue;
    const ok =
      verifier.algorithm === "ml-dsa-44"
        ? verifyMlDsaLogSignature(text, verifier, sig.signature)
        : sig.signature.length === 64 &&
          verifier.keyObject !== undefined &&
          verify(null, Buffer.from(text, "utf8"), verifier.keyObject, sig.signature);
    if (!ok)
      throw tlogError("TLOG_NOTE_SIGNATURE_INVALID", `the signature by ${verifier.name} does not verify`, {
        hint: "the note was changed after signing, or signed by another key with the same name and ID",
      });
    verified = true;
  }
  if (!verified)
    throw tlogError(
      "TLOG_NOTE_UNVERIFIED",
      `the note carries no signature by ${verifier.name}+${verifier.keyId}`,
      {
        hint: "check that the verifier key is the log's key",
      },
    );
  return { text, keyName: verifier.name, keyId: verifier.keyId, signatures };
}

/**
 * A type 0x06 log signature: a tlog-cosignature ML-DSA-44 timestamped signature by the log's own
 * name over the `subtree/v1` message of the checkpoint [0, size) (the text must be a
 * checkpoint: origin, decimal size, base64 root). False for anything malformed.
 */
function verifyMlDsaLogSignature(text: string, key: VerifierKey, signature: Uint8Array): boolean {
  if (signature.length !== 8 + ML_DSA_44_SIGNATURE_BYTES) return false;
  const [origin, sizeText, rootText] = text.split("\n");
  const root = decodeBase64Strict(rootText ?? "");
  if (!origin || !/^(0|[1-9][0-9]{0,15})$/.test(sizeText ?? "") || root?.length !== 32) return false;
  const timestamp = Buffer.from(signature.subarray(0, 8)).readBigUInt64BE();
  try {
    const message = subtreeCosignedMessage({
      cosignerName: key.name,
      timestamp,
      origin,
      start: 0,
      end: Number(sizeText),
      hash: root,
    });
    return mlDsa44Verify(signature.subarray(8), message, key.publicKey);
  } catch {
    return false;
  }
}
