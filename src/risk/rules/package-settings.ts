/**
 * A package manager's settings that name what runs every later script (docs/risk.md, "Commands
 * stored in settings"): `npm config set script-shell /tmp/x`, `pnpm config set shell ./x.sh`,
 * `npm set node-options '--require /tmp/x.js'`. Medium as any stored setting that runs later;
 * high when the program is in a directory anyone may write or relative to here, a run-time
 * value, or code loaded into node, since what it does is not in the line.
 */
import type { RuleContext } from "../command/rule.js";
import type { Word } from "../shell-model.js";

/** Settings naming the program a package manager runs scripts, git or an editor with. */
const RUNNER_SETTING = /^(script-shell|shell|git|editor|browser|viewer|node-options)$/;

function storedRunner(program: string, words: Word[], context: RuleContext): void {
  const pairs: [string, Word | undefined][] = [];
  for (let i = 0; i < words.length; i += 1) {
    const eq = /^([\w-]+)=(.*)$/s.exec(words[i]!.value);
    if (eq) pairs.push([eq[1]!, { ...words[i]!, value: eq[2]! }]);
    else pairs.push([words[i]!.value, words[++i]]);
  }
  for (const [key, value] of pairs) {
    if (!RUNNER_SETTING.test(key) || !value) continue;
    // a program in a directory anyone may write, relative to here, a run-time value, or code loaded into node
    const unknown =
      value.dynamic ||
      /^(\/tmp|\/var\/tmp|\/dev\/shm|\.{1,2}\/|~)/.test(value.value) ||
      (key === "node-options" && /(^|\s)(--require|-r|--import|--loader)\b/.test(value.value));
    context.signals.score.raise(
      unknown ? "high" : "medium",
      `${program} config ${key} stores what runs every later script${unknown ? ` (${value.value.slice(0, 60)}): what it does is not in the line` : ""}`,
      "config_file_modification",
    );
  }
}

/** What `pkg set` and `config set`/`set` store that runs later, judged now. */
export function storedSettings(
  program: string,
  sub: string,
  args: Word[],
  all: Word[],
  context: RuleContext,
): void {
  // `npm pkg set scripts.postinstall='…'`: a stored command that runs later (install runs it)
  if (sub === "pkg" && args[1]?.value === "set") {
    for (const word of args.slice(2)) {
      const stored = /^scripts\.[\w:-]+=(.*)$/s.exec(word.value);
      if (stored && !word.dynamic)
        context.nested(
          { value: stored[1]!, dynamic: false, inner: [] },
          `${program} pkg set stores a script`,
        );
    }
  }
  // `npm config set script-shell /tmp/x`, `pnpm config set shell …`, `npm set node-options
  // '--require /tmp/x.js'`: a program or code the manager runs for every later script
  if ((sub === "config" && /^set$/.test(args[1]?.value ?? "")) || sub === "set") {
    const after = all.indexOf(args[sub === "set" ? 0 : 1]!);
    storedRunner(
      program,
      all.slice(after + 1).filter((word) => !/^--(global|location\b.*|local|user|project)$/.test(word.value)),
      context,
    );
  }
}
