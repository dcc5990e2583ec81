/**
 * Risk classification (docs/risk.md): action → {level, flags, reasons}. This file
 * is the capability's only door.
 *
 * Commands are parsed with a real shell parser (tree-sitter-bash, loaded lazily; an exact
 * tokenizer answers the quote-free subset without loading it), wrappers are stripped and
 * every simple command is judged by its program's rules; paths, hosts and MCP tool names
 * have their own rules. Layout: `commands.ts` reads a command line in order (assignments,
 * `cd`, xargs/parallel input) and judges each command; `command/` holds the rule machinery
 * (argv reading, the Rule type, pipeline feeds, literal expansion); `rules/` the rule tables
 * per family. Dependencies go one way: rules never import commands.ts. Invariants: the level
 * is the highest signal found; input the parser cannot read is at least high, never none;
 * what is only known at run time (a program, a script, a delete target) is at least high;
 * text that is only an argument is not an action. docs/risk.md lists the rule families and
 * why; docs/decisions/risk-test-command.md the test-command rule.
 */
import type { Action } from "../action/index.js";
import type { RiskFlag, RiskLevel } from "../chain/index.js";
import { RISK_FLAGS } from "../chain/index.js";
import { hasCode } from "../errors/index.js";
import { type AnalyzeOptions, analyzeAction } from "./classify.js";
import { riskRank } from "./score.js";
import type { ShellScript } from "./shell-model.js";
import { isShellParserLoaded, loadShellParser, parseWithTreeSitter } from "./shell-parser.js";
import type { ScriptRun, Signals } from "./signals.js";
import { lexSimpleCommand } from "./simple-lexer.js";

export { canonicalPattern } from "./canonical.js";
export type { AnalyzeOptions } from "./classify.js";
export { joinContinuations } from "./continuations.js";
export type { HostClass } from "./hosts.js";
export { classifyHost, parseTarget } from "./hosts.js";
export { isSystemPath, normalizePath, sensitiveReason } from "./paths.js";
export { plainPowerShell } from "./powershell-spelling.js";
export { maxLevel, riskRank } from "./score.js";
export { scriptCommand, scriptLanguage } from "./script-text.js";
export type { ShellBackend } from "./shell-grammar.js";
export type { ShellCommand, ShellScript, Word } from "./shell-model.js";
export { isShellParserLoaded, loadShellParser, shellParserBackend } from "./shell-parser.js";
export { decodeAnsiC } from "./shell-quoting.js";
export type { ScriptRun } from "./signals.js";
export { lexSimpleCommand } from "./simple-lexer.js";
export type { Invocation } from "./wrappers.js";
export { resolveInvocation, shellQuote } from "./wrappers.js";

export interface Classification {
  level: RiskLevel;
  flags: RiskFlag[];
  reasons: string[];
}

/** A classification plus what the policy matches against. */
export interface RiskAnalysis extends Classification {
  /** Per simple command: its text as written and at each wrapper-stripping stage. */
  commands: string[][];
  /** Per simple command (same order as `commands`): its canonical form, or null (docs/policy.md). */
  canonical: (string | null)[];
  paths: string[];
  hosts: string[];
  unparsable: boolean;
  /** Script files the command runs whose text the line does not give (the hook reads them). */
  scripts: ScriptRun[];
  /** The reasons raised at the final level: what the level stands on. */
  leading: string[];
}

/**
 * Two judgements of one call as one: the higher level, the flags, reasons, commands, paths, hosts
 * and scripts of both (each once), and the leading reasons of the level that won (of both when
 * they tie).
 */
export function mergeAnalyses(a: RiskAnalysis, b: RiskAnalysis): RiskAnalysis {
  return {
    level: riskRank(b.level) > riskRank(a.level) ? b.level : a.level,
    flags: [...new Set<RiskFlag>([...a.flags, ...b.flags])],
    reasons: [...a.reasons, ...b.reasons.filter((r) => !a.reasons.includes(r))],
    commands: [...a.commands, ...b.commands],
    canonical: [...a.canonical, ...b.canonical],
    paths: [...a.paths, ...b.paths],
    hosts: [...a.hosts, ...b.hosts],
    unparsable: a.unparsable || b.unparsable,
    scripts: [...a.scripts, ...b.scripts.filter((run) => !a.scripts.some((seen) => seen.path === run.path))],
    leading:
      a.level === b.level
        ? [...a.leading, ...b.leading.filter((r) => !a.leading.includes(r))]
        : riskRank(b.level) > riskRank(a.level)
          ? b.leading
          : a.leading,
  };
}

/** Parses a command line: the exact tokenizer when it can, else tree-sitter (must be loaded). */
export function parseShell(text: string): ShellScript {
  return lexSimpleCommand(text) ?? parseWithTreeSitter(text);
}

function toAnalysis(signals: Signals): RiskAnalysis {
  const flags = RISK_FLAGS.filter((flag) => signals.score.flags.has(flag));
  return {
    level: signals.score.level,
    flags,
    reasons: signals.score.reasons.filter(Boolean),
    commands: signals.commandForms,
    canonical: signals.canonicalForms,
    paths: signals.paths,
    hosts: signals.hosts,
    unparsable: signals.unparsable,
    scripts: signals.scripts,
    leading: signals.score.leading().filter(Boolean),
  };
}

/**
 * Synchronous analysis. Throws RISK_PARSER_NOT_LOADED when a command needs the shell parser
 * and `loadShellParser()` has not finished; `analyze` handles that for you.
 */
export function analyzeSync(action: Action, options: AnalyzeOptions = {}): RiskAnalysis {
  return toAnalysis(analyzeAction(action, parseShell, options));
}

export async function analyze(action: Action, options: AnalyzeOptions = {}): Promise<RiskAnalysis> {
  try {
    return analyzeSync(action, options);
  } catch (error) {
    if (!hasCode(error, "RISK_PARSER_NOT_LOADED") || isShellParserLoaded()) throw error;
    await loadShellParser();
    return analyzeSync(action, options);
  }
}

export function classifySync(action: Action): Classification {
  const { level, flags, reasons } = analyzeSync(action);
  return { level, flags, reasons };
}

export async function classify(action: Action): Promise<Classification> {
  const { level, flags, reasons } = await analyze(action);
  return { level, flags, reasons };
}
