/**
 * What every agent's payload mapping shares: the call a payload becomes (its phase, action and
 * what else it carries), the verdicts, the reply, and the helpers that build an action. One
 * file per agent (./claude-code.ts, ./cursor.ts, …) maps its payloads with them.
 *
 * Only ever tighten: `pass` (the policy has no objection) is answered with *no* decision, so
 * the agent's own permission flow runs as it would without trailseal; `allow` is sent only
 * when an explicit policy allow rule matched.
 */
import type { Action, ActionTarget } from "../action/index.js";
import type { Json } from "./payload.js";

export type Phase = "pre" | "post" | "ignore";
export type Verdict = "allow" | "deny" | "ask" | "pass";

/** What the hook process prints and exits with; a string answer is stdout with exit 0. */
export interface Reply {
  stdout?: string;
  stderr?: string;
  exitCode?: number;
}

export interface HookCall {
  phase: Phase;
  event: string;
  action: Action | null;
  /** Further commands, paths and URLs the call carries, judged with the action's target. */
  extra: ActionTarget[];
  /** The command is PowerShell (judged as PowerShell too). */
  powershell?: boolean;
  /** Whether the agent can put an `ask` to its user for this event. */
  canAsk: boolean;
  /**
   * Members of the action's input to be recorded only as digests of their redacted text (the
   * file content Cursor's beforeReadFile carries): never stored, never hashed with a secret in it.
   */
  digest?: Record<string, string>;
  /** Post events: what happened (tool_response, error, denial), kept as digests when long. */
  outcome?: unknown;
}

export function context(payload: Json): { cwd: string | null; session: string | null } {
  const roots = payload.workspace_roots;
  const root = Array.isArray(roots) && typeof roots[0] === "string" ? (roots[0] as string) : null;
  const cwd = typeof payload.cwd === "string" && payload.cwd !== "" ? payload.cwd : root;
  const session = [payload.session_id, payload.conversation_id, payload.generation_id].find(
    (value) => typeof value === "string" && value !== "",
  ) as string | undefined;
  return { cwd: cwd ? cwd.slice(0, 4096) : null, session: session ? session.slice(0, 512) : null };
}

export function makeAction(
  agent: string,
  tool: string,
  target: ActionTarget,
  input: unknown,
  payload: Json,
): Action {
  return { target, tool, agent, input, ...context(payload) };
}

/**
 * With no target of its own (kind `other`), a call is taken as the first thing it carries;
 * the rest is judged alongside. Returns [primary, extra].
 */
export function withCarried(primary: ActionTarget, carried: ActionTarget[]): [ActionTarget, ActionTarget[]] {
  if (primary.kind === "other" && carried.length > 0) return [carried[0]!, carried.slice(1)];
  // The tool's own reading of a path (an Edit's edit, a Grep's search) stands: a carried copy
  // of the same path or command is not judged again under the stricter generic reading.
  const same = (t: ActionTarget) =>
    (t.kind === "file" && primary.kind === "file" && t.path === primary.path) ||
    (t.kind === "command" && primary.kind === "command" && t.command === primary.command) ||
    JSON.stringify(t) === JSON.stringify(primary);
  return [primary, carried.filter((t) => !same(t))];
}

export function ignored(event: string): HookCall {
  return { phase: "ignore", event, action: null, extra: [], canAsk: false };
}
