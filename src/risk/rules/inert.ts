import type { Word } from "../shell-model.js";

/**
 * A call that changes nothing whatever its verb: help (`--help`, `help` as the sub-command,
 * `-h` alone), the version (`--version`, `version`, `-V` alone), a dry run (`--dry-run`,
 * `--dryrun`, `--dry-run=client|server`, `--what-if`, `-WhatIf`, `--no-act`, `--simulate`,
 * `--plan`). Only for programs that do not run another command with their arguments (shells,
 * interpreters and launchers pass `--help` on to what they run); the caller checks that.
 */
export function inertCall(args: Word[], program = ""): string | null {
  const values: string[] = [];
  for (const arg of args) {
    if (arg.value === "--") break;
    values.push(arg.value);
  }
  const words = values.filter((value) => !value.startsWith("-"));
  if (
    values.some((value) => /^(--help|-help|-\?|\/\?)$/.test(value)) ||
    words[0] === "help" ||
    // the AWS CLI's help is a last word after the command's own words (`aws s3 rm help`); with
    // an operand or an option before it, the call is read as it stands
    (program === "aws" &&
      words.at(-1) === "help" &&
      values.every((value) => /^[a-z][a-z0-9-]*$/.test(value))) ||
    (values.length === 1 && values[0] === "-h") ||
    // `scw rdb instance delete -h`: `-h` last after the command's own words (an option that takes
    // a value, as `-h HOST`, cannot end the line)
    (values.at(-1) === "-h" && values.slice(0, -1).every((value) => /^[a-z][a-z0-9-]*$/.test(value)))
  )
    return "prints help";
  if (
    // (`--version all`, `--version 3` after a sub-command choose a version: not the print)
    values.some((value, i) => value === "--version" && !/^[^-]/.test(values[i + 1] ?? "-")) ||
    // (`mc version suspend alias/bucket`: versioning switched, a sub-command, not the print)
    (words[0] === "version" && !/^(enable|suspend|disable|set|unset|on|off)$/.test(words[1] ?? "")) ||
    (values.length === 1 && values[0] === "-V")
  )
    return "prints its version";
  const dry = values.find((value) =>
    // (`--assumeno`: yum and dnf answer no; `--test`: rpm and LVM only check; `--preview-only`: pulumi)
    /^(--dry-?run(=(client|server|true|yes|on|1))?|--what-?if|-whatif|--no-act|--simulate|--plan|--assumeno|--test|--preview-only|--noop)$/i.test(
      value,
    ),
  );
  if (dry) return `dry run (${dry}): changes nothing`;
  return null;
}
