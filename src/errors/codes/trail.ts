import type { ErrorCodeEntry } from "../code-entry.js";

/** The TRAIL_ codes. */
export const TRAIL_CODES = {
  TRAIL_CORRUPT: { capability: "trail", exit: 1, meaning: "the trail holds a line that is not an event" },
  TRAIL_NOT_FOUND: {
    capability: "trail",
    exit: 2,
    meaning: "there is no trail in the home (run trailseal init)",
  },
  TRAIL_UNREADABLE: { capability: "trail", exit: 2, meaning: "the trail cannot be read" },
} as const satisfies Record<`TRAIL_${string}`, ErrorCodeEntry>;
