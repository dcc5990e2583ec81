/**
 * `trailseal policy check` and `trailseal policy test '<command>'`: a policy is checked before it
 * bites. check validates (POLICY_INVALID, exit 2, with the line) and prints the effective rules
 * with their sources; test runs a command through each agent's own hook path (its shell payload,
 * the classification, the policy, the verdict the agent would get) without recording anything.
 */
import { basename } from "node:path";
import { AGENT_SPECS, AGENTS } from "../../agents/index.js";
import { fileCalls } from "../../durable/index.js";
import { configError, hasCode } from "../../errors/index.js";
import { homePaths } from "../../home/index.js";
import { decidingRule, judgeCall, verdictOf } from "../../hooks/index.js";
import {
  DEFAULT_POLICY,
  evaluatePolicy,
  explainPolicy,
  type Policy,
  parsePolicy,
} from "../../policy/index.js";
import { messageScrubber } from "../../redact/index.js";
import { riskRank } from "../../risk/index.js";
import { paint, useColour } from "../../terminal/index.js";
import { type CliIO, printJson, println } from "../io.js";

export interface PolicyOptions {
  home: string;
  /** Another policy file than the home's policy.yaml. */
  policy?: string;
  json?: boolean;
}

async function readPolicy(
  options: PolicyOptions,
): Promise<{ path: string; text: string | null; policy: Policy }> {
  const path = options.policy ?? homePaths(options.home).policy;
  let text: string | null = null;
  try {
    text = await fileCalls.readFile(path, "utf8");
  } catch (error) {
    // A file named on the command line must exist; the home's may be absent (the default applies).
    if (!hasCode(error, "ENOENT")) throw error;
    if (options.policy !== undefined)
      throw configError("POLICY_NOT_FOUND", `${options.policy}: no such file`, {
        hint: "name an existing policy file, or leave --policy out for <home>/policy.yaml",
      });
  }
  return { path, text, policy: text === null ? DEFAULT_POLICY : await parsePolicy(text, basename(path)) };
}

export async function runPolicyCheck(options: PolicyOptions, io: CliIO): Promise<number> {
  const { path, text, policy } = await readPolicy(options);
  const rules = await explainPolicy(text, policy, basename(path));
  if (options.json) {
    printJson(io, { ok: true, path, exists: text !== null, rules });
    return 0;
  }
  println(io, text === null ? `${path}: no such file, the built-in default applies` : `${path}: valid`);
  const width = Math.max(...rules.map((rule) => rule.key.length));
  for (const rule of rules) {
    const value = Array.isArray(rule.value) ? "(none)" : JSON.stringify(rule.value);
    println(io, `  ${rule.key.padEnd(width)}  ${value}  (${rule.source})`);
  }
  return 0;
}

export async function runPolicyTest(
  command: string,
  options: PolicyOptions & { cwd: string },
  io: CliIO,
): Promise<number> {
  const { path, policy } = await readPolicy(options);
  const cannotAsk = policy.cannot_ask ?? "deny";
  const agents = [];
  let first: Awaited<ReturnType<typeof judgeCall>> | null = null;
  let decided: { decision: string; rule: string | null; reasons: string[] } | null = null;
  for (const agent of AGENTS) {
    const spec = AGENT_SPECS[agent];
    const call = spec.call(spec.shell(command, options.cwd));
    // (as the hook judges it: a script the command runs is read from the working directory, docs/risk.md)
    const analysis = await judgeCall(call, { readScripts: true });
    const decision = await evaluatePolicy(policy, analysis, { home: io.env.HOME });
    const { verdict, note } = verdictOf(agent, call, decision, cannotAsk);
    const gated =
      verdict !== "deny" &&
      policy.witness_before !== undefined &&
      riskRank(analysis.level) >= riskRank(policy.witness_before);
    first ??= analysis;
    decided ??= {
      decision: decision.decision,
      rule: decidingRule(decision, policy, note),
      reasons: decision.reasons,
    };
    agents.push({
      agent,
      verdict,
      ...(note ? { note: note.trim().replace(/^\(|\)$/g, "") } : {}),
      ...(gated ? { witness_before: policy.witness_before } : {}),
    });
  }
  // Nothing is recorded, yet the command and the reasons that quote it are shown as the trail
  // would hold them: with markers in place of the secrets it passes.
  const scrub = await messageScrubber(options.home);
  const [shown, ...reasons] = await scrub({ commands: [command] }, [
    command,
    ...first!.reasons,
    ...decided!.reasons,
  ]);
  const result = {
    command: shown!,
    policy: path,
    level: first!.level,
    flags: first!.flags,
    reasons: reasons.slice(0, first!.reasons.length),
    decision: decided!.decision,
    rule: decided!.rule,
    because: reasons.slice(first!.reasons.length),
    agents,
  };
  if (options.json) {
    printJson(io, result);
    return 0;
  }
  const on = useColour(io.stdout, io.env);
  println(
    io,
    `level     ${paint(result.level, result.level, on)}${result.flags.length > 0 ? ` [${result.flags.join(", ")}]` : ""}`,
  );
  for (const reason of result.reasons.slice(0, 5)) println(io, `          - ${reason}`);
  println(
    io,
    `decision  ${paint(result.decision, result.decision, on)}${result.rule ? ` by ${result.rule}` : " (no rule: the policy has no objection)"}`,
  );
  for (const reason of result.because) println(io, `          - ${reason}`);
  println(io, "verdicts");
  const width = Math.max(...AGENTS.map((agent) => agent.length));
  for (const entry of agents) {
    const shown = paint(
      entry.verdict === "pass" ? "pass (no decision: the agent's own permission flow)" : entry.verdict,
      entry.verdict,
      on,
    );
    const gate = entry.witness_before
      ? `, after a witnessed seal (witness_before ${entry.witness_before})`
      : "";
    println(io, `  ${entry.agent.padEnd(width)}  ${shown}${gate}${entry.note ? ` — ${entry.note}` : ""}`);
  }
  return 0;
}
