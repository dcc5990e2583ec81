import type { ErrorCodeEntry } from "../code-entry.js";

/** The TRAIL_ codes. */
export const TRAIL_CODES = {
  TRAIL_ARCHIVE_AGE_INVALID: {
    capability: "archive",
    exit: 2,
    meaning: 'an archive window or minimum age is not an age such as "30 days" or "6 months"',
  },
  TRAIL_ARCHIVE_ALTERED: {
    capability: "trail",
    exit: 1,
    meaning:
      "an archive of old trail segments was altered: its bytes, its chain or its seals are not those archived",
  },
  TRAIL_ARCHIVE_MANIFEST_INVALID: {
    capability: "trail",
    exit: 1,
    meaning: "the archive manifest (which names the archives and where the live trail starts) cannot be read",
  },
  TRAIL_ARCHIVE_MISSING: {
    capability: "trail",
    exit: 1,
    meaning: "an archive of old trail segments is gone: the records it held are missing from the trail",
  },
  TRAIL_ARCHIVE_REFUSED: {
    capability: "trail",
    exit: 1,
    meaning: "archiving refused: the part of the trail to archive does not verify; nothing was archived",
  },
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
