/**
 * One hook call: payload → action → classification → policy → event appended (fsync'd) →
 * the agent's answer. It never crashes open: any internal failure before a pre-tool call
 * is recorded and allowed (bad payload, unreadable policy, trail not writable, a bug) is
 * answered with a deny that carries the reason, exit code 0, so the agent blocks the tool.
 */
import { join } from "node:path";
import type { Decision, EventBody } from "../chain/index.js";
import { evaluatePolicy, loadPolicy, type PolicyDecision } from "../policy/index.js";
import { appendRecorded, toEventBody } from "../record/index.js";
import { analyze, type RiskAnalysis } from "../risk/index.js";
import { type AgentName, answer, CALLS, type HookCall } from "./adapters.js";
import { parsePayload } from "./payload.js";

export interface HookOptions {
  home: string;
  now?: () => Date;
}

export interface HookResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

function summarize(analysis: RiskAnalysis, policy: PolicyDecision): string {
  const flags = analysis.flags.length > 0 ? ` [${analysis.flags.join(", ")}]` : "";
  const why = [...policy.reasons, ...analysis.reasons.slice(0, 3)].join("; ");
  return `trailseal: ${analysis.level} risk${flags}${why ? `: ${why}` : ""}`;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function runHook(agent: AgentName, text: string, options: HookOptions): Promise<HookResult> {
  let call: HookCall | null = null;
  try {
    call = CALLS[agent](parsePayload(text));
    if (call.phase === "ignore" || !call.action) return { stdout: "", stderr: "", exitCode: 0 };
    const action = call.action;
    const policyPath = join(options.home, "policy.yaml");
    // The policy loads while the command is parsed (the grammar may be compiling).
    const policyPromise = call.phase === "pre" ? loadPolicy(policyPath) : null;
    policyPromise?.catch(() => undefined);
    const analysis = await analyze(action);
    const classification = { level: analysis.level, flags: analysis.flags, reasons: analysis.reasons };
    if (call.phase === "post") {
      const body = toEventBody({
        action,
        classification,
        decision: "logged",
        phase: "post",
        outcome: call.outcome ?? null,
      });
      await appendRecorded(options.home, [body], { now: options.now });
      return { stdout: "", stderr: "", exitCode: 0 };
    }
    let policy: PolicyDecision;
    try {
      policy = await evaluatePolicy(await policyPromise!, analysis, { canAsk: call.canAsk });
    } catch (error) {
      policy = { decision: "deny", reasons: [`policy unusable (${message(error)})`] };
    }
    const body = toEventBody({
      action,
      classification,
      decision: policy.decision,
      phase: "pre",
      reasons: policy.reasons,
    });
    await appendRecorded(options.home, [body], { now: options.now });
    return {
      stdout: `${JSON.stringify(answer(agent, call, policy.decision, summarize(analysis, policy)))}\n`,
      stderr: "",
      exitCode: 0,
    };
  } catch (error) {
    const reason = `trailseal: denied because the hook failed: ${message(error)}`;
    if (call?.phase === "post") return { stdout: "", stderr: `${reason}\n`, exitCode: 1 };
    await recordFailure(agent, text, reason, options).catch(() => undefined);
    const event = call?.event ?? (agent === "cursor" ? "beforeShellExecution" : "PreToolUse");
    return {
      stdout: `${JSON.stringify(answer(agent, { event }, "deny", reason))}\n`,
      stderr: "",
      exitCode: 0,
    };
  }
}

/** A denied call that could not be understood is still evidence: record it when the trail allows. */
async function recordFailure(
  agent: AgentName,
  text: string,
  reason: string,
  options: HookOptions,
): Promise<void> {
  const decision: Decision = "deny";
  const body: EventBody = {
    risk: { level: "high", flags: [] },
    agent,
    session: null,
    cwd: null,
    phase: "pre",
    action: { tool: "unknown", kind: "other", description: "hook payload that could not be processed" },
    decision,
    reasons: [reason],
    input: text.length > 2048 ? { bytes: Buffer.byteLength(text, "utf8") } : text,
  };
  await appendRecorded(options.home, [body], { now: options.now });
}
