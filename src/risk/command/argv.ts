/**
 * Reading an argv the way most programs do: positional arguments, options (clusters,
 * `--name=value`), option values, and the commands feeding a pipeline stage.
 */
import type { ShellCommand, Word } from "../shell-model.js";

/** Positional arguments (not options, not option values), honouring `--`. */
export function positionals(args: Word[], valueOptions: string[] = []): Word[] {
  const found: Word[] = [];
  let optionsEnded = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (optionsEnded || !arg.value.startsWith("-") || arg.value === "-") {
      found.push(arg);
      continue;
    }
    if (arg.value === "--") {
      optionsEnded = true;
      continue;
    }
    if (valueOptions.includes(arg.value)) i += 1;
  }
  return found;
}

/**
 * True when any argument is one of `names`, or a short-option cluster containing `letter`. With
 * `abbreviated`, a long option may be written as a prefix of three letters or more (`--rec`,
 * `--forc`, `--del`), as GNU getopt accepts: for the deleting flags of programs that take them.
 */
export function hasOption(args: Word[], names: string[], letter?: string, abbreviated = false): boolean {
  for (const arg of args) {
    const value = arg.value;
    if (value === "--") return false;
    if (
      names.includes(value) ||
      names.some((name) => name.startsWith("--") && value.startsWith(`${name}=`)) ||
      (abbreviated &&
        /^--[a-z][\w-]{2,}$/.test(value) &&
        names.some((name) => name.startsWith("--") && name.startsWith(value)))
    ) {
      return true;
    }
    if (letter && /^-[a-zA-Z]+$/.test(value) && value.slice(1).includes(letter)) return true;
  }
  return false;
}

/** The value of an option (`-X POST`, `-XPOST`, `--request=POST`), or null. */
export function optionValue(args: Word[], names: string[]): string | null {
  for (let i = 0; i < args.length; i += 1) {
    const value = args[i]!.value;
    for (const name of names) {
      if (value === name) return args[i + 1]?.value ?? null;
      if (name.startsWith("--") && value.startsWith(`${name}=`)) return value.slice(name.length + 1);
      if (!name.startsWith("--") && name.length === 2 && value.startsWith(name) && value.length > 2) {
        return value.slice(2);
      }
    }
  }
  return null;
}

/** The commands in a pipeline before `command` (what feeds its stdin). */
export function upstream(commands: ShellCommand[], command: ShellCommand): ShellCommand[] {
  return commands.filter((other) => other.pipeline === command.pipeline && other.position < command.position);
}
