import type { ErrorCodeEntry } from "../code-entry.js";

/** The ACTION_ codes. */
export const ACTION_CODES = {
  ACTION_EMPTY: { capability: "action", exit: 2, meaning: "no action on stdin" },
  ACTION_INVALID: { capability: "action-input", exit: 2, meaning: "the input is not a valid action" },
  ACTION_INVALID_JSON: { capability: "action-input", exit: 2, meaning: "the input is not JSON" },
  ACTION_TOO_LARGE: {
    capability: "action-input",
    exit: 2,
    meaning: "one action is larger than the size limit",
  },
} as const satisfies Record<`ACTION_${string}`, ErrorCodeEntry>;
