/**
 * Scripts staged earlier in the same command line and then run: a file written with literal
 * text (`echo 'rm -rf ~' > x.sh; sh x.sh`, `cat <<EOF > x.py … python x.py`) is judged as that
 * text; a downloaded file or a file in a downloaded directory (`curl -o i.sh … && bash i.sh`,
 * `git clone URL d && bash d/x.sh`) is a download piped into a shell in two steps (critical).
 */
import { positionals } from "../command/argv.js";
import { literalOutput } from "../command/feed.js";
import type { RuleContext } from "../command/rule.js";
import { normalizePath } from "../paths.js";
import type { Word } from "../shell-model.js";
import type { Signals } from "../signals.js";
import { INTERPRETERS, type Invocation, SHELLS } from "../wrappers.js";
import { judgeInlineCode } from "./interpreters.js";

/** `echo 'rm -rf ~' > x.sh`, `cat <<EOF > x.sh`: the literal text the file will hold. */
export function rememberWritten(invocation: Invocation, op: string, target: string, signals: Signals): void {
  const command = invocation.command;
  const text =
    invocation.program === "cat" && invocation.args.length === 0 ? command.stdinText : literalOutput(command);
  if (text === null || target.startsWith("/dev/")) return;
  const path = normalizePath(target, { cwd: signals.cwd });
  signals.written.set(path, (op.includes(">>") ? (signals.written.get(path) ?? "") : "") + text);
}

/** A file this command line wrote with literal text and now runs: judged as that text. */
export function runsWritten(
  invocation: Invocation,
  program: string,
  first: Word,
  context: RuleContext,
): void {
  const { signals } = context;
  if (signals.written.size === 0) return;
  const candidates = first.value.includes("/") ? [first] : [];
  if (INTERPRETERS.has(program)) candidates.push(...positionals(invocation.args).slice(0, 1));
  for (const word of candidates) {
    const text = word.dynamic
      ? undefined
      : signals.written.get(normalizePath(word.value, { cwd: signals.cwd }));
    if (text === undefined) continue;
    const label = `runs ${word.value}, written by this command line`;
    if (SHELLS.has(program) || first === word)
      context.nested({ value: text, dynamic: false, inner: [] }, label);
    else judgeInlineCode(program, text, context);
  }
}

/**
 * Downloading a script and then running it (`curl -o i.sh … && bash i.sh`, `curl … > i.sh; sh i.sh`)
 * is a download piped into a shell in two steps (critical).
 */
export function runsDownloaded(invocation: Invocation, program: string, first: Word, signals: Signals): void {
  if (signals.downloads.size === 0) return;
  const candidates = first.value.includes("/") ? [first] : [];
  if (INTERPRETERS.has(program)) candidates.push(...positionals(invocation.args).slice(0, 1));
  for (const word of candidates) {
    const path = word.dynamic ? "" : normalizePath(word.value, { cwd: signals.cwd });
    // a downloaded file, or a file in a downloaded directory (`git clone URL dir && bash dir/x.sh`)
    if (
      !path ||
      ![...signals.downloads].some((download) => path === download || path.startsWith(`${download}/`))
    )
      continue;
    signals.score.raise(
      "critical",
      `runs ${word.value}, downloaded by this command line`,
      "pipe_to_shell",
      "network_request",
    );
  }
}
