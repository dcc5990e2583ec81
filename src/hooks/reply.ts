/**
 * What a hook call is given (the home, the clock, the trail's lock deadline) and what it gives
 * back: the agent's answer in the agent's own format (src/agents' specs), stdout, stderr and exit
 * status. Shared by a call that ran (run.ts) and one that failed (failure.ts).
 */
import { AGENT_SPECS, type AgentName, type HookCall, type Verdict } from "../agents/index.js";

export interface HookOptions {
  home: string;
  now?: () => Date;
  /** Set by runHook: every append of one call shares it, so a live lock costs at most 10 s. */
  lockDeadline?: number;
  /** Passed to every append of the call (src/trail: the resident server's journal). */
  beforeWrite?: (write: { segment: string; offset: number; bytes: Buffer }) => void | Promise<void>;
}

export interface HookResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** The agent's answer to `call` with `verdict` (stdout only; exit status and stderr in `reply`). */
export function answer(
  agent: AgentName,
  call: Pick<HookCall, "event" | "phase">,
  verdict: Verdict,
  reason: string,
) {
  const out = AGENT_SPECS[agent].answer(call, verdict, reason);
  return typeof out === "string" ? out : (out.stdout ?? "");
}

export function reply(
  agent: AgentName,
  call: Pick<HookCall, "event" | "phase">,
  verdict: Verdict,
  reason: string,
): HookResult {
  const out = AGENT_SPECS[agent].answer(call, verdict, reason);
  if (typeof out === "string") return done(out);
  return {
    stdout: withNewline(out.stdout ?? ""),
    stderr: out.stderr ? `${out.stderr}\n` : "",
    exitCode: out.exitCode ?? 0,
  };
}

export function withNewline(text: string): string {
  return text ? `${text}\n` : "";
}

export function done(stdout: string): HookResult {
  return { stdout: withNewline(stdout), stderr: "", exitCode: 0 };
}
