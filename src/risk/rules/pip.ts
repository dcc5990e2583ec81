/**
 * Python's package installers (pip, pip3, pipx): reading sub-commands none, installs medium, an
 * install into the system Python (`--break-system-packages`) high.
 */
import { hasOption, positionals } from "../command/argv.js";
import type { Rule } from "../command/rule.js";

/** pip and friends. */
export const pip: Rule = (invocation, context) => {
  const sub =
    positionals(invocation.args, ["-r", "-c", "-e", "--index-url", "-i", "--target", "-t"])[0]?.value ?? "";
  const { score } = context.signals;
  if (
    /^(list|show|freeze|check|search|help|--version|debug|inspect|index|download-info)$/.test(sub) ||
    sub === ""
  )
    return void score.raise("none", "");
  const system = hasOption(invocation.args, ["--break-system-packages"]);
  score.raise(
    system ? "high" : "medium",
    `${invocation.program} ${sub} installs packages${system ? " into the system Python" : ""}`,
    ...(system ? (["system_modification"] as const) : []),
  );
};
