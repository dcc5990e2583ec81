/**
 * One hook call: payload → action (and what else it carries) → classification → policy →
 * event appended (fsync'd) → the agent's answer.
 *
 * - Only ever tighten: the policy's `allow` without a rule is `pass` — recorded as such and
 *   answered with no decision, so the agent's own permission flow runs. `allow` is answered
 *   only when an explicit allow rule matched (docs/decisions/hooks-only-tighten.md).
 * - Where the agent cannot ask (Cursor's file reads, its preToolUse), an `ask` is a deny
 *   unless the policy says `cannot_ask: allow`; the message says so.
 * - Never crash open on a pre call: any failure (bad payload, unusable policy, trail not
 *   writable, a bug) is answered with a deny carrying the reason, and recorded when the trail
 *   allows. A post call (an outcome) is never denied: a failure there is reported on stderr.
 * - No secret reaches the answer: the reason (which may quote the command) is scrubbed of the
 *   secrets the recorded event had redacted, with the same markers (src/redact).
 */
import type { Action, ActionTarget } from "../action/index.js";
import {
  AGENT_SPECS,
  type AgentName,
  type HookCall,
  type Json,
  parsePayload,
  type Verdict,
} from "../agents/index.js";
import type { EventBody } from "../chain/index.js";
import { homePaths, loadSealKey } from "../home/index.js";
import {
  evaluatePolicy,
  loadPolicy,
  type Policy,
  type PolicyDecision,
  policyDigest,
} from "../policy/index.js";
import { appendRecorded, appendRedacted, toEventBody } from "../record/index.js";
import { digestRedacted } from "../redact/index.js";
import { analyze, mergeAnalyses, plainPowerShell, type RiskAnalysis, riskRank } from "../risk/index.js";
import { answerFailure } from "./failure.js";
import { judgePowerShell } from "./powershell.js";
import { type HookOptions, type HookResult, reply } from "./reply.js";

/** The longest a hook call waits for the trail lock a live writer holds (docs/hooks.md). */
const HOOK_LOCK_WAIT_MS = 10_000;

export const CALLS = Object.fromEntries(
  Object.entries(AGENT_SPECS).map(([agent, spec]) => [agent, spec.call]),
) as Record<AgentName, (payload: Json) => HookCall>;

function describeRisk(analysis: RiskAnalysis): string {
  const flags = analysis.flags.length > 0 ? ` [${analysis.flags.join(", ")}]` : "";
  return analysis.level === "none" ? "no risk found" : `${analysis.level} risk${flags}`;
}

function explain(verdict: Verdict, analysis: RiskAnalysis, policy: PolicyDecision, note = ""): string {
  const why = [...policy.reasons, ...analysis.reasons.slice(0, 3)].join("; ");
  const head =
    verdict === "deny"
      ? "trailseal: denied"
      : verdict === "ask"
        ? "trailseal: needs your confirmation"
        : verdict === "allow"
          ? `trailseal: allowed by ${policy.rule}`
          : "trailseal: no objection";
  return `${head} (${describeRisk(analysis)})${why ? `: ${why}` : ""}${note}`;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface JudgeOptions {
  /**
   * Read the script files the command runs and judge their text (src/hooks/scripts.ts): the
   * hook's pre-tool judgement, and `trailseal classify --read-scripts`.
   */
  readScripts?: boolean;
  /** The call's command is a script file's text read from disk (judged as src/hooks/scripts.ts says). */
  inFile?: boolean;
}

/**
 * The call's classification: its target, everything else it carries, PowerShell as PowerShell,
 * and with `readScripts` the scripts it runs as their text on disk says.
 */
export async function judgeCall(call: HookCall, options: JudgeOptions = {}): Promise<RiskAnalysis> {
  const action = call.action!;
  const inFile = { inFile: options.inFile === true, powerShellFile: call.powershell === true };
  let analysis = await analyze(action, inFile);
  for (const target of call.extra.slice(0, 64) as ActionTarget[])
    analysis = mergeAnalyses(analysis, await analyze({ ...action, target }, inFile));
  if (call.powershell && action.target.kind === "command" && action.target.command.trim() !== "") {
    // PowerShell's spelling removed (`Remove-It`em`, `& ('Remove-'+'Item')`, .NET file calls):
    // the rewritten code and what Start-Process runs are judged as well (src/risk/powershell-spelling.ts)
    const plain = plainPowerShell(action.target.command);
    const texts = plain.code === action.target.command ? [] : [plain.code, ...plain.started];
    for (const command of texts)
      analysis = mergeAnalyses(
        analysis,
        await analyze({ ...action, target: { kind: "command", command } }, inFile),
      );
    for (const finding of judgePowerShell(plain.code)) {
      const level = options.inFile && finding.runTime ? "medium" : finding.level;
      analysis = mergeAnalyses(analysis, {
        ...analysis,
        level,
        flags: finding.flags,
        reasons: [finding.reason],
        leading: [finding.reason],
      });
    }
    // (in a script file's text, the script's own variable: the medium of any script)
    if (plain.unknown) {
      const reason = `PowerShell calls a command named at run time (${plain.unknown.slice(0, 60)}): what runs is unknown`;
      analysis = mergeAnalyses(analysis, {
        ...analysis,
        level: options.inFile ? "medium" : "high",
        leading: [reason],
        flags: [],
        reasons: [reason],
      });
    }
  }
  // (loaded only when a script file runs: the common paths read no file for this)
  if (options.readScripts && analysis.scripts.length > 0) {
    const { judgeScripts } = await import("./scripts.js");
    analysis = await judgeScripts(analysis, action.cwd ?? null, (command, powershell) =>
      judgeCall(
        { ...call, action: { ...action, target: { kind: "command", command } }, extra: [], powershell },
        { inFile: true },
      ),
    );
  }
  return analysis;
}

/**
 * One action judged as the hook's pre-tool judgement judges it (`trailseal classify
 * --read-scripts`): a generic action has no PowerShell marker and carries nothing else.
 */
export function judgeAction(action: Action, options: JudgeOptions = {}): Promise<RiskAnalysis> {
  return judgeCall({ phase: "pre", event: "classify", action, extra: [], canAsk: true }, options);
}

/**
 * The rule a decision names in the trail: the matching rule when one decided; `max_risk` for a
 * level deny; `ask` for the ask threshold; `cannot_ask` where the agent could not ask; null when
 * the policy had no opinion (or could not be loaded).
 */
function ruleOf(policy: PolicyDecision, loaded: Policy | undefined, note: string): string | null {
  if (!loaded) return null;
  if (note) return "cannot_ask";
  if (policy.rule) return policy.rule;
  if (policy.decision === "deny") return "max_risk";
  if (policy.decision === "ask") return "ask";
  return null;
}

/**
 * What `agent` is answered for a policy decision: an allow without an allow rule (or to an agent
 * that cannot take one) is `pass`, no decision; an ask where the agent cannot ask becomes
 * `cannot_ask`'s deny or pass, with a note saying so. (`trailseal policy test` shows the same.)
 */
export function verdictOf(
  agent: AgentName,
  call: Pick<HookCall, "canAsk">,
  policy: PolicyDecision,
  cannotAsk: "deny" | "allow",
): { verdict: Verdict; note: string } {
  const spec = AGENT_SPECS[agent];
  let verdict: Verdict =
    policy.decision === "allow" && (!policy.rule || !spec.canAllow) ? "pass" : policy.decision;
  let note = "";
  if (verdict === "ask" && !call.canAsk) {
    verdict = cannotAsk === "allow" ? "pass" : "deny";
    note =
      verdict === "deny"
        ? ` (${spec.label} cannot ask here, so trailseal denies; set "cannot_ask: allow" in policy.yaml to let such calls through)`
        : ` (${spec.label} cannot ask here; policy cannot_ask: allow)`;
  }
  return { verdict, note };
}

/** The rule that decided, as the trail names it (exported for `trailseal policy test`). */
export const decidingRule = ruleOf;

/** The seal key authenticates the validated-policy cache (src/policy/cache.ts). */
const sealKeyOf = (home: string) => () => loadSealKey(home).then((sealKey) => sealKey.key);

export async function runHook(agent: AgentName, text: string, options: HookOptions): Promise<HookResult> {
  let call: HookCall | null = null;
  options = { ...options, lockDeadline: options.lockDeadline ?? Date.now() + HOOK_LOCK_WAIT_MS };
  try {
    call = CALLS[agent](parsePayload(text));
    if (call.phase === "ignore" || !call.action) return reply(agent, call, "pass", "");
    const action = call.action;
    if (call.digest) action.input = await withDigests(options.home, action.input, call.digest);
    // The policy loads while the command is parsed (the grammar may be compiling).
    const policyPath = homePaths(options.home).policy;
    const policyPromise =
      call.phase === "pre" ? loadPolicy(policyPath, { cacheKey: sealKeyOf(options.home) }) : null;
    policyPromise?.catch(() => undefined);
    const analysis = await judgeCall(call, { readScripts: call.phase === "pre" });
    const classification = { level: analysis.level, flags: analysis.flags, reasons: analysis.reasons };
    if (call.phase === "post") {
      const outcome = call.outcome ?? null;
      const body = toEventBody({ action, classification, decision: "logged", phase: "post", outcome });
      await appendRecorded(options.home, [body, ...(await commitsMade(action, options))], options);
      return reply(agent, call, "pass", "");
    }
    let policy: PolicyDecision;
    let cannotAsk: "deny" | "allow" = "deny";
    // The loaded policy also gives redaction its settings: policy.yaml is read once per call.
    let loaded: Policy | undefined;
    try {
      loaded = await policyPromise!;
      cannotAsk = loaded.cannot_ask ?? "deny";
      policy = await evaluatePolicy(loaded, analysis);
    } catch (error) {
      policy = { decision: "deny", reasons: [`policy unusable (${message(error)})`] };
    }
    const { verdict, note } = verdictOf(agent, call, policy, cannotAsk);
    // Witness before act: only this branch loads the gate (relay config, seal, witness client).
    const gated =
      verdict !== "deny" &&
      loaded?.witness_before !== undefined &&
      riskRank(analysis.level) >= riskRank(loaded.witness_before);
    const gate = gated ? (await import("./witness-before.js")).witnessGate(options.home) : null;
    const gateOff = gate && !gate.on ? gate.off : null;
    const reasons = note ? [...policy.reasons, note.trim().replace(/^\(|\)$/g, "")] : policy.reasons;
    const digest = loaded ? policyDigest(loaded) : null;
    const body = toEventBody({
      action,
      classification,
      decision: verdict,
      phase: "pre",
      reasons: gateOff ? [...reasons, gateOff] : reasons,
      policy: { digest, rule: ruleOf(policy, loaded, note), agent_flow: verdict === "pass" },
    });
    const appendOptions = digest ? { ...options, policy: { digest, path: policyPath } } : options;
    const { scrub } = await appendRedacted(options.home, [body], appendOptions, loaded);
    if (gate?.on) {
      const { DEFAULT_WITNESS_BEFORE_SECONDS, witnessNow } = await import("./witness-before.js");
      const seconds = loaded!.witness_before_timeout_seconds ?? DEFAULT_WITNESS_BEFORE_SECONDS;
      const failure = await witnessNow(options.home, seconds * 1000);
      if (failure !== null) {
        // Fail closed, and say so in the trail: the action's event, then this deny.
        const why = `witness_before ${loaded!.witness_before}: not witnessed in time, denied: ${failure}`;
        const denial = toEventBody({
          action,
          classification,
          decision: "deny",
          phase: "pre",
          reasons: [why],
          policy: { digest, rule: "witness_before", agent_flow: false },
        });
        await appendRedacted(options.home, [denial], options, loaded);
        return reply(
          agent,
          call,
          "deny",
          await scrub(`trailseal: denied (${describeRisk(analysis)}): ${why}`),
        );
      }
    }
    // No agent shows a reason for `pass` (nothing is answered): it is neither built nor scanned.
    const reason = verdict === "pass" ? "" : await scrub(explain(verdict, analysis, policy, note));
    return reply(agent, call, verdict, reason);
  } catch (error) {
    return answerFailure(agent, text, call, message(error), options);
  }
}

/**
 * The commits a shell command that ran git made, as commit events (src/commits): the module
 * loads only for such a command, so the common path pays one regular expression. A failure to
 * read them leaves the call's own event to be recorded.
 */
async function commitsMade(
  action: NonNullable<HookCall["action"]>,
  options: HookOptions,
): Promise<EventBody[]> {
  const target = action.target;
  if (target.kind !== "command" || !/\bgit\b/.test(target.command)) return [];
  try {
    const { observeToolCommand } = await import("../commits/index.js");
    return observeToolCommand({
      command: target.command,
      cwd: action.cwd ?? process.cwd(),
      agent: action.agent,
      session: action.session,
      now: (options.now ?? (() => new Date()))(),
    });
  } catch {
    return [];
  }
}

/** The input with each of `members` as the digest of its redacted text. */
async function withDigests(home: string, input: unknown, members: Record<string, string>) {
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [member, text] of Object.entries(members)) out[member] = await digestRedacted(home, text);
  return out;
}
