/**
 * The shape of a program rule: it receives one simple command with its wrappers stripped and
 * raises the action's score. Types only, so rule tables (src/risk/rules/) and the judge
 * (src/risk/commands.ts, src/risk/invocation-judge.ts) depend on this file and never on each
 * other's values.
 */
import type { ShellScript, Word } from "../shell-model.js";
import type { Signals } from "../signals.js";
import type { Invocation } from "../wrappers.js";

/** Parses a command line; throws RISK_PARSER_NOT_LOADED when the parser is needed but not loaded. */
export type ShellParse = (text: string) => ShellScript;

export interface RuleContext {
  signals: Signals;
  script: ShellScript;
  /** How deep in inline scripts this command is: 0 for the line itself, 1 for `find -exec`'s, … */
  depth: number;
  /** What handed this script over, as the nesting rule named it (`docker exec runs`), or "". */
  via: string;
  /** Judges text that will run as a shell script (an inline script, a remote command). */
  nested(script: Word, label: string): void;
}

export type Rule = (invocation: Invocation, context: RuleContext) => void;

/** A rule table entry per program name. */
export type RuleTable = Record<string, Rule>;

export function fromList(names: string, rule: Rule): RuleTable {
  return Object.fromEntries(names.split(" ").map((name) => [name, rule]));
}
