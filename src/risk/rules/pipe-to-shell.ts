/**
 * Text run by a shell or an interpreter from its input (docs/risk.md): a download piped into a
 * shell is critical (`curl … | sh`, `bash <(curl …)`, `sh -c "$(curl …)"`, `eval "$(wget -O- …)"`);
 * literal text (echo, printf with its format, a heredoc or herestring, base64 decoded from
 * literal text) is judged as the script or code it is; anything else produced at run time and
 * run (`… | base64 -d | sh`, `npm run build | bash`) is high: what runs is unknown.
 */
import { upstream } from "../command/argv.js";
import { outputOf, pipedText } from "../command/feed.js";
import type { RuleContext } from "../command/rule.js";
import type { ShellCommand, Word } from "../shell-model.js";
import { INTERPRETERS, type Invocation, resolveInvocation } from "../wrappers.js";
import { judgeInlineCode } from "./interpreters.js";
import { DOWNLOADERS } from "./net.js";

// `source`/`.` run their text in the current shell
const SHELL_LIKE = new Set([
  "bash",
  "sh",
  "zsh",
  "dash",
  "ksh",
  "ash",
  "mksh",
  "busybox",
  "fish",
  "source",
  ".",
]);
const DECODERS = /^(base64|base32|xxd|openssl|gunzip|gzip|zcat|uudecode|rev|tr)$/;

const programs = (commands: ShellCommand[]) => commands.map((inner) => resolveInvocation(inner).program);

function runText(program: string, text: string, how: string, context: RuleContext): void {
  if (SHELL_LIKE.has(program)) {
    context.nested({ value: text, dynamic: false, inner: [] }, `${program} runs ${how}`);
  } else {
    judgeInlineCode(program, text, context);
    context.signals.score.raise("medium", `${program} runs ${how}`);
  }
}

export function pipeToShell(invocation: Invocation, context: RuleContext): void {
  const { program, args, command } = invocation;
  if (!INTERPRETERS.has(program) && program !== "eval") return;
  const { score } = context.signals;
  const substitutions = args.flatMap((word: Word) => word.inner);
  if (programs(substitutions).some((name) => DOWNLOADERS.has(name))) {
    score.raise("critical", `${program} runs downloaded content`, "pipe_to_shell", "network_request");
    return;
  }
  // `bash <(base64 -d <<< …)`: the script is what the process substitution prints
  for (const word of args) {
    if (!/^<\(/.test(word.value) || word.inner.length === 0) continue;
    const text = outputOf(word.inner, word.inner.at(-1)!);
    if (programs(word.inner).some((name) => DECODERS.test(name)))
      score.raise("high", `${program} runs a decoded script: encoding hides what runs`);
    if (text !== null) runText(program, text, "a script it decodes", context);
  }
  // `sh < <(curl …)`, `bash <<< "$(curl …)"`: stdin from a download
  const stdinFrom = command.redirects
    .filter((redirect) => redirect.op === "<" || redirect.op === "<<<")
    .flatMap((redirect) => redirect.target?.inner ?? []);
  if (programs(stdinFrom).some((name) => DOWNLOADERS.has(name))) {
    score.raise(
      "critical",
      `${program} runs downloaded content from its input`,
      "pipe_to_shell",
      "network_request",
    );
    return;
  }
  const feeders = upstream(context.script.commands, command);
  if (feeders.length === 0 || program === "eval") {
    if (command.stdinText !== null && program !== "eval")
      runText(program, command.stdinText, "a heredoc script", context);
    return;
  }
  // `bash -s -- args`: -s reads the script from stdin, the words after it are its arguments
  const readsStdin =
    args.every((word) => word.value.startsWith("-")) ||
    (SHELL_LIKE.has(program) && args.some((word) => /^-[a-zA-Z]*s[a-zA-Z]*$/.test(word.value))) ||
    args.some((word) => word.value === "-" || word.value === "/dev/stdin");
  if (!readsStdin) return;
  const names = programs(feeders);
  if (names.some((name) => DOWNLOADERS.has(name))) {
    score.raise("critical", `pipes downloaded content into ${program}`, "pipe_to_shell", "network_request");
    return;
  }
  const text = pipedText(context.script.commands, command);
  // A script that had to be decoded first was encoded to hide it: high whatever it decodes to.
  if (names.some((name) => DECODERS.test(name))) {
    score.raise("high", `${program} runs decoded text (${names.join(" | ")}): encoding hides what runs`);
  } else if (text === null) {
    score.raise("high", `pipes the output of ${names.at(-1) || "a command"} into ${program}`);
  }
  if (text !== null) runText(program, text, "piped text", context);
}
