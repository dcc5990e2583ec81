/**
 * PowerShell values the line itself assigns and computes (docs/risk.md, "Rule families"):
 * `$x = 5; $x * 2` is arithmetic on a number the line set, not a program named at run time. A
 * statement that begins with a variable is an expression in PowerShell; only when the variable's
 * value is known (numbers, and values computed from them in the line) is the expression known.
 */
import type { ShellCommand, Word } from "./shell-model.js";

const NUMBER = /^-?\d+(\.\d+)?$/;
const OPERATOR = /^([-+*/%]|-(eq|ne|gt|lt|ge|le|band|bor|bxor|shl|shr))$/i;
const VARIABLE = /^\$(\w+)$/;

/** Whether words are `operand (operator operand)*` over numbers and variables known in `known`. */
function numericExpression(words: Word[], known: Set<string>): boolean {
  if (words.length === 0 || words.length % 2 === 0) return false;
  return words.every((word, index) => {
    if (index % 2 === 1) return OPERATOR.test(word.value);
    if (!word.dynamic && NUMBER.test(word.value)) return true;
    const name = VARIABLE.exec(word.value)?.[1]?.toLowerCase();
    return name !== undefined && known.has(name);
  });
}

/** The variables the commands before `command` assign a number or a computed number to. */
function knownNumbers(commands: ShellCommand[], command: ShellCommand): Set<string> {
  const known = new Set<string>();
  for (const earlier of commands) {
    if (earlier === command) break;
    const [target, equals, ...rest] = earlier.words;
    const name = target && VARIABLE.exec(target.value)?.[1]?.toLowerCase();
    if (!name || equals?.value !== "=") continue;
    if (numericExpression(rest, known)) known.add(name);
    else known.delete(name);
  }
  return known;
}

/**
 * A statement that computes with numbers the line assigned (`$x * 2`, `$y = $x * 2`, `$a + $b`),
 * its words program first; the reason to give, or null when a value is not known.
 */
export function computesAssignedNumbers(commands: ShellCommand[], command: ShellCommand): string | null {
  const [first, ...args] = command.words;
  if (!first || !VARIABLE.test(first.value) || args.length === 0) return null;
  const known = knownNumbers(commands, command);
  const expression = args[0]!.value === "=" ? args.slice(1) : command.words;
  if (!numericExpression(expression, known)) return null;
  return `PowerShell computes with numbers this line assigned (${command.words
    .map((word) => word.value)
    .join(" ")
    .slice(0, 60)})`;
}

/**
 * A statement that is a member of a variable the line assigned (`$v = Get-BitLockerVolume;
 * $v.VolumeStatus`): PowerShell prints the value; the reason to give, or null. What the value
 * holds is judged by the rules that know it (a volume's key protectors print recovery passwords).
 */
export function readsAssignedMember(commands: ShellCommand[], command: ShellCommand): string | null {
  const [first, ...args] = command.words;
  const member = first && /^\$(\w+)((\.\w+|\[\d+\])*)$/.exec(first.value);
  if (!member || args.length > 0) return null;
  const name = member[1]!.toLowerCase();
  for (const earlier of commands) {
    if (earlier === command) break;
    const [target, equals] = earlier.words;
    if (equals?.value === "=" && target?.value.toLowerCase() === `$${name}`)
      return `PowerShell prints ${first!.value.slice(0, 60)}, a member of a value this line assigned`;
  }
  return null;
}
