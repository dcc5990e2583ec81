/**
 * Following a command line's own literal assignments: `x=sudo; $x rm -rf /` runs sudo, and
 * `d=/; rm -rf "$d"` deletes the root. Values assigned literally (`NAME=value`, `export`,
 * `local`, `declare`, `readonly`) replace their expansions in later words; so does
 * `$(echo …)`/`$(printf …)` of literal text, and `$(mktemp …)` stands for a temporary path.
 * Anything else stays unknown (the rules then judge it as known only at run time).
 */
import type { ShellCommand, Word } from "../shell-model.js";
import { decodeAnsiC } from "../shell-quoting.js";
import { canonicalProgram } from "../wrappers.js";
import { literalOutput } from "./feed.js";

/** Literal values of the variables assigned so far; null when assigned something unknown. */
export type Variables = Map<string, string | null>;

const DECLARATIONS = new Set(["export", "local", "declare", "readonly", "typeset"]);
const REFERENCE = /\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/g;

function assign(text: string, variables: Variables): void {
  const match = /^([A-Za-z_]\w*)\+?=(.*)$/s.exec(text);
  if (!match) return;
  const [, name, value] = match as unknown as [string, string, string];
  const located = /^(?:\$\(|`)\s*(?:command\s+-v|which|type\s+-P)\s+([\w.+-]+)\s*(?:\)|`)$/.exec(value);
  if (located)
    variables.set(name, located[1]!); // `P=$(command -v node)`: P names node
  else if (/^\$\(\s*mktemp\b[^)]*\)$/.test(value)) variables.set(name, "/tmp/mktemp.XXXXXX");
  else if (/^\$'[^']*'$/.test(value))
    variables.set(name, decodeAnsiC(value.slice(2, -1))); // `IFS=$'\n'`
  else variables.set(name, /[$`]/.test(value) ? expandText(value, variables) : value);
}

/** Records what a bare assignment or a declaration sets. */
export function recordAssignments(command: ShellCommand, variables: Variables): void {
  if (command.words.length === 0) {
    for (const text of command.assignments) assign(text, variables);
    return;
  }
  if (DECLARATIONS.has(command.words[0]!.value)) {
    for (const word of command.words.slice(1)) if (!word.value.startsWith("-")) assign(word.value, variables);
  }
}

/** Text with its variable references replaced, or null when one of them is unknown. */
function expandText(text: string, variables: Variables): string | null {
  let unknown = false;
  const expanded = text.replace(REFERENCE, (whole, braced?: string, plain?: string) => {
    const value = variables.get((braced ?? plain)!);
    if (value === undefined || value === null) {
      unknown = true;
      return whole;
    }
    return value;
  });
  if (unknown || /[$`]/.test(expanded.replace(/\$(?![({A-Za-z_0-9@*#?!-])/g, ""))) return null;
  return expanded;
}

/**
 * What a substitution prints when that is known: echo/printf/cat of literal text, `echo $NAME`
 * (the expansion itself, judged as such), `mktemp` (a temporary path). Null otherwise.
 */
function substitutionText(command: ShellCommand): string | null {
  const name = command.words[0] ? canonicalProgram(command.words[0]) : "";
  if (name === "mktemp") return "/tmp/mktemp.XXXXXX";
  if (!["echo", "printf", "cat"].includes(name)) return null;
  const printed = literalOutput(command);
  if (printed !== null) return printed.trim();
  const args = command.words.slice(1);
  if (
    name === "echo" &&
    args.length > 0 &&
    args.every((arg) => !arg.dynamic || /^\$(\{\w+\}|\w+)$/.test(arg.value))
  )
    return args.map((arg) => arg.value).join(" ");
  return null;
}

function expandWord(word: Word, variables: Variables): Word {
  if (!word.dynamic) return word;
  // `$(echo /)`, `$(mktemp -d)/../..`, `"$(echo $HOME)/Documents"`: a substitution that starts the
  // word and prints known text is replaced by that text
  const lead = /^(\$\((?:[^()]|\([^()]*\))*\)|`[^`]*`)(.*)$/s.exec(word.value);
  if (lead && word.inner.length === 1) {
    const printed = substitutionText(word.inner[0]!);
    if (printed !== null) {
      const value = printed + lead[2]!;
      if (!/[$`]/.test(value)) return { value, dynamic: false, inner: word.inner };
      const expanded = expandText(value, variables);
      return expanded === null
        ? { value, dynamic: true, inner: word.inner }
        : { value: expanded, dynamic: false, inner: word.inner };
    }
  }
  const expanded = expandText(word.value, variables);
  return expanded === null ? word : { value: expanded, dynamic: false, inner: word.inner };
}

/** The command with every word whose value is known by now made static. */
/**
 * Brace expansion of a literal word, as bash does first: `/{usr,etc}` is `/usr` and `/etc`,
 * `build{,-old}` is `build` and `build-old` (at most 32 words; `{}` and `{x}` stay as written).
 */
export function expandBraces(value: string, limit = 32): string[] {
  const match = /^(.*?)\{([^{}]*,[^{}]*)\}(.*)$/s.exec(value);
  if (!match || match[1]!.endsWith("$")) return [value];
  const [, before, inside, after] = match as unknown as [string, string, string, string];
  const results: string[] = [];
  for (const part of inside.split(",")) {
    for (const rest of expandBraces(after, limit)) {
      if (results.length >= limit) return results;
      results.push(before + part + rest);
    }
  }
  return results;
}

/** The fields an IFS value splits on (`IFS=` splits nothing: undefined). */
function ifsPattern(ifs: string): RegExp | undefined {
  if (ifs === "") return undefined;
  return new RegExp(
    `[${[...ifs].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")}]+`,
  );
}

export function expandCommand(command: ShellCommand, variables: Variables): ShellCommand {
  if (command.words.some((word) => !word.dynamic && /\{[^{}]*,[^{}]*\}/.test(word.value))) {
    const braced = command.words.flatMap((word, index) =>
      // words with blanks are program text (`awk '{print $1, $2}'`), not brace patterns
      word.dynamic || index === 0 || /\s/.test(word.value)
        ? [word]
        : expandBraces(word.value).map((value) => ({ ...word, value })),
    );
    command = { ...command, words: braced };
  }
  if (!command.words.some((word) => word.dynamic)) return command;
  // `x="rm -rf"; $x ~`: a value with blanks in a word that is only that variable is split, as
  // bash splits an unquoted expansion (quoted or not is not kept here: splitting is the safe side).
  // The line may set IFS (`IFS=,; x=rm,-rf,~; $x`): then its characters split; set to something
  // unknown, how the value splits is unknown and the word stays a run-time one.
  const ifs = variables.get("IFS");
  const separators = ifs === undefined ? /\s+/ : ifs === null ? null : ifsPattern(ifs);
  const words = command.words.flatMap((word) => {
    const expanded = expandWord(word, variables);
    if (expanded === word || !/^\$(\{\w+\}|\w+)$/.test(word.value)) return [expanded];
    if (separators === null) return [word];
    const fields = separators ? expanded.value.split(separators).filter((field) => field !== "") : [];
    if (fields.length <= 1) return [expanded];
    return fields.map((value) => ({ value, dynamic: false, inner: [] }));
  });
  return { ...command, words };
}
