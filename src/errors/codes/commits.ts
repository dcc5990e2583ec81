import type { ErrorCodeEntry } from "../code-entry.js";

/** The COMMITS_ codes. */
export const COMMITS_CODES = {
  COMMITS_GIT_FAILED: {
    capability: "commits",
    exit: 1,
    meaning: "git could not be run or did not print the commit asked for",
  },
  COMMITS_HOOK_CONFLICT: {
    capability: "commits",
    exit: 2,
    meaning: "a git hook and its kept predecessor both exist: nothing installed",
  },
  COMMITS_HOOK_UNKNOWN: {
    capability: "commits",
    exit: 2,
    meaning: "trailseal hook git names a hook it does not know",
  },
} as const satisfies Record<`COMMITS_${string}`, ErrorCodeEntry>;
