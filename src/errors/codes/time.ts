import type { ErrorCodeEntry } from "../code-entry.js";

/** The TIME_ codes. */
export const TIME_CODES = {
  TIME_INVALID_DURATION: {
    capability: "time",
    exit: 2,
    meaning: "a duration is not like 30s, 15m, 24h or 7d",
  },
  TIME_INVALID_INSTANT: {
    capability: "time",
    exit: 2,
    meaning: "a time is not an ISO 8601 instant or a duration ago",
  },
} as const satisfies Record<`TIME_${string}`, ErrorCodeEntry>;
