/**
 * Commits in the trail: reading what git made (through the user's git), the commit and rewrite
 * events (docs/trail-format.md, "Commit events"), and the git hooks that record them
 * (`trailseal hook install git`). Used by the agent hook (a shell command that ran git), by
 * `trailseal hook git <hook>`, and by attestations (src/attest), which find a commit's events.
 *
 * Invariant: git is only ever read here, never written; a hook that cannot record never fails
 * the user's commit.
 */
export {
  agentFromEnv,
  COMMIT_OPERATIONS,
  type CommitOperation,
  commitEventBody,
  commitIdsOf,
  type ObservedBy,
  operationOf,
  rewriteEventBodies,
} from "./event.js";
export { type CommitInfo, type GitPerson, isObjectId, readCommit, runGit } from "./git.js";
export { GIT_HOOKS, type GitHookInstallResult, gitHookScript, installGitHooks } from "./install.js";
export {
  type GitHookCall,
  type GitHookName,
  mayMakeCommits,
  observeGitHook,
  observeToolCommand,
} from "./observe.js";
