/**
 * Turning what git did into commit events, from the two places that see it: git's own
 * post-commit, post-rewrite and post-merge hooks (`trailseal hook install git`), and an agent hook's post
 * call for a shell command that ran git.
 */
import type { EventBody } from "../chain/index.js";
import {
  agentFromEnv,
  type CommitOperation,
  commitEventBody,
  operationOf,
  rewriteEventBodies,
} from "./event.js";
import { isObjectId, readBranch, readCommit, readHeadReflog, runGit } from "./git.js";

export type GitHookName = "post-commit" | "post-rewrite" | "post-merge";

export interface GitHookCall {
  hook: GitHookName;
  /** The hook's arguments (post-rewrite: `amend` or `rebase`; post-merge: `1` for a squash). */
  args: string[];
  /** The hook's stdin (post-rewrite: `<old> <new>` lines). */
  stdin: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** The events one git hook call records. */
export function observeGitHook(call: GitHookCall): EventBody[] {
  const top = runGit(call.cwd, ["rev-parse", "--show-toplevel"]).trim() || call.cwd;
  const agent = agentFromEnv(call.env);
  if (call.hook === "post-rewrite") {
    const operation = call.args[0] === "amend" ? "amend" : "rebase";
    const rewritten = call.stdin
      .split("\n")
      .map((line) => line.trim().split(/\s+/))
      .filter(([from, to]) => isObjectId(from) && isObjectId(to))
      .map(([from, to]) => ({ from: from!, to: to! }));
    if (rewritten.length === 0) return [];
    return rewriteEventBodies({ operation, rewritten, agent, session: null, cwd: top });
  }
  // git merge and git pull run post-merge, never post-commit. A squash, a fast-forward or an
  // up-to-date merge makes no commit: HEAD's latest reflog entry does not name a merge.
  if (call.hook === "post-merge" && call.args[0] === "1") return [];
  const commit = readCommit(call.cwd, "HEAD");
  const [latest] = readHeadReflog(call.cwd, 1);
  if (
    call.hook === "post-merge" &&
    !(latest && latest.id === commit.id && operationOf(latest.subject) === "merge")
  )
    return [];
  const operation: CommitOperation =
    (latest && latest.id === commit.id ? operationOf(latest.subject) : null) ?? "commit";
  return [
    commitEventBody({
      commit,
      branch: readBranch(call.cwd),
      operation,
      observedBy: "git-hook",
      agent,
      session: null,
      cwd: top,
    }),
  ];
}

/** Whether a shell command may have made commits: it runs git with a committing subcommand. */
export function mayMakeCommits(command: string): boolean {
  return /\bgit\b/.test(command) && /\b(commit|merge|cherry-pick|rebase|revert|am|pull)\b/.test(command);
}

/**
 * How far back an agent hook's post call looks in HEAD's reflog for commits its command made.
 * A commit seen twice (here and by the git hook, or by two calls) is one commit: the attestation
 * takes the first event that names it (docs/trail-format.md).
 */
export const TOOL_REFLOG_WINDOW_S = 600;

export interface ToolCommandCall {
  command: string;
  cwd: string;
  agent: string;
  session: string | null;
  now: Date;
}

/**
 * The commit events for the commits a shell command made, read from HEAD's reflog (entries of
 * the last ten minutes that made a commit), oldest first. Nothing when the command does not run
 * git, or the folder is not a repository.
 */
export function observeToolCommand(call: ToolCommandCall): EventBody[] {
  if (!mayMakeCommits(call.command)) return [];
  let top: string;
  try {
    top = runGit(call.cwd, ["rev-parse", "--show-toplevel"]).trim();
  } catch {
    return [];
  }
  const since = Math.floor(call.now.getTime() / 1000) - TOOL_REFLOG_WINDOW_S;
  const seen = new Set<string>();
  const made: { id: string; operation: CommitOperation }[] = [];
  for (const entry of readHeadReflog(top, 50)) {
    if (entry.time < since) break;
    const operation = operationOf(entry.subject);
    if (operation === null || seen.has(entry.id)) continue;
    seen.add(entry.id);
    made.push({ id: entry.id, operation });
  }
  const branch = readBranch(top);
  return made.reverse().map(({ id, operation }) =>
    commitEventBody({
      commit: readCommit(top, id),
      branch,
      operation,
      observedBy: "tool",
      agent: call.agent,
      session: call.session,
      cwd: top,
    }),
  );
}
