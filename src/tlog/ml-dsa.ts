/**
 * The ML-DSA-44 cosignature of C2SP tlog-cosignature (signature type 0x06): FIPS 204 ML-DSA-44,
 * pure mode with an empty context, over the TLS-encoded `cosigned_message`
 *
 *     "subtree/v1\n\0" ‖ u8-prefixed cosigner name ‖ u64 timestamp ‖ u8-prefixed log origin
 *       ‖ u64 start ‖ u64 end ‖ 32-byte subtree hash
 *
 * A checkpoint cosignature has start 0 and end = the tree size; a subtree cosignature (start > 0)
 * has timestamp 0. Unlike the Ed25519 type, the message commits to the cosigner's name and does
 * not cover checkpoint extension lines. Node 20's crypto has no ML-DSA, so @noble/post-quantum
 * (audited, pure JS) does the arithmetic; keys are kept as the 32-byte FIPS 204 seed.
 */
import { ml_dsa44 } from "@noble/post-quantum/ml-dsa.js";
import { tlogError } from "./errors.js";

export const ML_DSA_44_TYPE = 0x06;
export const ML_DSA_44_PUBLIC_KEY_BYTES = 1312;
export const ML_DSA_44_SIGNATURE_BYTES = 2420;
export const ML_DSA_44_SEED_BYTES = 32;
const LABEL = Buffer.from("subtree/v1\n\u0000", "latin1");
/** 2^63 − 1: the spec's bound on timestamps and on tree indexes (u64 fields, 63-bit values). */
const MAX_U63 = (1n << 63n) - 1n;

export interface SubtreeStatement {
  cosignerName: string;
  /** POSIX seconds; 0 = no statement that this is the largest tree observed. */
  timestamp: number | bigint;
  origin: string;
  start: number;
  end: number;
  hash: Uint8Array;
}

function u64(value: number | bigint, what: string): Buffer {
  const big = BigInt(value);
  if (big < 0n || big > MAX_U63)
    throw tlogError("TLOG_COSIGNATURE_MALFORMED", `${what} ${value} is not between 0 and 2^63 - 1`);
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(big);
  return out;
}

function prefixed(text: string, what: string): Buffer {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length < 1 || bytes.length > 255)
    throw tlogError("TLOG_COSIGNATURE_MALFORMED", `the ${what} must be 1 to 255 bytes`);
  return Buffer.concat([Uint8Array.of(bytes.length), bytes]);
}

/** The `cosigned_message` bytes. Throws TLOG_COSIGNATURE_MALFORMED for values the spec forbids. */
export function subtreeCosignedMessage(statement: SubtreeStatement): Uint8Array {
  const { start, end, timestamp } = statement;
  // [0, 0) is the empty checkpoint's tree; any other subtree holds at least one leaf.
  if (
    !Number.isSafeInteger(start) ||
    !Number.isSafeInteger(end) ||
    start < 0 ||
    end < start ||
    (start > 0 && end === start)
  )
    throw tlogError("TLOG_COSIGNATURE_MALFORMED", `[${start}, ${end}) is not a range of leaves`);
  if (start !== 0 && BigInt(timestamp) !== 0n)
    throw tlogError("TLOG_COSIGNATURE_MALFORMED", "a subtree cosignature (start > 0) has timestamp 0");
  if (statement.hash.length !== 32)
    throw tlogError("TLOG_COSIGNATURE_MALFORMED", "a subtree hash is 32 bytes");
  return Buffer.concat([
    LABEL,
    prefixed(statement.cosignerName, "cosigner name"),
    u64(timestamp, "timestamp"),
    prefixed(statement.origin, "log origin"),
    u64(start, "start"),
    u64(end, "end"),
    statement.hash,
  ]);
}

/** The ML-DSA-44 key pair of a 32-byte seed (FIPS 204 ML-DSA.KeyGen_internal). */
export function mlDsa44FromSeed(seed: Uint8Array): { publicKey: Uint8Array; secretKey: Uint8Array } {
  if (seed.length !== ML_DSA_44_SEED_BYTES)
    throw tlogError("TLOG_COSIGNER_KEY_INVALID", "an ML-DSA-44 seed is 32 bytes");
  return ml_dsa44.keygen(seed);
}

/**
 * Signs with the hedged variant (fresh randomness mixed in, FIPS 204's default): a fault or a
 * side channel on one signature then reveals less than with a deterministic one.
 */
export function mlDsa44Sign(message: Uint8Array, secretKey: Uint8Array): Uint8Array {
  return ml_dsa44.sign(message, secretKey);
}

/** Pure ML-DSA-44 verification with an empty context; false for any malformed input. */
export function mlDsa44Verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== ML_DSA_44_SIGNATURE_BYTES || publicKey.length !== ML_DSA_44_PUBLIC_KEY_BYTES)
    return false;
  try {
    return ml_dsa44.verify(signature, message, publicKey);
  } catch {
    return false;
  }
}
