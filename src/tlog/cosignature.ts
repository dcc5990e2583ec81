/**
 * C2SP tlog-cosignature (c2sp.org/tlog-cosignature), both types: a note signature line on a
 * checkpoint whose key ID is SHA-256(name ‖ 0x0A ‖ type ‖ key)[:4] and whose signature is
 * `u64 big-endian timestamp ‖ signature`, with
 * - type 0x04, Ed25519 over `cosignature/v1\ntime <t>\n ‖ checkpoint body` (cosignature/v1);
 * - type 0x06, ML-DSA-44 over the `subtree/v1` cosigned_message of ml-dsa.ts (origin, size and
 *   root only; the name is signed too).
 * The cosigner's keys are in cosigner-keys.ts.
 *
 * Signature lines come from the network: everything is parsed strictly and a decoding problem
 * is a coded error, never a SyntaxError.
 */
import { sign, verify } from "node:crypto";
import { parseCheckpoint } from "./checkpoint.js";
import { badKey, type CosignatureAlgorithm, type Cosigner, type CosignerVerifier } from "./cosigner-keys.js";
import { tlogError } from "./errors.js";
import { ML_DSA_44_SIGNATURE_BYTES, mlDsa44Sign, mlDsa44Verify, subtreeCosignedMessage } from "./ml-dsa.js";
import { parseNote } from "./note.js";

const SIGNATURE_PREFIX = "\u2014 ";
/** 2^63 − 1: the spec's bound on the timestamp. */
const MAX_TIMESTAMP = (1n << 63n) - 1n;

export interface Cosignature {
  name: string;
  keyId: string;
  /** POSIX seconds. */
  timestamp: number;
  signature: Uint8Array;
  /** The whole line, with its newline. */
  line: string;
}
function timestampText(timestamp: number): string {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0)
    throw tlogError("TLOG_COSIGNATURE_MALFORMED", `timestamp ${timestamp} is not a non-negative integer`);
  return String(timestamp);
}

/** The signed message: `cosignature/v1\ntime <t>\n` followed by the checkpoint body (note text). */
export function cosignedMessage(timestamp: number, checkpointText: string): Uint8Array {
  if (!checkpointText.endsWith("\n") || checkpointText.split("\n").length < 4)
    throw tlogError("TLOG_COSIGNATURE_MALFORMED", "a cosigned checkpoint has at least three lines");
  return Buffer.from(`cosignature/v1\ntime ${timestampText(timestamp)}\n${checkpointText}`, "utf8");
}

/**
 * The message a cosigner of this key's type signs for a checkpoint: cosignature/v1 for Ed25519,
 * the subtree/v1 cosigned_message [0, size) for ML-DSA-44 (origin, size, root: no extension lines).
 */
export function cosignedMessageFor(
  key: Pick<CosignerVerifier, "name" | "algorithm">,
  timestamp: number,
  checkpointText: string,
): Uint8Array {
  if (key.algorithm !== "ml-dsa-44") return cosignedMessage(timestamp, checkpointText);
  timestampText(timestamp);
  let checkpoint: ReturnType<typeof parseCheckpoint>;
  try {
    checkpoint = parseCheckpoint(checkpointText);
  } catch (cause) {
    throw tlogError("TLOG_COSIGNATURE_MALFORMED", "the cosigned text is not a checkpoint", { cause });
  }
  return subtreeCosignedMessage({
    cosignerName: key.name,
    timestamp,
    origin: checkpoint.origin,
    start: 0,
    end: checkpoint.size,
    hash: checkpoint.rootHash,
  });
}

/** The cosignature line (`— <name> base64(id ‖ timestamp ‖ signature)\n`) on a checkpoint body. */
export function cosignCheckpoint(checkpointText: string, cosigner: Cosigner, timestamp: number): string {
  const message = cosignedMessageFor(cosigner, timestamp, checkpointText);
  let signature: Uint8Array;
  if (cosigner.algorithm === "ml-dsa-44") {
    if (!cosigner.secretKey) throw badKey("this ML-DSA-44 cosigner has no secret key");
    signature = mlDsa44Sign(message, cosigner.secretKey);
  } else {
    if (!cosigner.privateKey) throw badKey("this Ed25519 cosigner has no private key");
    signature = sign(null, message, cosigner.privateKey);
  }
  const stamp = Buffer.alloc(8);
  stamp.writeBigUInt64BE(BigInt(timestamp));
  const encoded = Buffer.concat([Buffer.from(cosigner.keyId, "hex"), stamp, signature]).toString("base64");
  return `${SIGNATURE_PREFIX}${cosigner.name} ${encoded}\n`;
}

/** Decodes a timestamped_signature (after the key ID): timestamp and the algorithm's signature. */
function decodeTimestamped(
  sig: Uint8Array,
  algorithm: CosignatureAlgorithm = "ed25519",
): { timestamp: number; signature: Uint8Array } {
  const size = 8 + (algorithm === "ml-dsa-44" ? ML_DSA_44_SIGNATURE_BYTES : 64);
  if (sig.length !== size)
    throw tlogError(
      "TLOG_COSIGNATURE_MALFORMED",
      `a ${algorithm} cosignature is ${size} bytes, not ${sig.length}`,
    );
  const stamp = Buffer.from(sig.subarray(0, 8)).readBigUInt64BE();
  if (stamp > MAX_TIMESTAMP || stamp > BigInt(Number.MAX_SAFE_INTEGER))
    throw tlogError("TLOG_COSIGNATURE_MALFORMED", "cosignature timestamp is out of range");
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
    throw tlogError("TLOG_COSIGNATURE_MALFORMED", "signature lines must end in a newline");
  // An empty line would make the note parser split inside the block, pairing lines and
  // signatures wrongly: a block is signature lines only.
  if (block.startsWith("\n") || block.includes("\n\n"))
    throw tlogError("TLOG_COSIGNATURE_MALFORMED", "an empty line among signature lines");
  // Reuse the note parser's strict line checks on a throwaway note.
  let parsed: ReturnType<typeof parseNote>;
  try {
    parsed = parseNote(`x\n\n${block}`);
  } catch (cause) {
    throw tlogError("TLOG_COSIGNATURE_MALFORMED", "malformed signature lines", { cause });
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
        decoded = decodeTimestamped(sig.signature, key.algorithm);
      } catch {
        return { key, status: "invalid", reason: "malformed cosignature" };
      }
      let ok: boolean;
      try {
        const message = cosignedMessageFor(key, decoded.timestamp, checkpointText);
        ok =
          key.algorithm === "ml-dsa-44"
            ? mlDsa44Verify(decoded.signature, message, key.publicKey)
            : verify(null, message, key.keyObject!, decoded.signature);
      } catch {
        return { key, status: "invalid", reason: "the cosigned text is not a checkpoint" };
      }
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
