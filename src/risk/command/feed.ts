/**
 * What one command hands the next through a pipe, when it can be known before anything runs:
 * the text `echo`/`printf` print (printf's format applied), the names `find` and `ls` print
 * (as paths: `find . -name x` prints `./…/x`), and base64 that `base64 -d` decodes from such
 * text. Anything else is run-time data: null.
 */
import { matchedPath, parseFind } from "../rules/find.js";
import type { ShellCommand, Word } from "../shell-model.js";
import { resolveInvocation } from "../wrappers.js";
import { hasOption, positionals, upstream } from "./argv.js";

/** printf's output for static arguments: `%s`/`%b`/`%d` filled in order, escapes decoded. */
export function printfText(args: Word[]): string {
  const values = args
    .filter((word, index) => !(index === 0 && word.value === "--"))
    .map((word) => word.value);
  if (values[0] === "-v") return "";
  const [format = "", ...rest] = values;
  let used = 0;
  let text = format.replace(/%(%|[-+ #0-9.]*[sbdiqcxXoeEfgG])/g, (spec) => {
    if (spec === "%%") return "%";
    const value = rest[used] ?? "";
    used += 1;
    return spec.endsWith("b") ? decodeEscapes(value) : value;
  });
  // bash reuses the format for arguments left over
  while (used > 0 && used < rest.length) {
    const before = used;
    text += format.replace(/%[-+ #0-9.]*[sbdiqcxXoeEfgG]/g, () => rest[used++] ?? "");
    if (used === before) break;
  }
  return decodeEscapes(text);
}

function decodeEscapes(text: string): string {
  const simple: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", a: "", e: "\x1b" };
  return text.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{4}|0?[0-7]{1,3}|.)/g, (whole, c: string) => {
    if (/^[xu]/.test(c) && c.length > 1) return String.fromCharCode(Number.parseInt(c.slice(1), 16));
    if (/^[0-7]+$/.test(c)) return String.fromCharCode(Number.parseInt(c, 8));
    return simple[c] ?? whole;
  });
}

/** The text echo or printf prints, or null when it is not static. */
export function literalOutput(command: ShellCommand): string | null {
  const invocation = resolveInvocation(command);
  if (invocation.args.some((word) => word.dynamic)) return null;
  if (invocation.program === "printf") return printfText(invocation.args);
  // `cat <<'EOF' … EOF` (and a herestring) prints the text it is given
  if (invocation.program === "cat" && invocation.args.length === 0 && command.stdinText !== null)
    return command.stdinText;
  if (invocation.program !== "echo") return null;
  const words: string[] = [];
  let escapes = false;
  let options = true;
  for (const word of invocation.args) {
    if (options && /^-[neE]+$/.test(word.value)) {
      escapes ||= word.value.includes("e");
      continue;
    }
    options = false;
    words.push(word.value);
  }
  const text = words.join(" ");
  return escapes ? decodeEscapes(text) : text;
}

/** Decodes what a decoder in the pipeline turns into text (`base64 -d`), or null. */
function decode(command: ShellCommand, input: string | null): string | null {
  const invocation = resolveInvocation(command);
  if (invocation.program !== "base64" || !hasOption(invocation.args, ["--decode", "-D"], "d")) return null;
  if (input === null || !/^[A-Za-z0-9+/=\s]+$/.test(input)) return null;
  return Buffer.from(input.replace(/\s+/g, ""), "base64").toString("utf8");
}

/** What `command` prints when it and everything feeding it are literal, or null. */
export function outputOf(commands: ShellCommand[], command: ShellCommand): string | null {
  return literalOutput(command) ?? decode(command, pipedText(commands, command));
}

/** The text `command` reads on stdin (a heredoc, or the pipeline before it), when literal. */
export function pipedText(commands: ShellCommand[], command: ShellCommand): string | null {
  const feeders = upstream(commands, command);
  if (feeders.length === 0) return command.stdinText;
  return outputOf(commands, feeders.at(-1)!);
}

/** Names a command prints one per line: `find` (its roots, or what matches under them), `ls`. */
function listedNames(feeder: ShellCommand): string[] | null {
  const invocation = resolveInvocation(feeder);
  if (invocation.program === "find") {
    const expression = parseFind(invocation.args);
    if (expression.roots.some((root) => root.dynamic)) return null;
    const roots = expression.roots.length > 0 ? expression.roots.map((root) => root.value) : ["."];
    // Without a test that narrows it, find lists the root and everything under it: `ROOT/*`
    // too, so that a command that is not recursive (`xargs rm -f`) still meets the whole tree.
    return roots.flatMap((root) => {
      const matched = matchedPath(expression, root);
      return matched === root ? [root, `${root.replace(/\/$/, "")}/*`] : [matched];
    });
  }
  if (invocation.program === "ls") {
    const dirs = positionals(invocation.args);
    if (dirs.some((dir) => dir.dynamic)) return null;
    if (hasOption(invocation.args, ["--directory"], "d")) return dirs.map((dir) => dir.value);
    return dirs.length === 0 ? ["*"] : dirs.map((dir) => `${dir.value.replace(/\/$/, "")}/*`);
  }
  return null;
}

/**
 * The words a command reads from its stdin (xargs, parallel), or null when not known before it
 * runs. `lines`: one input per line (`xargs -I`, parallel), else per blank-separated word.
 */
export function stdinWords(commands: ShellCommand[], command: ShellCommand, lines = false): string[] | null {
  const split = (text: string) =>
    (lines ? text.split(/[\n\0]/) : text.split(/[\s\0]+/)).map((part) => part.trim()).filter(Boolean);
  const feeders = upstream(commands, command);
  if (feeders.length === 0) return command.stdinText === null ? null : split(command.stdinText);
  const listed = listedNames(feeders.at(-1)!);
  if (listed) return listed;
  const text = pipedText(commands, command);
  return text === null ? null : split(text);
}
