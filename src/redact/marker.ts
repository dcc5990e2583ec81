/**
 * The redaction marker and its keyed commitment (docs/trail-format.md, "Redaction"):
 *
 *   marker     = "[redacted:" kind ":" commitment "]"
 *   kind       = 1*(a-z / 0-9) *("-" 1*(a-z / 0-9))
 *   commitment = 16 lowercase hex = first 16 hex of HMAC-SHA256(seal key, "trailseal-redact:v1:" + secret)
 *
 * The commitment binds the exact replaced bytes (UTF-8) under the seal key: whoever holds the
 * key can confirm a suspected value; nobody else can test guesses against it. 64 bits are
 * enough for confirmation (a collision needs the key) and keep the marker short.
 */
import { createHash, createHmac } from "node:crypto";

export const COMMITMENT_DOMAIN = "trailseal-redact:v1:";
export const MARKER_PATTERN = /\[redacted:([a-z0-9]+(?:-[a-z0-9]+)*):([0-9a-f]{16})\]/g;

export interface Marker {
  kind: string;
  commitment: string;
}

export function computeCommitment(key: Uint8Array, secret: string): string {
  return createHmac("sha256", key).update(`${COMMITMENT_DOMAIN}${secret}`, "utf8").digest("hex").slice(0, 16);
}

export function formatMarker(kind: string, commitment: string): string {
  return `[redacted:${kind}:${commitment}]`;
}

/** Every marker in `text`, in order. */
export function parseMarkers(text: string): Marker[] {
  return [...text.matchAll(MARKER_PATTERN)].map((match) => ({ kind: match[1]!, commitment: match[2]! }));
}

export function isMarker(text: string): boolean {
  MARKER_PATTERN.lastIndex = 0;
  const match = MARKER_PATTERN.exec(text);
  MARKER_PATTERN.lastIndex = 0;
  return match !== null && match.index === 0 && match[0].length === text.length;
}

export interface TextDigest {
  sha256: string;
  bytes: number;
  /** The markers of the digested (already redacted) text, so `redact check` still finds them. */
  markers?: string[];
}

/**
 * A redacted text kept as its digest (a long tool input, a file's content): SHA-256 and size of
 * the text as redacted, and its markers beside them. Taken only after redaction, so an unkeyed
 * hash never binds a secret (docs/trail-format.md, `input`).
 */
export function digestText(redacted: string): TextDigest {
  const digest: TextDigest = {
    sha256: createHash("sha256").update(redacted).digest("hex"),
    bytes: Buffer.byteLength(redacted, "utf8"),
  };
  const markers = parseMarkers(redacted).map((marker) => formatMarker(marker.kind, marker.commitment));
  if (markers.length > 0) digest.markers = markers;
  return digest;
}
