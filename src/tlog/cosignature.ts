/**
 * C2SP tlog-cosignature (c2sp.org/tlog-cosignature), the Ed25519 `cosignature/v1` type: a note
 * signature line on a checkpoint whose key ID uses signature type 0x04
 * (SHA-256(name ‖ 0x0A ‖ 0x04 ‖ key)[:4]) and whose signature is
 * `u64 big-endian timestamp ‖ Ed25519(cosignature/v1\ntime <t>\n ‖ checkpoint body)`.
 * Also the cosigner's keys: the C2SP vkey `<name>+<id>+base64(0x04 ‖ key)` and the Go
 * `PRIVATE+KEY+<name>+<id>+base64(0x04 ‖ seed)` signer key (as transparency-dev/formats reads).
 *
 * Signature lines come from the network: everything is parsed strictly and a decoding problem
 * is a coded error, never a SyntaxError.
 */
import { createHash, generateKeyPairSync, type KeyObject, sign, verify } from "node:crypto";
import {
  ed25519PrivateKeyFromSeed,
  ed25519PublicKey,
  ed25519RawPublicKey,
  ed25519Seed,
} from "../ed25519/index.js";
import { cosignError } from "./cosignature-errors.js";
import { decodeBase64Strict, isValidKeyName, keyId as noteKeyId, parseNote } from "./note.js";

export const COSIGNATURE_V1_TYPE = 0x04;
const ED25519_NOTE_TYPE = 0x01;
const SIGNATURE_PREFIX = "\u2014 ";
/** 2^63 − 1: the spec's bound on the timestamp. */
const MAX_TIMESTAMP = (1n << 63n) - 1n;

export interface CosignerVerifier {
  name: string;
  /** 8 lowercase hex digits, computed with signature type 0x04. */
  keyId: string;
  publicKey: Uint8Array;
  keyObject: KeyObject;
}

export interface Cosigner extends CosignerVerifier {
  privateKey: KeyObject;
}

export interface Cosignature {
  name: string;
  keyId: string;
  /** POSIX seconds. */
  timestamp: number;
  signature: Uint8Array;
  /** The whole line, with its newline. */
  line: string;
}

function badKey(why: string, cause?: unknown) {
  return cosignError("TLOG_COSIGNER_KEY_INVALID", `not a cosigner key (${why})`, {
    hint: "a cosigner verifier key looks like <name>+<8 hex digits>+<base64 of 0x04 and the 32-byte key>",
    ...(cause === undefined ? {} : { cause }),
  });
}

/** SHA-256(name ‖ 0x0A ‖ 0x04 ‖ key)[:4] as 8 lowercase hex digits. */
export function cosignerKeyId(name: string, publicKey: Uint8Array): string {
  return createHash("sha256")
    .update(Buffer.from(name, "utf8"))
    .update(Uint8Array.of(0x0a, COSIGNATURE_V1_TYPE))
    .update(publicKey)
    .digest()
    .subarray(0, 4)
    .toString("hex");
}

function verifierOf(name: string, publicKey: Uint8Array): CosignerVerifier {
  if (!isValidKeyName(name)) throw badKey("invalid name");
  if (publicKey.length !== 32) throw badKey("an Ed25519 public key is 32 bytes");
  let keyObject: KeyObject;
  try {
    keyObject = ed25519PublicKey(publicKey);
  } catch (cause) {
    throw badKey("not an Ed25519 public key", cause);
  }
  return { name, keyId: cosignerKeyId(name, publicKey), publicKey: new Uint8Array(publicKey), keyObject };
}

/** `<name>+<id>+base64(0x04 ‖ key)`: the vkey a witness publishes (tlog-policy `witness` lines). */
export function formatCosignerVkey(key: { name: string; publicKey: Uint8Array }): string {
  const verifier = verifierOf(key.name, key.publicKey);
  const encoded = Buffer.concat([Uint8Array.of(COSIGNATURE_V1_TYPE), verifier.publicKey]).toString("base64");
  return `${verifier.name}+${verifier.keyId}+${encoded}`;
}

/**
 * Parses a cosigner vkey. Type 0x04 is the cosignature key; a plain Ed25519 note key (type
 * 0x01) is accepted too and used as a cosignature/v1 key, as transparency-dev/formats does, so
 * witness lists published in either form work. The ID in the text must match its own type.
 */
export function parseCosignerVkey(text: string): CosignerVerifier {
  const first = text.indexOf("+");
  const second = text.indexOf("+", first + 1);
  if (first < 0 || second < 0) throw badKey("expected <name>+<id>+<key>");
  const [name, id, encoded] = [text.slice(0, first), text.slice(first + 1, second), text.slice(second + 1)];
  if (!isValidKeyName(name)) throw badKey("invalid name");
  if (!/^[0-9a-f]{8}$/.test(id)) throw badKey("key ID is not 8 lowercase hex digits");
  const raw = decodeBase64Strict(encoded);
  if (raw?.length !== 33) throw badKey("key is not base64 of 33 bytes");
  const publicKey = raw.subarray(1);
  if (raw[0] === COSIGNATURE_V1_TYPE) {
    if (cosignerKeyId(name, publicKey) !== id) throw badKey("key ID does not match the key");
  } else if (raw[0] === ED25519_NOTE_TYPE) {
    if (noteKeyId(name, publicKey) !== id) throw badKey("key ID does not match the key");
  } else {
    throw badKey(`unsupported signature type 0x${raw[0]!.toString(16).padStart(2, "0")}`);
  }
  return verifierOf(name, publicKey);
}

function cosignerFromPrivate(name: string, privateKey: KeyObject): Cosigner {
  return { ...verifierOf(name, ed25519RawPublicKey(privateKey)), privateKey };
}

/** A cosigner from a 32-byte Ed25519 seed. */
export function cosignerFromSeed(name: string, seed: Uint8Array): Cosigner {
  if (seed.length !== 32) throw badKey("an Ed25519 seed is 32 bytes");
  return cosignerFromPrivate(name, ed25519PrivateKeyFromSeed(seed));
}

export function generateCosigner(name: string): { cosigner: Cosigner; seed: Uint8Array } {
  if (!isValidKeyName(name)) throw badKey("invalid name");
  const { privateKey } = generateKeyPairSync("ed25519");
  const seed = ed25519Seed(privateKey);
  return { cosigner: cosignerFromSeed(name, seed), seed };
}

/** `PRIVATE+KEY+<name>+<id>+base64(0x04 ‖ seed)`: the signer key file, newline-terminated. */
export function formatCosignerSkey(name: string, seed: Uint8Array): string {
  const cosigner = cosignerFromSeed(name, seed);
  const encoded = Buffer.concat([Uint8Array.of(COSIGNATURE_V1_TYPE), seed]).toString("base64");
  return `PRIVATE+KEY+${name}+${cosigner.keyId}+${encoded}\n`;
}

/** Reads a signer key (type 0x04, or a Go note signer key of type 0x01 used for cosigning). */
export function parseCosignerSkey(text: string): Cosigner {
  const trimmed = text.trim();
  if (!trimmed.startsWith("PRIVATE+KEY+")) throw badKey("expected PRIVATE+KEY+<name>+<id>+<key>");
  // The base64 key may itself contain "+": only the first two after the prefix separate.
  const rest = trimmed.slice("PRIVATE+KEY+".length);
  const first = rest.indexOf("+");
  const second = rest.indexOf("+", first + 1);
  if (first < 0 || second < 0) throw badKey("expected PRIVATE+KEY+<name>+<id>+<key>");
  const [name, id, encoded] = [rest.slice(0, first), rest.slice(first + 1, second), rest.slice(second + 1)];
  if (!/^[0-9a-f]{8}$/.test(id)) throw badKey("key ID is not 8 lowercase hex digits");
  const raw = decodeBase64Strict(encoded);
  if (raw?.length !== 33 || (raw[0] !== COSIGNATURE_V1_TYPE && raw[0] !== ED25519_NOTE_TYPE))
    throw badKey("key is not base64 of a type byte and a 32-byte seed");
  return cosignerFromSeed(name, raw.subarray(1));
}

function timestampText(timestamp: number): string {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0)
    throw cosignError("TLOG_COSIGNATURE_MALFORMED", `timestamp ${timestamp} is not a non-negative integer`);
  return String(timestamp);
}

/** The signed message: `cosignature/v1\ntime <t>\n` followed by the checkpoint body (note text). */
export function cosignedMessage(timestamp: number, checkpointText: string): Uint8Array {
  if (!checkpointText.endsWith("\n") || checkpointText.split("\n").length < 4)
    throw cosignError("TLOG_COSIGNATURE_MALFORMED", "a cosigned checkpoint has at least three lines");
  return Buffer.from(`cosignature/v1\ntime ${timestampText(timestamp)}\n${checkpointText}`, "utf8");
}

/** The cosignature line (`— <name> base64(id ‖ timestamp ‖ signature)\n`) on a checkpoint body. */
export function cosignCheckpoint(checkpointText: string, cosigner: Cosigner, timestamp: number): string {
  const signature = sign(null, cosignedMessage(timestamp, checkpointText), cosigner.privateKey);
  const stamp = Buffer.alloc(8);
  stamp.writeBigUInt64BE(BigInt(timestamp));
  const encoded = Buffer.concat([Buffer.from(cosigner.keyId, "hex"), stamp, signature]).toString("base64");
  return `${SIGNATURE_PREFIX}${cosigner.name} ${encoded}\n`;
}

/** Decodes the body of a cosignature/v1 signature (after the key ID): timestamp and Ed25519 signature. */
function decodeTimestamped(sig: Uint8Array): { timestamp: number; signature: Uint8Array } {
  if (sig.length !== 8 + 64)
    throw cosignError(
      "TLOG_COSIGNATURE_MALFORMED",
      `a cosignature/v1 signature is 72 bytes, not ${sig.length}`,
    );
  const stamp = Buffer.from(sig.subarray(0, 8)).readBigUInt64BE();
  if (stamp > MAX_TIMESTAMP || stamp > BigInt(Number.MAX_SAFE_INTEGER))
    throw cosignError("TLOG_COSIGNATURE_MALFORMED", "cosignature timestamp is out of range");
  return { timestamp: Number(stamp), signature: sig.subarray(8) };
}

function signatureLine(name: string, keyId: string, signature: Uint8Array): string {
  return `${SIGNATURE_PREFIX}${name} ${Buffer.concat([Buffer.from(keyId, "hex"), signature]).toString("base64")}\n`;
}

/**
 * Parses signature lines (a witness's 200 answer, or the signature block of a note) into
 * cosignatures of the given keys. Lines by other keys are skipped (the spec says MUST ignore).
 */
export function parseSignatureLines(
  block: string,
): { name: string; keyId: string; signature: Uint8Array; line: string }[] {
  if (block.length === 0) return [];
  if (!block.endsWith("\n"))
    throw cosignError("TLOG_COSIGNATURE_MALFORMED", "signature lines must end in a newline");
  // An empty line would make the note parser split inside the block, pairing lines and
  // signatures wrongly: a block is signature lines only.
  if (block.startsWith("\n") || block.includes("\n\n"))
    throw cosignError("TLOG_COSIGNATURE_MALFORMED", "an empty line among signature lines");
  // Reuse the note parser's strict line checks on a throwaway note.
  let parsed: ReturnType<typeof parseNote>;
  try {
    parsed = parseNote(`x\n\n${block}`);
  } catch (cause) {
    throw cosignError("TLOG_COSIGNATURE_MALFORMED", "malformed signature lines", { cause });
  }
  // Each line is rebuilt from what was parsed (strict base64 re-encodes to the same text), so a
  // line kept later is exactly the signature that was checked.
  return parsed.signatures.map((sig) => ({
    ...sig,
    line: signatureLine(sig.name, sig.keyId, sig.signature),
  }));
}

export type CosignatureStatus = "valid" | "invalid" | "absent";

export interface CosignatureCheck {
  key: CosignerVerifier;
  status: CosignatureStatus;
  /** Set for "valid". */
  cosignature?: Cosignature;
  /** For "invalid": why. */
  reason?: string;
}

export interface CosignatureCheckOptions {
  /** Reject timestamps more than this many seconds ahead of `now` (the spec allows it). */
  maxFutureSeconds?: number;
  now?: () => number;
}

/**
 * Checks every cosigner key against the signature lines on `checkpointText`: for each key,
 * "valid" when a line with its name and key ID verifies, "invalid" when such a line exists and
 * does not (or is malformed), "absent" when there is none.
 */
export function checkCosignatures(
  checkpointText: string,
  signatures: readonly { name: string; keyId: string; signature: Uint8Array; line?: string }[],
  keys: readonly CosignerVerifier[],
  options: CosignatureCheckOptions = {},
): CosignatureCheck[] {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  return keys.map((key) => {
    const matching = signatures.filter((s) => s.name === key.name && s.keyId === key.keyId);
    if (matching.length === 0) return { key, status: "absent" };
    let found: Cosignature | undefined;
    for (const sig of matching) {
      let decoded: { timestamp: number; signature: Uint8Array };
      try {
        decoded = decodeTimestamped(sig.signature);
      } catch {
        return { key, status: "invalid", reason: "malformed cosignature" };
      }
      const ok = verify(
        null,
        cosignedMessage(decoded.timestamp, checkpointText),
        key.keyObject,
        decoded.signature,
      );
      if (!ok) return { key, status: "invalid", reason: "signature does not verify" };
      if (options.maxFutureSeconds !== undefined && decoded.timestamp > now() + options.maxFutureSeconds)
        return { key, status: "invalid", reason: `timestamp ${decoded.timestamp} is in the future` };
      found ??= {
        name: sig.name,
        keyId: sig.keyId,
        ...decoded,
        line: signatureLine(sig.name, sig.keyId, sig.signature),
      };
    }
    return { key, status: "valid", cosignature: found! };
  });
}

/** Splits a signed note into its text and parsed signature lines (with their original text). */
export function splitCosignedNote(note: string): {
  text: string;
  signatures: { name: string; keyId: string; signature: Uint8Array; line: string }[];
} {
  const { text } = parseNote(note);
  return { text, signatures: parseSignatureLines(note.slice(text.length + 1)) };
}

/** Appends cosignature lines to a signed note, skipping lines it already carries. */
export function appendCosignatures(note: string, lines: readonly string[]): string {
  const present = new Set(note.slice(parseNote(note).text.length + 1).split(/(?<=\n)/));
  let out = note;
  for (const line of lines) {
    if (present.has(line)) continue;
    present.add(line);
    out += line;
  }
  return out;
}
