/**
 * Commit events (docs/trail-format.md, "Commit events"): a commit made while trailseal watched
 * lands in the trail as its own event, `action.kind` `commit`, and a history rewrite (an amend, a
 * rebase) as `action.kind` `rewrite` mapping each old commit to its new one. They are recorded as
 * observed (phase `record`, decision `logged`, risk none): a commit is the product of actions the
 * trail already judged, not an action of its own.
 */
import type { EventBody } from "../chain/index.js";
import type { CommitInfo } from "./git.js";

/** What made a commit, read from HEAD's reflog subject. */
export const COMMIT_OPERATIONS = [
  "commit",
  "amend",
  "merge",
  "cherry-pick",
  "rebase",
  "revert",
  "am",
] as const;
export type CommitOperation = (typeof COMMIT_OPERATIONS)[number];

/** Who recorded the event: git's own hook, or an agent hook that saw a git command run. */
export type ObservedBy = "git-hook" | "tool";

/**
 * The operation a reflog subject names, or null when HEAD moved without a new commit (a
 * checkout, a reset, a fast-forward, the start or end of a rebase).
 */
export function operationOf(subject: string): CommitOperation | null {
  if (/^commit \(amend\)/.test(subject)) return "amend";
  if (/^commit \(merge\)/.test(subject)) return "merge";
  if (/^commit( \(initial\))?:/.test(subject)) return "commit";
  if (/^cherry-pick\b/.test(subject)) return "cherry-pick";
  if (/^rebase( -i| -m)? \((pick|reword|edit|squash|fixup|continue)\)/.test(subject)) return "rebase";
  if (/^revert\b/.test(subject)) return "revert";
  if (/^am\b/.test(subject)) return "am";
  if (/^(merge|pull)\b/.test(subject) && !/Fast-forward/.test(subject)) return "merge";
  return null;
}

export interface CommitEventSpec {
  commit: CommitInfo;
  branch: string | null;
  operation: CommitOperation;
  observedBy: ObservedBy;
  agent: string;
  session: string | null;
  cwd: string | null;
}

export function commitEventBody(spec: CommitEventSpec): EventBody {
  return {
    risk: { level: "none", flags: [] },
    agent: spec.agent,
    session: spec.session,
    cwd: spec.cwd,
    phase: "record",
    action: {
      tool: "git",
      kind: "commit",
      operation: spec.operation,
      observed_by: spec.observedBy,
      commit: { ...spec.commit, branch: spec.branch },
    },
    decision: "logged",
    reasons: [`git ${spec.operation} ${spec.commit.id.slice(0, 12)}`],
  };
}

export interface RewriteEventSpec {
  operation: "amend" | "rebase";
  rewritten: { from: string; to: string }[];
  agent: string;
  session: string | null;
  cwd: string | null;
}

/** The most pairs one rewrite event lists; a larger rebase is recorded as several events. */
export const MAX_REWRITE_PAIRS = 500;

export function rewriteEventBodies(spec: RewriteEventSpec): EventBody[] {
  const bodies: EventBody[] = [];
  for (let i = 0; i < spec.rewritten.length; i += MAX_REWRITE_PAIRS) {
    const rewritten = spec.rewritten.slice(i, i + MAX_REWRITE_PAIRS);
    bodies.push({
      risk: { level: "none", flags: [] },
      agent: spec.agent,
      session: spec.session,
      cwd: spec.cwd,
      phase: "record",
      action: { tool: "git", kind: "rewrite", operation: spec.operation, observed_by: "git-hook", rewritten },
      decision: "logged",
      reasons: [`git ${spec.operation} rewrote ${rewritten.length} commit(s)`],
    });
  }
  return bodies;
}

/**
 * The agent whose shell ran git, from the variables agents set in the shells they start
 * (Claude Code sets CLAUDECODE=1, Gemini CLI GEMINI_CLI=1); `git` when none is set: a person,
 * a script, or an agent that marks nothing — the git hook cannot tell which.
 */
export function agentFromEnv(env: NodeJS.ProcessEnv): string {
  if (env.CLAUDECODE === "1") return "claude-code";
  if (env.GEMINI_CLI === "1") return "gemini";
  return "git";
}

/** The commit ids an event of the trail records: the commit, or each rewrite's new commit. */
export function commitIdsOf(event: { action: Record<string, unknown> }): string[] {
  const action = event.action;
  if (action.kind === "commit") {
    const id = (action.commit as { id?: unknown } | undefined)?.id;
    return typeof id === "string" ? [id] : [];
  }
  if (action.kind === "rewrite" && Array.isArray(action.rewritten))
    return action.rewritten.flatMap((pair: { to?: unknown }) =>
      typeof pair?.to === "string" ? [pair.to] : [],
    );
  return [];
}
