import type { ErrorCodeEntry } from "../code-entry.js";

/** The RELAY_ codes. */
export const RELAY_CODES = {
  RELAY_ALREADY_RUNNING: { capability: "relay", exit: 1, meaning: "a relay already runs for this home" },
  RELAY_INTERNAL: { capability: "relay", exit: 1, meaning: "a relay round failed without a code of its own" },
  RELAY_INTERVAL_INVALID: { capability: "relay", exit: 2, meaning: "a relay interval is out of range" },
  RELAY_LOCK_FAILED: { capability: "relay", exit: 1, meaning: "the relay's lifetime lock cannot be taken" },
  RELAY_START_FAILED: { capability: "relay", exit: 1, meaning: "the relay could not be started" },
  RELAY_START_TIMEOUT: { capability: "relay", exit: 1, meaning: "the relay did not report ready in time" },
  RELAY_STOP_FAILED: { capability: "relay", exit: 1, meaning: "the relay could not be signalled" },
  RELAY_STOP_TIMEOUT: { capability: "relay", exit: 1, meaning: "the relay did not stop in time" },
  RELAY_WITNESS_DISABLED: {
    capability: "relay",
    exit: 2,
    meaning: "witness endpoints are listed but witness.enabled is not true: the relay would publish nothing",
  },
} as const satisfies Record<`RELAY_${string}`, ErrorCodeEntry>;
