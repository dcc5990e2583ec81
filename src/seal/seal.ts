import { createHmac, timingSafeEqual } from "node:crypto";
import { GENESIS_HASH } from "../chain/index.js";
import { HMAC_REF, isIsoMillis, SHA256_REF } from "../encoding/index.js";
import type { SealKey } from "../home/index.js";

/** docs/seal-format.md (normative). Field names as `trailseal seal --json` prints them. */
export interface Seal {
  chain_tip: string;
  event_count: number;
  timestamp: string;
  signature: string;
  key_id: string;
}

export const SEAL_PAYLOAD_PREFIX = "trailseal-seal:v1:";

/**
 * The signed text: `trailseal-seal:v1:sha256:<tip_hex>:<event_count>:<timestamp>`.
 * The one place seal bytes are built.
 */
export function sealPayload(chainTip: string, eventCount: number, timestamp: string): string {
  if (!SHA256_REF.test(chainTip)) throw new TypeError("chain tip must be sha256:<64 lowercase hex>");
  if (!Number.isSafeInteger(eventCount) || eventCount < 0)
    throw new TypeError("event count must be a non-negative integer");
  if (!isIsoMillis(timestamp)) throw new TypeError("timestamp must be ISO 8601 UTC with milliseconds");
  return `${SEAL_PAYLOAD_PREFIX}${chainTip}:${eventCount}:${timestamp}`;
}

export function signSealPayload(key: Buffer, payload: string): string {
  return `hmac-sha256:${createHmac("sha256", key).update(payload, "utf8").digest("hex")}`;
}

export function createSeal(key: SealKey, chainTip: string, eventCount: number, timestamp: string): Seal {
  return {
    chain_tip: chainTip,
    event_count: eventCount,
    timestamp,
    signature: signSealPayload(key.key, sealPayload(chainTip, eventCount, timestamp)),
    key_id: key.keyId,
  };
}

/** Constant-time check of a seal's HMAC. */
export function isSealSignatureValid(seal: Seal, key: Buffer): boolean {
  if (!HMAC_REF.test(seal.signature)) return false;
  let expected: string;
  try {
    expected = signSealPayload(key, sealPayload(seal.chain_tip, seal.event_count, seal.timestamp));
  } catch {
    return false;
  }
  return timingSafeEqual(Buffer.from(expected), Buffer.from(seal.signature));
}

export type SealCheck =
  | { ok: true }
  | {
      ok: false;
      code: "SEAL_SIGNATURE_INVALID" | "SEAL_TIP_MISMATCH" | "SEAL_TRAIL_TRUNCATED";
      message: string;
    };

/**
 * What a seal check needs of a verified chain: how many events verify, and the tip after a
 * given number of events (only the counts the seals name need be known).
 */
export interface ChainView {
  count: number;
  tipAt(count: number): string | undefined;
}

/** A view over a list of hashes (tests, small trails). */
export function chainViewOf(hashes: readonly string[]): ChainView {
  return { count: hashes.length, tipAt: (count) => hashes[count - 1] };
}

/**
 * Checks a seal against the trail's event hashes: the hash at `event_count - 1` must be the
 * sealed tip (else the trail was rewritten), and the trail must still hold `event_count`
 * events (else it was cut). With the key, the HMAC is checked too.
 */
export function checkSealAgainstChain(seal: Seal, chain: ChainView, key?: Buffer): SealCheck {
  if (key && !isSealSignatureValid(seal, key)) {
    return {
      ok: false,
      code: "SEAL_SIGNATURE_INVALID",
      message: `seal at ${seal.timestamp} has an invalid signature`,
    };
  }
  if (seal.event_count > chain.count) {
    return {
      ok: false,
      code: "SEAL_TRAIL_TRUNCATED",
      message: `seal at ${seal.timestamp} covers ${seal.event_count} events but the trail verifies only ${chain.count}`,
    };
  }
  const expected = seal.event_count === 0 ? GENESIS_HASH : chain.tipAt(seal.event_count);
  if (expected !== seal.chain_tip) {
    return {
      ok: false,
      code: "SEAL_TIP_MISMATCH",
      message: `seal at ${seal.timestamp} names tip ${seal.chain_tip} for ${seal.event_count} events, but the trail has ${expected}: events before seq ${seal.event_count} were rewritten`,
    };
  }
  return { ok: true };
}
