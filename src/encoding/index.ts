/**
 * Byte-exact encodings shared by every capability: RFC 8785 JSON canonicalization
 * (JCS, via the `canonicalize` library) and the `sha256:` / `hmac-sha256:` digest strings
 * of the trail format. Anything that is hashed or signed goes through here.
 */
import { createHash, hash as oneShotHash } from "node:crypto";
import canonicalizeLib from "canonicalize";

const canonicalizeFn = canonicalizeLib as unknown as (value: unknown) => string | undefined;

/** RFC 8785 canonical JSON of a JSON value. Throws on values JSON cannot represent. */
export function canonicalJson(value: unknown): string {
  const text = canonicalizeFn(value);
  if (text === undefined) throw new TypeError("value has no JSON representation");
  return text;
}

export function sha256Hex(data: string | Uint8Array): string {
  // crypto.hash (Node ≥ 20.12) skips the Hash object: markedly faster for the many small inputs of verify.
  return typeof oneShotHash === "function"
    ? oneShotHash("sha256", data, "hex")
    : createHash("sha256").update(data).digest("hex");
}

export const HEX64 = /^[0-9a-f]{64}$/;
export const SHA256_REF = /^sha256:[0-9a-f]{64}$/;
export const HMAC_REF = /^hmac-sha256:[0-9a-f]{64}$/;
/** ISO 8601 UTC with milliseconds and Z, as Date#toISOString prints. */
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** True when `text` is an ISO_MS timestamp naming a real instant (no Feb 30, no hour 24). */
export function isIsoMillis(text: string): boolean {
  if (!ISO_MS.test(text)) return false;
  const date = new Date(text);
  return !Number.isNaN(date.getTime()) && date.toISOString() === text;
}
