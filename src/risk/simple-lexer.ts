/**
 * An exact tokenizer for the smallest subset of the shell grammar: words made only of
 * characters that no shell treats specially, separated by blanks, joined by `|`, `&&`, `||`
 * and `;`. In that subset a shell's own parse is a plain split, so this answers without
 * loading the tree-sitter grammar (about 40 ms of wasm start-up, see docs/performance.md).
 * Anything else (quotes, `$`, globs, `~`, redirections, `&`, `#`, keywords) returns null and
 * goes to the real parser. test/risk/simple-lexer.test.ts checks both agree on this subset.
 */
import type { ShellCommand, ShellScript } from "./shell-model.js";
import { staticWord } from "./shell-model.js";

const SUBSET = /^[A-Za-z0-9_./,:@%+=\- \t|;&]*$/;
const COMMAND_NAME = /^[A-Za-z_./][A-Za-z0-9_./+-]*$/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;
/** Words that are syntax in command position (or parsed specially by tree-sitter-bash). */
const RESERVED = new Set([
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "case",
  "esac",
  "for",
  "select",
  "while",
  "until",
  "do",
  "done",
  "in",
  "function",
  "time",
  "coproc",
  "export",
  "declare",
  "local",
  "readonly",
  "typeset",
  "unset",
]);

export function lexSimpleCommand(text: string): ShellScript | null {
  if (!SUBSET.test(text)) return null;
  const tokens = text.match(/&&|\|\||[|;&]|[^ \t|;&]+/g) ?? [];
  const commands: ShellCommand[] = [];
  let pipeline = 0;
  let current: ShellCommand[] = [];
  let words: string[] = [];
  let expectCommand = true;
  const endCommand = (): boolean => {
    if (words.length === 0) return false;
    const assignments: string[] = [];
    while (words.length > 0 && ASSIGNMENT.test(words[0]!)) assignments.push(words.shift()!);
    // Reserved words are syntax; tree-sitter-bash does not read `@` in a command name.
    // Reserved words are syntax; the grammar reads only plain names as command names.
    if (words.length > 0 && (RESERVED.has(words[0]!) || !COMMAND_NAME.test(words[0]!))) return false;
    if (words.some((word) => word.startsWith("="))) return false;
    if (words.length === 0 && assignments.length > 0) return false; // bare assignments: leave to the parser
    current.push({
      words: words.map(staticWord),
      assignments,
      redirects: [],
      stdinText: null,
      pipeline,
      position: 0,
      pipelineLength: 0,
    });
    words = [];
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
  for (const token of tokens) {
    if (token === "&") return null;
    if (token === "|" || token === "&&" || token === "||" || token === ";") {
      if (expectCommand || !endCommand()) return null;
      if (token !== "|") endPipeline();
      expectCommand = true;
      continue;
    }
    words.push(token);
    expectCommand = false;
  }
  const last = tokens.at(-1);
  if (last === "|" || last === "&&" || last === "||") return null; // the shell would wait for more
  if (words.length > 0 && !endCommand()) return null;
  if (current.length > 0) endPipeline();
  if (commands.length === 0) return null;
  return { commands, error: false };
}
