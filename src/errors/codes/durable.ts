import type { ErrorCodeEntry } from "../code-entry.js";

/** The DURABLE_ codes. */
export const DURABLE_CODES = {
  DURABLE_LOCK_FAILED: { capability: "durable", exit: 1, meaning: "the cross-process lock cannot be taken" },
  DURABLE_LOCK_LOST: {
    capability: "durable",
    exit: 1,
    meaning: "the cross-process lock was taken away while held",
  },
  DURABLE_LOCK_TIMEOUT: {
    capability: "durable",
    exit: 1,
    meaning: "another process held the lock for too long",
  },
  DURABLE_WRITE_FAILED: {
    capability: "durable",
    exit: 1,
    meaning: "a write did not complete (the file was cut back to its last whole state)",
  },
} as const satisfies Record<`DURABLE_${string}`, ErrorCodeEntry>;
