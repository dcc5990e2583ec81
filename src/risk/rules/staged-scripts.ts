/**
 * Scripts staged earlier in the same command line and then run: a file written with literal
 * text (`echo 'rm -rf ~' > x.sh; sh x.sh`, `cat <<EOF > x.py … python x.py`) is judged as that
 * text; a downloaded file or a file in a downloaded directory (`curl -o i.sh … && bash i.sh`,
 * `git clone URL d && bash d/x.sh`) is a download piped into a shell in two steps (critical).
 */
import { positionals } from "../command/argv.js";
import { literalOutput, pipedText } from "../command/feed.js";
import type { RuleContext } from "../command/rule.js";
import { normalizePath } from "../paths.js";
import type { Word } from "../shell-model.js";
import type { Signals } from "../signals.js";
import { INTERPRETERS, type Invocation, SHELLS } from "../wrappers.js";
import { judgeInlineCode } from "./interpreters.js";

/** `echo 'rm -rf ~' > x.sh`, `cat <<EOF > x.sh`: the literal text the file will hold. */
export function rememberWritten(invocation: Invocation, op: string, target: string, signals: Signals): void {
  const path = normalizePath(target, { cwd: signals.cwd });
  // `base64 -d p.b64 > x`, `xxd -r -p h > x`: what the file holds is known only once decoded
  if (decodes(invocation) && !target.startsWith("/dev/")) return void signals.written.set(path, DECODED);
  const text = literalWrittenText(invocation);
  if (text === null || target.startsWith("/dev/")) return;
  signals.written.set(path, (op.includes(">>") ? (signals.written.get(path) ?? "") : "") + text);
}

/** The literal text a command's output redirect writes (`cat <<EOF`, `echo`, `printf`), or null when not known. */
export function literalWrittenText(invocation: Invocation): string | null {
  if (decodes(invocation)) return null;
  return invocation.program === "cat" && invocation.args.length === 0
    ? invocation.command.stdinText
    : literalOutput(invocation.command);
}

/** Marks a file written by a decoder: its content is not known before the line runs. */
const DECODED = "\u0000decoded";

/** A decoder writing its output (`base64 -d`, `base32 --decode`, `xxd -r`, `openssl enc -d`, `uudecode`). */
function decodes(invocation: Invocation): boolean {
  const values = invocation.args.map((word) => word.value);
  if (/^(base64|base32|basenc)$/.test(invocation.program))
    return values.some((value) => /^(-[a-zA-Z]*[dD]|--decode)$/.test(value));
  if (invocation.program === "xxd") return values.some((value) => /^-[a-zA-Z]*r/.test(value));
  if (invocation.program === "openssl") return values.includes("-d") || values.includes("-base64");
  return invocation.program === "uudecode";
}

/**
 * A decoder naming its output file as an operand, not a redirect (`certutil -decode in out`,
 * `certutil -decodehex in out`, `openssl enc -d … -out F`, `base64 -d -i in -o F`): the file's
 * content is known only once decoded, so running it later in the line is running the unknown.
 */
function rememberDecodedOperand({ program, args }: Invocation, signals: Signals): void {
  const values = args.map((word) => word.value);
  let output: Word | undefined;
  if (
    program.toLowerCase().replace(/\.exe$/, "") === "certutil" &&
    values.some((v) => /^[-/]decode(hex)?$/i.test(v))
  )
    output = args.filter((word) => !/^[-/]/.test(word.value))[1];
  else if (
    (program === "openssl" && values.includes("-d")) ||
    (program === "base64" && values.some((v) => /^(-[a-zA-Z]*[dD]|--decode)$/.test(v)))
  ) {
    const at = values.findIndex((v) => v === "-out" || v === "-o" || v === "--output");
    output = at >= 0 ? args[at + 1] : undefined;
  }
  if (output && !output.dynamic && !output.value.startsWith("/dev/"))
    signals.written.set(normalizePath(output.value, { cwd: signals.cwd }), DECODED);
}

/** Marks a file tee wrote from what another command printed at run time. */
const PIPED = "\u0000piped";

/**
 * `tee x.sh <<< 'rm -rf ~'`, `echo … | tee -a x.sh`: tee writes its input to each file operand.
 * Literal input is remembered as the file's text; any other input is known only at run time.
 */
function rememberTee(invocation: Invocation, context: RuleContext): void {
  const { signals } = context;
  const files = positionals(invocation.args).filter(
    (word) => !word.dynamic && !word.value.startsWith("/dev/"),
  );
  if (files.length === 0) return;
  const append = invocation.args.some((word) => /^(-[a-zA-Z]*a[a-zA-Z]*|--append)$/.test(word.value));
  const text = pipedText(context.script.commands, invocation.command);
  // (a download written by tee is remembered as one by the downloader's rule: `curl … | tee i.sh`)
  for (const file of files) {
    const path = normalizePath(file.value, { cwd: signals.cwd });
    const before = append ? (signals.written.get(path) ?? "") : "";
    signals.written.set(path, text === null || before.startsWith("\u0000") ? PIPED : before + text);
  }
}

/** A file this command line wrote with literal text and now runs: judged as that text. */
export function runsWritten(
  invocation: Invocation,
  program: string,
  first: Word,
  context: RuleContext,
): void {
  const { signals } = context;
  rememberDecodedOperand(invocation, signals);
  if (program === "tee") rememberTee(invocation, context);
  if (signals.written.size === 0) return;
  // Windows runs a program from the working directory by its bare name (`a.exe`, `run.bat`)
  const candidates =
    first.value.includes("/") || /\.(exe|com|bat|cmd|ps1|vbs|js|hta|msi|scr)$/i.test(first.value)
      ? [first]
      : [];
  // (`. x.sh`, `source x.sh` run the file in this shell)
  const sourced = program === "." || program === "source";
  if (INTERPRETERS.has(program) || sourced) candidates.push(...positionals(invocation.args).slice(0, 1));
  for (const word of candidates) {
    const text = word.dynamic
      ? undefined
      : signals.written.get(normalizePath(word.value, { cwd: signals.cwd }));
    if (text === undefined) continue;
    if (text === DECODED || text === PIPED) {
      context.signals.score.raise(
        "high",
        `runs ${word.value}, ${text === DECODED ? "decoded" : "written from run-time output"} by this command line: what runs is not known`,
      );
      continue;
    }
    const label = `runs ${word.value}, written by this command line`;
    if (SHELLS.has(program) || sourced || first === word)
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
  // Windows runs a program from the working directory by its bare name (`a.exe`, `run.bat`)
  const candidates =
    first.value.includes("/") || /\.(exe|com|bat|cmd|ps1|vbs|js|hta|msi|scr)$/i.test(first.value)
      ? [first]
      : [];
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
