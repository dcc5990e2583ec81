import { z } from "zod";
import { canonicalJson, HMAC_REF, isIsoMillis, SHA256_REF } from "../../encoding/index.js";

/** The protocol constant (docs/protocol.md). */
export const PROTOCOL = "trailseal-witness-v1";

/** Anchor ids: `wit_` then URL-safe characters (docs/protocol.md). Safe to put in a URL path as is. */
export const ANCHOR_ID = /^wit_[A-Za-z0-9_-]{1,128}$/;

const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Limits a server enforces and a client respects. Documented in docs/protocol.md. */
export const LIMITS = {
  /** Largest POST body the server reads. An anchor request is ~400 bytes. */
  maxBodyBytes: 64 * 1024,
  /** Largest response body the client reads (receipt, stored anchor, health, error). */
  maxResponseBytes: 1024 * 1024,
  maxKeyIdLength: 256,
  /** Default per-client token bucket: burst size and refill per second (0 disables). */
  rateBurst: 600,
  ratePerSecond: 100,
  /** Node server timeouts: a client that stalls its headers or body is cut off. */
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
} as const;

export type Limits = { readonly [K in keyof typeof LIMITS]: number };

/** A string a human or log may see: no control characters, no lone surrogates. */
function printable(max: number) {
  return z
    .string()
    .min(1)
    .max(max)
    .refine((text) => !CONTROL_CHARS.test(text), "must not contain control characters")
    .refine((text) => !LONE_SURROGATE.test(text), "must be well-formed Unicode");
}

const isoMillis = z
  .string()
  .refine(isIsoMillis, "must be ISO 8601 UTC with milliseconds, e.g. 2026-01-01T00:00:00.000Z");

/**
 * The anchor request (docs/protocol.md), validated strictly: exact constant, lowercase hex digests,
 * safe non-negative integer, a real instant, no unknown members. What the server accepts is
 * exactly what it stores and what it returns on GET.
 */
export const anchorRequestSchema = z
  .object({
    protocol: z.literal(PROTOCOL),
    tip_hash: z.string().regex(SHA256_REF, "must be sha256:<64 lowercase hex>"),
    chained_events: z.number().int().nonnegative(),
    seal_signature: z.string().regex(HMAC_REF, "must be hmac-sha256:<64 lowercase hex>"),
    key_id: printable(LIMITS.maxKeyIdLength),
    requested_at: isoMillis,
  })
  .strict();

export type AnchorRequest = z.infer<typeof anchorRequestSchema>;

export const ANCHOR_REQUEST_FIELDS = [
  "protocol",
  "tip_hash",
  "chained_events",
  "seal_signature",
  "key_id",
  "requested_at",
] as const satisfies readonly (keyof AnchorRequest)[];

/** What a witness returns on POST (docs/protocol.md). Clients parse leniently: extra members are kept. */
export interface AnchorReceipt {
  anchor_id: string;
  witnessed_at: string;
  [extra: string]: unknown;
}

/** A stored anchor as GET returns it: every request field, the receipt fields, and extras. */
export type StoredAnchor = AnchorRequest & AnchorReceipt;

/**
 * Optional members a transparency-log witness (the git backend) adds to a stored anchor on GET:
 * the entry's index, the inclusion proof (base64 hashes) and the signed C2SP checkpoint it
 * leads to (src/tlog `InclusionEvidence`), and, when asked with `consistency_from`, the
 * consistency proof to that checkpoint. They are never part of the log entry itself.
 */
export const EVIDENCE_FIELDS = [
  "log_index",
  "tree_size",
  "inclusion_proof",
  "checkpoint",
  "consistency_proof",
] as const;

/**
 * The optional query of GET /api/v1/anchors/:id that asks a transparency-log witness for a
 * consistency proof from the tree of size N (the client's pinned size) to the evidence's
 * `tree_size`. N is decimal digits without a sign or leading zero, 1 ≤ N ≤ tree_size.
 */
export const CONSISTENCY_FROM_PARAM = "consistency_from";

/**
 * Reads the latest-anchor query (routes.ts LATEST_QUERY) from a query string's values:
 * exactly one `key_id` that is a valid key id and exactly one `latest=true`. Returns the key
 * id, or the message of a 400.
 */
export function parseLatestQuery(
  keyIds: readonly string[],
  latest: readonly string[],
): { ok: true; keyId: string } | { ok: false; message: string } {
  if (latest.length !== 1 || latest[0] !== "true")
    return { ok: false, message: "the anchors collection answers only latest=true with one key_id" };
  if (keyIds.length !== 1) return { ok: false, message: "give exactly one key_id" };
  const parsed = anchorRequestSchema.shape.key_id.safeParse(keyIds[0]);
  if (!parsed.success) return { ok: false, message: "key_id is not a valid key id" };
  return { ok: true, keyId: parsed.data };
}

/** `consistency_proof`: RFC 6962 consistency proof, base64 of each 32-byte hash (RFC 9162 order). */
export const consistencyProofSchema = z.array(z.string().max(64)).max(128);

/**
 * Parses the `consistency_from` values of a query string (all of them: a repeated parameter
 * is refused). Returns undefined when absent, null when malformed (not one decimal integer in
 * 1..2^53-1); the upper bound (≤ tree_size) is the server's to check against its evidence.
 */
export function parseConsistencyFrom(values: readonly string[]): number | null | undefined {
  if (values.length === 0) return undefined;
  if (values.length > 1 || !/^[1-9][0-9]{0,15}$/.test(values[0]!)) return null;
  const size = Number(values[0]);
  return Number.isSafeInteger(size) ? size : null;
}

/**
 * The ONE definition of a log entry's bytes (docs/log-format.md; the RFC 6962 leaf): the
 * canonical JSON (RFC 8785) of the stored anchor without the evidence members. The git log
 * writes exactly this line; a verifier recomputes it from what GET returned.
 */
export function logEntryOf(anchor: Readonly<Record<string, unknown>>): string {
  const entry: Record<string, unknown> = { ...anchor };
  for (const field of EVIDENCE_FIELDS) delete entry[field];
  return canonicalJson(entry);
}

/** True when a stored anchor carries inclusion evidence (any member beyond a bare `log_index`). */
export function hasInclusionEvidence(anchor: Readonly<Record<string, unknown>>): boolean {
  return "inclusion_proof" in anchor || "checkpoint" in anchor || "tree_size" in anchor;
}

/** Server side: the receipt we emit. */
export const anchorReceiptSchema = z.looseObject({
  anchor_id: z.string().regex(ANCHOR_ID),
  witnessed_at: isoMillis,
});

/** Server side: the stored anchor we emit and persist. */
export const storedAnchorSchema = z.looseObject({
  ...anchorRequestSchema.shape,
  anchor_id: z.string().regex(ANCHOR_ID),
  witnessed_at: isoMillis,
});

/**
 * Client side (accept any witness speaking docs/protocol.md): a receipt needs only a non-empty
 * `anchor_id` and a `witnessed_at` that names an instant; other members are kept verbatim.
 */
export const lenientReceiptSchema = z.looseObject({
  anchor_id: printable(512),
  witnessed_at: z
    .string()
    .max(64)
    .refine((text) => !Number.isNaN(Date.parse(text)), "must be a date-time"),
});

/** Client side: a stored anchor is any object; fields are compared one by one by the verifier. */
export const lenientStoredAnchorSchema = z.looseObject({});

export const healthSchema = z.looseObject({
  status: z.string(),
  protocol: z.literal(PROTOCOL),
  anchors: z.number().int().nonnegative(),
});

export type HealthBody = z.infer<typeof healthSchema>;

/** Client side: a health body needs only `status`. */
export const lenientHealthSchema = z.looseObject({ status: z.string() });

export const errorBodySchema = z.object({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
