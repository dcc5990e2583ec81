/**
 * The arguments of a call in interpreter code, read far enough to judge what it runs: string
 * literals, lists of them, `+` concatenations, and the home directory however spelled
 * (`os.path.expanduser('~')`, `os.homedir()`, `Dir.home`, `$ENV{HOME}`, …). Anything else is a
 * run-time value, written `$RUNTIME` so that the shell rules judge it as unknown.
 */
import { shellQuote } from "../wrappers.js";

const RUNTIME = "$RUNTIME";
const HOME_EXPRESSION =
  /^(os\.path\.expanduser\(\s*["']~["']\s*\)|(require\(["']os["']\)\.|os\.)homedir\(\)|Path\.home\(\)|os\.environ\[["']HOME["']\]|os\.environ\.get\(["']HOME["']\)|os\.getenv\(["']HOME["']\)|process\.env\.HOME|Dir\.home|ENV\[["']HOME["']\]|\$ENV\{HOME\}|Deno\.env\.get\(["']HOME["']\))$/;
const STRING = /^(["'])((?:\\.|(?!\1)[^\\])*)\1$/s;

/** Splits at top-level occurrences of `separator`, outside quotes and brackets. */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quote) {
      if (c === "\\") i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if ("([{".includes(c)) depth += 1;
    else if (")]}".includes(c)) depth -= 1;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** One argument's value(s): a list gives several, anything unknown is `$RUNTIME`. */
function values(item: string): string[] {
  if (/^\[.*\]$/s.test(item)) return splitTop(item.slice(1, -1), ",").flatMap(values);
  // `path.join(homedir(), 'x')`, `os.path.join(…)`, `File.join(…)`: the parts joined with `/`
  const join = /^(?:require\(["']path["']\)\.|path\.|os\.path\.|File\.|Path\.)join\((.*)\)$/s.exec(item);
  if (join)
    return [
      splitTop(join[1]!, ",")
        .map((part) => values(part)[0] ?? RUNTIME)
        .join("/"),
    ];
  const parts = splitTop(item, "+");
  let text = "";
  for (const part of parts) {
    const literal = STRING.exec(part);
    if (literal) text += literal[2]!.replace(/\\(["'\\])/g, "$1");
    else if (HOME_EXPRESSION.test(part)) text += "~";
    else text += RUNTIME;
  }
  return [text];
}

/** The first argument of the call at `from`, evaluated as far as it can be (`$RUNTIME` otherwise). */
export function firstArgument(code: string, from: number): string | undefined {
  const call = /^\s*\(/.test(code.slice(from)) ? callText(code, from, true) : undefined;
  return call?.text;
}

/**
 * What the call at `from` (just after its name) runs, as shell text, or undefined when the name
 * is not called there (`const {execSync} = …`). One string argument is a script; several, or a
 * list, are an argv.
 */
export function callText(
  code: string,
  from: number,
  firstOnly = false,
): { text: string; dynamic: boolean } | undefined {
  const after = code.slice(from);
  let args: string;
  if (/^\s*\(/.test(after)) {
    const open = after.indexOf("(");
    let depth = 0;
    let quote: string | null = null;
    let end = after.length;
    for (let i = open; i < after.length; i += 1) {
      const c = after[i]!;
      if (quote) {
        if (c === "\\") i += 1;
        else if (c === quote) quote = null;
      } else if (c === '"' || c === "'" || c === "`") quote = c;
      else if (c === "(") depth += 1;
      else if (c === ")" && --depth === 0) {
        end = i;
        break;
      }
    }
    args = after.slice(open + 1, end);
  } else if (/^\s+["'[$@%\w]/.test(after) || /^\s*["'`[]/.test(after)) {
    args = after.split(/[;\n}]/)[0]!; // `system "rm -rf /"`, `exec "sudo", "reboot"`
  } else {
    return undefined;
  }
  // keyword arguments and option objects (`shell=True`, `{recursive: true}`) say how, not what
  const items = splitTop(args, ",").filter((item) => !/^\w+\s*=(?!=)/.test(item) && !item.startsWith("{"));
  if (items.length === 0) return undefined;
  if (firstOnly) {
    const first = values(items[0]!)[0] ?? RUNTIME;
    return { text: first, dynamic: first.includes(RUNTIME) };
  }
  const list = items.length > 1 || /^\[/.test(items[0]!);
  const words = items.flatMap(values);
  const text = list
    ? words.map((word) => (word.includes(RUNTIME) ? `"${word}"` : shellQuote(word))).join(" ")
    : words[0]!;
  return { text, dynamic: text.includes(RUNTIME) };
}
