/**
 * Seals (docs/seal-format.md, normative): the HMAC-SHA256 over
 * `trailseal-seal:v1:sha256:<tip_hex>:<event_count>:<timestamp>`, and the append-only store
 * of seals with the receipts witnesses gave for them. A seal only covers durable events:
 * the tip is read under the trail lock from fsync'd data.
 */
import type { SealKey } from "../home/index.js";
import { readTip } from "../trail/index.js";
import { createSeal } from "./seal.js";
import { appendSeal, type StoredSeal } from "./store.js";

export type { ChainView, Seal, SealCheck } from "./seal.js";
export {
  chainViewOf,
  checkSealAgainstChain,
  createSeal,
  isSealSignatureValid,
  SEAL_PAYLOAD_PREFIX,
  sealPayload,
  signSealPayload,
} from "./seal.js";
export type { StoredReceipt, StoredSeal, WitnessRef } from "./store.js";
export { appendReceipts, appendSeal, findSeal, readSeals, sealSchema } from "./store.js";
export type { UnwitnessedBound } from "./unwitnessed.js";
export { unwitnessedBound } from "./unwitnessed.js";

/** Seals the trail's current tip and stores the seal. */
export async function sealTrail(
  trailDir: string,
  sealsDir: string,
  key: SealKey,
  now: () => Date = () => new Date(),
): Promise<StoredSeal> {
  const { tip, count } = await readTip(trailDir, { now });
  return appendSeal(sealsDir, createSeal(key, tip, count, now().toISOString()));
}
