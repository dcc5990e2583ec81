/**
 * An exact tokenizer for a common subset of the shell grammar, so that most agent commands
 * are judged without loading the tree-sitter grammar (about 40 ms of wasm start-up per hook
 * process, see docs/performance.md). The subset: words made of characters no shell treats
 * specially (globs and `~` kept as written), plain parameter expansions `$NAME`/`${NAME}`
 * (marked as known only at run time), single-quoted strings, double-quoted strings without
 * backquote, backslash, `!` or other `$` forms; simple commands joined by `|`, `&&`, `||` and `;`; redirections `>`, `>>`, `<`
 * with an optional descriptor (`2>/dev/null`, `2>&1`) at the end of a command. In that
 * subset quote removal and splitting are all a shell does. Anything else returns null and
 * goes to the real parser. test/risk/simple-lexer.test.ts checks that both agree.
 */
import type { Redirect, ShellCommand, ShellScript, Word } from "./shell-model.js";
import { staticWord } from "./shell-model.js";

const PLAIN = /[A-Za-z0-9_./,:@%+=~*?-]/;
/** `$NAME` or `${NAME}`: a plain parameter expansion, known only at run time. */
const PARAMETER = /^\$([A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_]*\})/;
const COMMAND_NAME = /^[A-Za-z_./][A-Za-z0-9_./+-]*$/;
/** `_=x` is an assignment to bash but a word to tree-sitter-bash: left to the parser. */
const ASSIGNMENT = /^([A-Za-z][A-Za-z0-9_]*|_[A-Za-z0-9_]+)\+?=/;
/** Words that are syntax in command position (or parsed specially by tree-sitter-bash). */
const RESERVED = new Set(
  "if then else elif fi case esac for select while until do done in function time coproc export declare local readonly typeset unset".split(
    " ",
  ),
);

type Token =
  | { kind: "word"; value: string; raw: string; plainName: boolean; dynamic: boolean }
  | { kind: "op"; value: string }
  | { kind: "redirect"; op: string; target: string | null };

function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === " " || c === "\t") {
      i += 1;
      continue;
    }
    const op = /^(&&|\|\||\||;)/.exec(text.slice(i, i + 2));
    if (op) {
      tokens.push({ kind: "op", value: op[1]! });
      i += op[1]!.length;
      continue;
    }
    const redirect = /^(\d?)(>>|>|<)(&(\d))?/.exec(text.slice(i, i + 5));
    if (redirect && (redirect[1] === "" || i === 0 || text[i - 1] === " " || text[i - 1] === "\t")) {
      i += redirect[0].length;
      if (redirect[3]) {
        if (redirect[2] === ">>") return null;
        tokens.push({ kind: "redirect", op: `${redirect[2]}&`, target: redirect[4]! });
      } else {
        tokens.push({ kind: "redirect", op: redirect[2]!, target: null });
      }
      continue;
    }
    // a word: plain characters and quoted strings, adjacent
    let value = "";
    let plain = true;
    let dynamic = false;
    const start = i;
    while (i < text.length) {
      const d = text[i]!;
      const parameter = d === "$" ? PARAMETER.exec(text.slice(i)) : null;
      if (PLAIN.test(d)) {
        value += d;
        i += 1;
      } else if (parameter) {
        value += parameter[0];
        dynamic = true;
        plain = false;
        i += parameter[0].length;
      } else if (d === "'") {
        const end = text.indexOf("'", i + 1);
        if (end < 0) return null;
        const inner = text.slice(i + 1, end);
        if (inner.includes("\n")) return null;
        value += inner;
        plain = false;
        i = end + 1;
      } else if (d === '"') {
        const end = text.indexOf('"', i + 1);
        if (end < 0) return null;
        const inner = text.slice(i + 1, end);
        if (/[`\\!\n]/.test(inner)) return null;
        // inside double quotes only plain parameter expansions are in the subset
        const rest = inner.replace(/\$([A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_]*\})/g, "");
        if (rest.includes("$")) return null;
        if (rest.length !== inner.length) dynamic = true;
        value += inner;
        plain = false;
        i = end + 1;
      } else {
        break;
      }
    }
    if (i === start) return null; // a character outside the subset
    if (/^\d+$/.test(value) && (text[i] === ">" || text[i] === "<")) return null; // `12>f`: a descriptor
    tokens.push({ kind: "word", value, raw: text.slice(start, i), plainName: plain, dynamic });
  }
  return tokens;
}

export function lexSimpleCommand(text: string): ShellScript | null {
  const tokens = tokenize(text);
  if (!tokens || tokens.length === 0) return null;
  const commands: ShellCommand[] = [];
  let pipeline = 0;
  let current: ShellCommand[] = [];
  let words: Token[] = [];
  let redirects: Redirect[] = [];
  let expectTarget = false;
  const endCommand = (): boolean => {
    if (words.length === 0 || expectTarget) return false;
    const assignments: string[] = [];
    while (words.length > 0 && words[0]!.kind === "word" && ASSIGNMENT.test(words[0]!.raw)) {
      assignments.push((words.shift() as { value: string }).value);
    }
    const name = words[0] as { value: string; plainName: boolean } | undefined;
    // Reserved words are syntax; the grammar reads only plain names as command names.
    if (!name?.plainName || RESERVED.has(name.value) || !COMMAND_NAME.test(name.value)) return false;
    const argv: Word[] = words.map((word) => {
      const { value, dynamic } = word as { value: string; dynamic: boolean };
      return { value, dynamic, inner: [] };
    });
    if (argv.some((word) => word.value.startsWith("="))) return false;
    current.push({
      words: argv,
      assignments,
      redirects,
      stdinText: null,
      pipeline,
      position: 0,
      pipelineLength: 0,
    });
    words = [];
    redirects = [];
    return true;
  };
  const endPipeline = () => {
    current.forEach((command, index) => {
      command.position = index;
      command.pipelineLength = current.length;
    });
    commands.push(...current);
    current = [];
    pipeline += 1;
  };
  let expectCommand = true;
  for (const token of tokens) {
    if (token.kind === "op") {
      if (expectCommand || !endCommand()) return null;
      if (token.value !== "|") endPipeline();
      expectCommand = true;
      continue;
    }
    expectCommand = false;
    if (token.kind === "redirect") {
      if (words.length === 0 || expectTarget) return null; // leading redirections: leave to the parser
      redirects.push({ op: token.op, target: token.target === null ? null : staticWord(token.target) });
      expectTarget = token.target === null;
      continue;
    }
    if (expectTarget) {
      if (token.kind === "word" && token.dynamic) return null; // `> $FILE`: left to the parser
      redirects.at(-1)!.target = staticWord(token.value);
      expectTarget = false;
      continue;
    }
    if (redirects.length > 0) return null; // words after a redirection: leave to the parser
    words.push(token);
  }
  const last = tokens.at(-1)!;
  if (last.kind === "op" && last.value !== ";") return null; // the shell would wait for more
  if (words.length > 0 && !endCommand()) return null;
  if (expectTarget) return null;
  if (current.length > 0) endPipeline();
  if (commands.length === 0) return null;
  return { commands, error: false };
}
