import type { ErrorCodeEntry } from "../code-entry.js";

/** The HOOK_ codes. */
export const HOOK_CODES = {
  HOOK_AGENT_UNSUPPORTED: { capability: "hooks", exit: 2, meaning: "no hook install for that agent" },
  HOOK_CHUNK_INVALID: {
    capability: "hooks",
    exit: 1,
    meaning: "the hook's second bundle (dist/hook-rare.cjs) is missing or not the one it was built with",
  },
  HOOK_PAYLOAD_INVALID: {
    capability: "hooks",
    exit: 2,
    meaning: "the agent's hook payload is not what that agent sends",
  },
  HOOK_PROGRAM_UNRESOLVED: {
    capability: "hooks",
    exit: 2,
    meaning: "the command an installed hook would run does not resolve; nothing was changed",
  },
  HOOK_SCOPE_UNSUPPORTED: {
    capability: "hooks",
    exit: 2,
    meaning: "the agent has no settings file of that scope (--local)",
  },
  HOOK_STATUS_FAILED: {
    capability: "hooks",
    exit: 1,
    meaning: "the installed hook did not answer a harmless call as the agent needs",
  },
  HOOK_SERVER_SWITCH_FAILED: {
    capability: "hooks",
    exit: 1,
    meaning: "the home's hook server switch (hook-server.json) could not be written; nothing was changed",
  },
  HOOK_SETTINGS_INVALID: {
    capability: "hooks",
    exit: 2,
    meaning: "the agent's settings file cannot be updated safely; nothing was changed",
  },
} as const satisfies Record<`HOOK_${string}`, ErrorCodeEntry>;
