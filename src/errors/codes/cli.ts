import type { ErrorCodeEntry } from "../code-entry.js";

/** The CLI_ codes. */
export const CLI_CODES = {
  CLI_INPUT_TOO_LARGE: { capability: "cli", exit: 2, meaning: "stdin is larger than the command accepts" },
  CLI_NO_INPUT: { capability: "cli", exit: 2, meaning: "the command expected input on stdin" },
  CLI_BATCH_LINES_INVALID: {
    capability: "cli",
    exit: 2,
    meaning:
      "some lines of a batch were not valid input or could not be judged (each was answered with its own error)",
  },
} as const satisfies Record<`CLI_${string}`, ErrorCodeEntry>;
