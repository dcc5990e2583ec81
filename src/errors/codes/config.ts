import type { ErrorCodeEntry } from "../code-entry.js";

/** The CONFIG_ codes. */
export const CONFIG_CODES = {
  CONFIG_INVALID: { capability: "relay", exit: 2, meaning: "relay-config.json does not match its schema" },
  CONFIG_INVALID_JSON: { capability: "relay", exit: 2, meaning: "relay-config.json is not JSON" },
} as const satisfies Record<`CONFIG_${string}`, ErrorCodeEntry>;
