/**
 * The verified-prefix checkpoint (`<home>/verified-prefix.json`): how far the trail verified last
 * time, and which seals matched it. It only saves work, it never vouches for anything by itself:
 * it is MACed with the seal key (HMAC-SHA256, domain-separated), so forging one takes the key,
 * the same bar as forging a seal; without the key no checkpoint is read or written and every
 * reading command verifies the whole trail. A missing, unreadable or unauthentic file is ignored.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { readFile } from "node:fs/promises";
import { writeFileAtomic } from "../durable/index.js";
import { canonicalJson, HEX64, SHA256_REF } from "../encoding/index.js";
import type { SealKey } from "../home/index.js";
import type { VerifiedPrefix } from "../trail/index.js";

export interface Checkpoint {
  prefix: VerifiedPrefix;
  /** Seal id → fingerprint of the seal record that matched the prefix. */
  seals: Record<string, string>;
}

const DOMAIN = "trailseal-verified-prefix:v1:";
const VERSION = 1;

function mac(key: SealKey, body: unknown): string {
  return createHmac("sha256", key.key)
    .update(DOMAIN + canonicalJson(body))
    .digest("hex");
}

function isPrefix(value: unknown): value is VerifiedPrefix {
  if (typeof value !== "object" || value === null) return false;
  const prefix = value as Record<string, unknown>;
  return (
    Array.isArray(prefix.segments) &&
    prefix.segments.every(
      (segment) =>
        typeof segment === "object" &&
        segment !== null &&
        typeof (segment as { name?: unknown }).name === "string" &&
        Number.isSafeInteger((segment as { bytes?: unknown }).bytes),
    ) &&
    typeof prefix.sha256 === "string" &&
    HEX64.test(prefix.sha256) &&
    Number.isSafeInteger(prefix.count) &&
    typeof prefix.tip === "string" &&
    SHA256_REF.test(prefix.tip)
  );
}

/** The checkpoint at `path` when it is there and authentic under `key`; null otherwise. */
export async function readCheckpoint(path: string, key: SealKey): Promise<Checkpoint | null> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, "utf8"));
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { mac: claimed, ...body } = parsed as Record<string, unknown>;
  if (typeof claimed !== "string" || !HEX64.test(claimed)) return null;
  let expected: string;
  try {
    expected = mac(key, body);
  } catch {
    return null; // not JSON-representable as JCS: not ours
  }
  if (!timingSafeEqual(Buffer.from(claimed, "hex"), Buffer.from(expected, "hex"))) return null;
  if (body.version !== VERSION || body.key_id !== key.keyId || !isPrefix(body.prefix)) return null;
  const seals = body.seals;
  if (typeof seals !== "object" || seals === null || Array.isArray(seals)) return null;
  if (!Object.values(seals).every((value) => typeof value === "string")) return null;
  return { prefix: body.prefix, seals: seals as Record<string, string> };
}

/**
 * Writes the checkpoint (atomic replace). Best effort: a read-only home only costs the next
 * reader a whole verification, so a failure here is not an error.
 */
export async function writeCheckpoint(path: string, key: SealKey, checkpoint: Checkpoint): Promise<void> {
  const body = { version: VERSION, key_id: key.keyId, prefix: checkpoint.prefix, seals: checkpoint.seals };
  try {
    await writeFileAtomic(path, `${JSON.stringify({ ...body, mac: mac(key, body) })}\n`, { mode: 0o600 });
  } catch {
    // see above
  }
}
