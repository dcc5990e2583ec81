import type { ErrorCodeEntry } from "../code-entry.js";

/** The POLICY_ codes. */
export const POLICY_CODES = {
  POLICY_INVALID: { capability: "policy", exit: 2, meaning: "policy.yaml is not valid" },
} as const satisfies Record<`POLICY_${string}`, ErrorCodeEntry>;
