import type { ErrorCodeEntry } from "../code-entry.js";

/** The TRAIL_ codes. */
export const TRAIL_CODES = {
  TRAIL_CHAIN_BROKEN: {
    capability: "trail",
    exit: 1,
    meaning: "the trail's hash chain is broken: the record from the break on cannot be trusted",
  },
  TRAIL_CORRUPT: { capability: "trail", exit: 1, meaning: "the trail holds a line that is not an event" },
  TRAIL_EVENT_TOO_LARGE: {
    capability: "trail",
    exit: 2,
    meaning: "an event is longer than a trail line may be; nothing was appended",
  },
  TRAIL_NOT_FOUND: {
    capability: "trail",
    exit: 2,
    meaning: "there is no trail in the home (run trailseal init)",
  },
  TRAIL_UNREADABLE: { capability: "trail", exit: 2, meaning: "the trail cannot be read" },
} as const satisfies Record<`TRAIL_${string}`, ErrorCodeEntry>;
