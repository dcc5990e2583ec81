/**
 * Secrets of a command line, judged on the parsed command: the risk classifier's parser (its
 * door: `parseShell`, `resolveInvocation`) gives each simple command's argv with quotes and
 * escapes removed and wrappers (`sudo`, `env`, `timeout`) stripped, and argv.ts judges it. So
 * `-p'X'`, `-p"X"` and `-pX` are one case, and `sudo redis-cli -a X` is redis-cli's.
 */

import { hasCode } from "../errors/index.js";
import {
  decodeAnsiC,
  joinContinuations,
  loadShellParser,
  parseShell,
  resolveInvocation,
  type ShellScript,
} from "../risk/index.js";
import { type ArgvSecret, OPERAND_PROGRAMS, PROGRAM_RULES, secretsInArgv } from "./argv.js";
import { detectOwn } from "./detect.js";
import { MARKER_PATTERN } from "./marker.js";
import { isSecretName } from "./names.js";
import { pipedSecrets, STDIN_WORDS } from "./piped.js";
import { mayHoldStatement } from "./statements.js";

// A command holding none of these (lower-cased) has no secret argv.ts could find: it names no
// program of the table (for a rule that applies after a subcommand, the subcommand: `kubectl`
// is parsed for `secret`, not for every `kubectl get`), no secret flag or name (`pass`, `token`,
// `secret`, `key`, `auth`, `pwd`, `cred`), no flag that may take a key (`--license`, `--bearer`,
// `--signature`; argv.ts), no `config` assignment (a credential key of Composer's or Poetry's:
// `http-basic.`, `…-oauth.`), and feeds no login on stdin (piped.ts: its reader's words hold
// `pass`, `token`, `secret`, `auth`, `login` or a program of the table). Ordinary commands are
// not parsed again.
const HINTS = [
  ...new Set([
    ...PROGRAM_RULES.flatMap((rule) =>
      rule.after ? [rule.after.toLowerCase()] : rule.programs.map((p) => p.toLowerCase()),
    ),
    "login",
    "oauth",
    "http-basic",
    "pass",
    "token",
    "secret",
    "key",
    "auth",
    "pwd",
    "cred",
    "license",
    "bearer",
    "signature",
    // A quoted word holding a server's statement or a connection's call (statements.ts, code-args.ts).
    "identified",
    "setuser",
    "requirepass",
    "masterauth",
    "sp_addlogin",
    "[admins]",
    "[users]",
    "jdbc:",
    "dbi:",
    "odbc:",
    "psk",
    "ksecvaluedata",
  ]),
];

async function parse(text: string): Promise<ShellScript | null> {
  try {
    return parseShell(text);
  } catch (error) {
    if (!hasCode(error, "RISK_PARSER_NOT_LOADED")) return null;
  }
  try {
    await loadShellParser();
    return parseShell(text);
  } catch {
    return null; // unreadable: the text layer still runs
  }
}

/**
 * `prefilter`: skip texts without a hint (false only in the test that proves it changes nothing);
 * `depth`: how many quoted words this line was found in (a word that is itself a command line,
 * `printf '%s' 'snyk auth X'`, is judged as one, one level deep).
 */
export async function secretsInCommand(written: string, prefilter = true, depth = 0): Promise<ArgvSecret[]> {
  // What bash runs: backslash-newlines joined as the classifier joins them (`redis-c\<newline>li`).
  const text = joinContinuations(written);
  // Quotes and backslashes removed first: `red'is'-cli` and `--pa\ssword` are still hints.
  const lower = text.toLowerCase().replace(/\$?['"]|\\/g, "");
  if (prefilter && !HINTS.some((hint) => lower.includes(hint))) return [];
  const script = await parse(text);
  if (!script) return [];
  const out: ArgvSecret[] = pipedSecrets(script);
  for (const command of script.commands) {
    for (const assignment of command.assignments) {
      const at = assignment.indexOf("=");
      if (at > 0 && isSecretName(assignment.slice(0, at))) {
        out.push(...secretsInArgv("", [assignment]).filter((secret) => secret.kind === "assignment"));
      }
    }
    if (command.words.length === 0) continue;
    // A quoted argument that is itself text (`printf '%s' 'token = '\''X'\'''`, `echo "…"`): its
    // assignments are judged on the value the program receives, where quoting hides nothing.
    for (const word of command.words) {
      // A quoted word that is a command line naming a program of the table (`printf '%s\n'
      // 'snyk auth X'`, `ssh host 'mc alias set …'`): judged as one.
      if (depth === 0 && !word.dynamic && /\s/.test(word.value))
        for (const line of await secretsInLines(word.value, 1)) out.push(...line.secrets);
      // (or a call: `'client.setApiKey("X")'`, forms.ts)
      // A statement's keyword stands for the `=` (`IDENTIFIED BY 'X'`, statements.ts).
      const judged = /[=:(]/.test(word.value) || mayHoldStatement(word.value);
      if (word.dynamic || !/[\s(]/.test(word.value) || !judged) continue;
      // A marker already there (an event redacted before) is never judged again.
      const markers = [...word.value.matchAll(MARKER_PATTERN)].map((m) => [m.index, m.index + m[0].length]);
      for (const span of detectOwn(word.value)) {
        if (span.kind !== "assignment") continue;
        if (markers.some(([from, to]) => span.start < to! && span.end > from!)) continue;
        out.push({ value: word.value.slice(span.start, span.end), kind: span.kind });
      }
    }
    // As run (wrappers stripped) with the program's rules, and as written with the generic
    // ones (`env API_TOKEN=X sudo …` keeps its assignment in a wrapper's words).
    const invocation = resolveInvocation(command);
    if (invocation.program !== "") {
      const words = [invocation.program, ...invocation.args.map((word) => word.value)];
      out.push(
        ...secretsInArgv(invocation.program, words, [false, ...invocation.args.map((word) => word.dynamic)]),
      );
    }
    out.push(
      ...secretsInArgv(
        "",
        command.words.map((word) => word.value),
        command.words.map((word) => word.dynamic),
      ),
    );
  }
  return out;
}

// Bounds of the lines of one text judged as command lines (an output can be a whole file).
const MOST_LINES = 64;
const LONGEST_LINE = 2048;
let operandLine: RegExp | undefined;
const OPERAND_LOWER = OPERAND_PROGRAMS.map((program) => program.toLowerCase());
// A program's `config set NAME X` (npm, yarn, pnpm, git, snyk …: argv.ts's config rule).
const CONFIG_LINE = /(?:^|[\s;&|(`'"])[\w.-]+[ \t]+(?:--?[\w-]+[ \t]+)*config(?:ure)?[ \t]+(?:set[ \t]+)?\S/;

/**
 * The secrets of the lines of `text` (a tool's output, a file written) that name a program whose
 * secret is an operand (argv.ts, `OPERAND_PROGRAMS`), each line judged as a command line. A text
 * naming none of them (most) costs a few literal checks.
 */
export async function secretsInLines(
  text: string,
  depth = 0,
): Promise<{ line: string; secrets: ArgvSecret[] }[]> {
  const lower = text.toLowerCase();
  const piped =
    (lower.includes("|") || lower.includes("<<<")) && STDIN_WORDS.some((word) => lower.includes(word));
  if (!OPERAND_LOWER.some((program) => lower.includes(program)) && !lower.includes("config") && !piped)
    return [];
  operandLine ??= new RegExp(
    `(?:^|[\\s;&|(\`/'"])(?:${OPERAND_PROGRAMS.map((p) => p.replace(/[.]/g, "\\.")).join("|")})(?=[\\s'"])`,
    "i",
  );
  const out: { line: string; secrets: ArgvSecret[] }[] = [];
  let judged = 0;
  for (const line of text.split("\n")) {
    if (judged >= MOST_LINES) break;
    // A line piping into a program that reads a credential from stdin (piped.ts) too.
    const lowerLine = line.toLowerCase();
    const stdin = piped && /\||<<</.test(line) && STDIN_WORDS.some((word) => lowerLine.includes(word));
    if (line.length > LONGEST_LINE || !(operandLine.test(line) || CONFIG_LINE.test(line) || stdin)) continue;
    judged += 1;
    const secrets = await secretsInCommand(line, true, depth);
    if (secrets.length > 0) out.push({ line, secrets });
  }
  return out;
}

/**
 * How a value may be spelled in the command's text: as is, inside single quotes (`'\''`),
 * inside double quotes (`\"`, `\\`, `\$`, `` \` ``) or bare with every special character
 * escaped. Only the spellings the text holds are kept; the value itself always is (a message
 * may quote the argv).
 */
export function spellings(value: string, text: string): string[] {
  const forms = new Set([
    value,
    value.replaceAll("'", "'\\''"),
    value.replace(/["\\$`]/g, "\\$&"),
    value.replace(/[^A-Za-z0-9_@%+=:,./-]/g, "\\$&"),
  ]);
  const found = [...forms].filter((form) => form === value || text.includes(form));
  // A value cut by line continuations in the text (`-a Hun\<newline>ter`): each cut spelling.
  if (text.includes("\\\n") || text.includes("\\\r\n")) {
    const pattern = [...value]
      .map((char) => char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
      .join("(?:\\\\\\r?\\n)*");
    for (const [match] of text.matchAll(new RegExp(pattern, "g"))) found.push(match);
  }
  // Inside ANSI-C quotes (`-p$'Hunter\x2dLamp'`) the text spells it with escapes: the quoted
  // text whose decoded value holds it.
  if (text.includes("$'")) {
    for (const match of text.matchAll(/\$'((?:[^'\\]|\\[\s\S])*)'/g)) {
      if (match[1] !== value && decodeAnsiC(match[1]!).includes(value)) found.push(match[1]!);
    }
  }
  return found;
}
