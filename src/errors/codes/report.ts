import type { ErrorCodeEntry } from "../code-entry.js";

/** The REPORT_ codes. */
export const REPORT_CODES = {
  REPORT_PERIOD_INVALID: {
    capability: "report",
    exit: 2,
    meaning: "the report's period starts after it ends",
  },
  REPORT_FRAMEWORK_UNKNOWN: {
    capability: "report",
    exit: 2,
    meaning: "`report --controls` names a framework trailseal has no mapping for",
  },
} as const satisfies Record<`REPORT_${string}`, ErrorCodeEntry>;
