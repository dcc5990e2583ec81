import type { ErrorCodeEntry } from "../code-entry.js";

/** The RISK_ codes. */
export const RISK_CODES = {
  RISK_JUDGE_FAILED: {
    capability: "risk",
    exit: 1,
    meaning: "the classifier failed on an input (a defect); the hook denies such a call",
  },
  RISK_PARSER_BACKEND_INVALID: {
    capability: "risk",
    exit: 2,
    meaning: "TRAILSEAL_SHELL_PARSER is not native, wasm or auto",
  },
  RISK_PARSER_NOT_LOADED: {
    capability: "risk",
    exit: 1,
    meaning: "the shell parser was used before it was loaded",
  },
  RISK_PARSER_UNAVAILABLE: {
    capability: "risk",
    exit: 1,
    meaning: "the shell parser (tree-sitter-bash) could not load",
  },
} as const satisfies Record<`RISK_${string}`, ErrorCodeEntry>;
