import type { ErrorCodeEntry } from "../code-entry.js";

/** The REDACT_ codes. */
export const REDACT_CODES = {
  REDACT_EVENT_NOT_FOUND: { capability: "redact", exit: 2, meaning: "the trail has no event with that seq" },
} as const satisfies Record<`REDACT_${string}`, ErrorCodeEntry>;
