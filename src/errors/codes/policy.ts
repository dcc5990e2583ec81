import type { ErrorCodeEntry } from "../code-entry.js";

/** The POLICY_ codes. */
export const POLICY_CODES = {
  POLICY_INVALID: { capability: "policy", exit: 2, meaning: "policy.yaml is not valid" },
  POLICY_NOT_FOUND: {
    capability: "policy",
    exit: 2,
    meaning: "the policy file named with --policy does not exist",
  },
} as const satisfies Record<`POLICY_${string}`, ErrorCodeEntry>;
