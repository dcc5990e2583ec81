/**
 * Scripts that run later, judged now: what `at`/`batch` read on stdin, and what an alias will
 * run when it is used.
 */
import { upstream } from "../command/argv.js";
import { pipedText } from "../command/feed.js";
import type { RuleContext, RuleTable } from "../command/rule.js";
import type { Invocation } from "../wrappers.js";
import { pathSearchedFirst } from "./through-commands.js";

/** `PATH=/tmp:$PATH …`: what the line's program names run is whatever was put there (high, unknown). */
export function pathFirst(assignment: string, named: string, context: RuleContext): void {
  const searched = pathSearchedFirst(assignment);
  if (searched !== null)
    context.signals.score.raise(
      "high",
      `PATH searches ${searched} first, where anyone may put a program: what ${named} runs there is unknown`,
    );
}

function scheduled(invocation: Invocation, context: RuleContext): void {
  // `at -r N`, `atrm N`: scheduled jobs removed
  if (invocation.program === "atrm" || invocation.args.some((word) => /^-[rd]$/.test(word.value)))
    return void context.signals.score.raise("high", "removes scheduled jobs", "destructive_command");
  context.signals.score.raise("medium", `${invocation.program} schedules a script to run later`);
  const file = invocation.args.findIndex((word) => word.value === "-f");
  if (file >= 0 && invocation.args[file + 1]) context.signals.read(invocation.args[file + 1]!);
  const text = pipedText(context.script.commands, invocation.command);
  if (text !== null)
    context.nested({ value: text, dynamic: false, inner: [] }, `${invocation.program} runs later`);
  else if (upstream(context.script.commands, invocation.command).length > 0)
    context.signals.score.raise("high", `${invocation.program} runs text produced at run time`);
}

/**
 * Variables whose value the shell itself runs: `PROMPT_COMMAND` before every prompt. An
 * assignment to one (`export PROMPT_COMMAND='…'`, or bare) is judged as that script.
 */
export function shellRunsVariables(assignments: string[], context: RuleContext): void {
  for (const assignment of assignments) {
    // `HISTSIZE=0`, `HISTFILE=/dev/null`: the shell stops keeping its record (as history -c erases it)
    if (
      /^(HISTSIZE|HISTFILESIZE|SAVEHIST)=['"]?0?['"]?$|^HISTFILE=['"]?(\/dev\/null)?['"]?$/.test(assignment)
    )
      context.signals.score.raise("high", `${assignment} stops the shell's history`, "destructive_command");
    pathFirst(assignment, "a later command", context);
    const value = /^PROMPT_COMMAND=(.*)$/s.exec(assignment)?.[1];
    if (value)
      context.nested({ value, dynamic: false, inner: [] }, "PROMPT_COMMAND runs before every prompt");
  }
}

export const DEFERRED_RULES: RuleTable = {
  ...Object.fromEntries(
    ["export", "declare", "typeset", "readonly", "local"].map((name) => [
      name,
      (invocation: Invocation, context: RuleContext) => {
        shellRunsVariables(
          invocation.args.filter((word) => !word.dynamic).map((word) => word.value),
          context,
        );
        // (`export PATH=/tmp:$PATH`: the value keeps the run-time $PATH)
        for (const word of invocation.args)
          if (word.dynamic) pathFirst(word.value, "a later command", context);
      },
    ]),
  ),
  // `unset HISTFILE`, `set +o history`: the shell stops keeping its record (as history -c erases it)
  unset: (invocation, context) => {
    if (invocation.args.some((word) => /^(HISTFILE|HISTSIZE|HISTFILESIZE)$/.test(word.value)))
      context.signals.score.raise("high", "unset HISTFILE stops the shell's history", "destructive_command");
  },
  set: (invocation, context) => {
    const values = invocation.args.map((word) => word.value);
    if (values.some((value, i) => value === "+o" && values[i + 1] === "history"))
      context.signals.score.raise("high", "set +o history stops the shell's history", "destructive_command");
  },
  // `at`/`batch` run the script on their stdin later (`at now + 1 minute <<< "…"`)
  at: scheduled,
  batch: scheduled,
  atrm: scheduled,
  // `alias x='…'`: what the alias runs when used is judged now
  alias: (invocation, context) => {
    for (const arg of invocation.args) {
      const value = /^[^=]+=(.*)$/s.exec(arg.value)?.[1];
      if (value) context.nested({ ...arg, value }, `alias ${arg.value.split("=")[0]} runs`);
    }
  },
};
