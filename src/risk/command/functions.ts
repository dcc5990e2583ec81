/**
 * Functions defined within the command line that run their arguments (`run() { "$@"; }`):
 * the body's run-time program is whatever each call passes, so each call is judged as the
 * command its words make (`run rm -rf ~` deletes the home), and the body itself is not a
 * program named at run time when every use of the function is in the line.
 */
import type { ShellCommand, ShellScript, Word } from "../shell-model.js";
import { shellQuote } from "../wrappers.js";

const ALL_ARGUMENTS = /^\$(@|\*|\{@\}|\{\*\})$/;

/** True for a body command of a function that runs its arguments, when that function is called in the line. */
export function runsCallersWords(command: ShellCommand, script: ShellScript): boolean {
  const first = command.words[0];
  if (!command.functionName || !first?.dynamic || !ALL_ARGUMENTS.test(first.value)) return false;
  return script.commands.some(
    (other) => !other.functionName && other.words[0]?.value === command.functionName,
  );
}

/** The command a call of such a function runs (`run rm -rf ~` → `rm -rf ~`), or null. */
export function calledArguments(program: string, args: Word[], script: ShellScript): Word | null {
  const runner = script.commands.some(
    (command) =>
      command.functionName === program &&
      command.words[0]?.dynamic === true &&
      ALL_ARGUMENTS.test(command.words[0].value),
  );
  if (!runner || args.length === 0) return null;
  return {
    value: args.map((word) => (word.dynamic ? `"${word.value}"` : shellQuote(word.value))).join(" "),
    dynamic: args.some((word) => word.dynamic),
    inner: [],
  };
}
