import type { ErrorCodeEntry } from "../code-entry.js";

/** The SEAL_ codes. */
export const SEAL_CODES = {
  SEAL_KEY_ID_INVALID: { capability: "seal", exit: 2, meaning: "a seal key id is malformed" },
  SEAL_KEY_INVALID: {
    capability: "seal",
    exit: 2,
    meaning: "the seal key is not 64 lowercase hex characters",
  },
  SEAL_KEY_MISSING: { capability: "seal", exit: 2, meaning: "the home has no seal key" },
  SEAL_KEY_PERMISSIONS: { capability: "seal", exit: 2, meaning: "the seal key is readable by other users" },
  SEAL_NOT_FOUND: { capability: "seal", exit: 1, meaning: "no such seal" },
  SEAL_SIGNATURE_INVALID: {
    capability: "seal",
    exit: 1,
    meaning: "a seal's HMAC does not verify with the seal key",
  },
  SEAL_STORE_CORRUPT: { capability: "seal", exit: 1, meaning: "seals.jsonl holds a line that is not a seal" },
  SEAL_TIP_MISMATCH: {
    capability: "seal",
    exit: 1,
    meaning: "a seal names a tip the trail does not have at that seq",
  },
  SEAL_TRAIL_TRUNCATED: {
    capability: "seal",
    exit: 1,
    meaning: "a seal covers events the trail no longer has",
  },
} as const satisfies Record<`SEAL_${string}`, ErrorCodeEntry>;
