/**
 * Command classification: every simple command of a parsed command line is stripped of its
 * wrappers and judged by the rules for its program; the line's level is the highest. Inline
 * scripts (`bash -c`, `sh -c`, `eval`, `su -c`, a heredoc or echoed text fed to a shell, a
 * remote `ssh` command) are parsed and judged the same way, a few levels deep.
 */

import { positionals } from "./command/argv.js";
import type { Rule, RuleContext, ShellParse } from "./command/rule.js";
import { normalizePath } from "./paths.js";
import { DEVELOPER_RULES } from "./rules/dev.js";
import { FILE_RULES } from "./rules/fs.js";
import { git } from "./rules/git.js";
import { NETWORK_RULES, pipeToShell } from "./rules/net.js";
import { OPS_RULES } from "./rules/ops.js";
import { SYSTEM_RULES } from "./rules/system.js";
import type { Word } from "./shell-model.js";
import type { Signals } from "./signals.js";
import { INTERPRETERS, type Invocation, inlineScript, resolveInvocation, SHELLS } from "./wrappers.js";

export type { ShellParse } from "./command/rule.js";

/** Inline scripts nested deeper than this are not followed (and are high). */
const MAX_NESTING = 4;

/** Read-only programs: nothing to add unless a rule below finds a secret in their arguments. */
const READ_ONLY = new Set(
  (
    "ls ll la dir vdir pwd cd pushd popd echo printf true false test [ which whereis type hash file stat du df " +
    "tree basename dirname realpath readlink date cal whoami id groups hostname uname uptime ps pgrep top htop " +
    "free printenv sleep seq expr bc man help history alias read wait jobs set shift exit return : lsof " +
    "netstat ss nproc lscpu lsblk arch tty locale getconf du dust ncdu exa eza fd locate tldr info clear tput " +
    "column cowsay figlet yes export declare local readonly typeset unset command builtin"
  ).split(" "),
);

const RULES: Record<string, Rule> = {
  ...FILE_RULES,
  ...NETWORK_RULES,
  ...DEVELOPER_RULES,
  ...SYSTEM_RULES,
  ...OPS_RULES,
  git,
};

export function analyzeCommandLine(text: string, signals: Signals, parse: ShellParse, depth = 0): void {
  const script = parse(text);
  if (script.error) {
    signals.unparsable = true;
    signals.score.raise("high", "the shell parser could not read the command: treated as high");
  }
  if (script.commands.length === 0 && !script.error) {
    signals.score.raise("none", "empty command");
    return;
  }
  const context: RuleContext = {
    signals,
    script,
    nested(word, label) {
      if (word.dynamic) {
        // Its substitutions are commands of this script already, judged in the loop below.
        signals.score.raise("medium", `${label}: a command built at run time`);
        return;
      }
      if (depth + 1 > MAX_NESTING) {
        signals.score.raise("high", `${label}: nested too deep to follow`);
        return;
      }
      analyzeCommandLine(word.value, signals, parse, depth + 1);
    },
  };
  for (const command of script.commands) {
    const invocation = resolveInvocation(command);
    signals.commandForms.push(invocation.forms);
    judge(invocation, context);
  }
}

function judge(invocation: Invocation, context: RuleContext): void {
  const { signals } = context;
  const { score } = signals;
  const command = invocation.command;
  if (invocation.privileged) {
    const via = invocation.wrappers.find((name) => ["sudo", "doas", "pkexec"].includes(name)) ?? "sudo";
    score.raise("critical", `runs with ${via} (privilege escalation)`, "privilege_escalation");
  }
  for (const redirect of command.redirects) {
    const target = redirect.target;
    if (!target || /^&?\d*-?$/.test(target.value)) continue; // `2>&1`, `>&-`: descriptors, not files
    const socket = /^\/dev\/(tcp|udp)\/([^/]+)\/\d+$/.exec(target.value);
    if (socket) {
      // bash opens a connection for these paths; a shell wired to one is a reverse shell.
      signals.network(socket[2]!, "CONNECT", "command");
      if (SHELLS.has(invocation.program)) {
        score.raise("critical", `${invocation.program} gives ${socket[2]} a shell`, "network_request");
      }
      continue;
    }
    if (redirect.op.includes(">")) signals.write(target, "redirects output to");
    else if (redirect.op.includes("<")) signals.read(target, "feeds in");
  }
  if (invocation.script) {
    context.nested(invocation.script, `${invocation.wrappers.at(-1)} runs a shell script`);
    return;
  }
  if (invocation.program === "") {
    if (command.words.length === 0) score.raise("none", "");
    return;
  }
  const first = command.words[command.words.length - invocation.args.length - 1]!;
  if (first.dynamic) {
    score.raise("medium", `runs a program named at run time (${first.value.slice(0, 60)})`);
    return;
  }
  pipeToShell(invocation, context);
  runsDownloaded(invocation, first, signals);
  if (invocation.program === "su") {
    score.raise("critical", "runs su (privilege escalation)", "privilege_escalation");
  }
  const script = inlineScript(invocation.program, invocation.args);
  if (script) {
    context.nested(script, `${invocation.program} runs an inline script`);
    return;
  }
  const rule = RULES[invocation.program];
  if (rule) {
    rule(invocation, context);
    return;
  }
  if (READ_ONLY.has(invocation.program)) {
    score.raise("none", "");
    return;
  }
  if (["sudo", "doas", "pkexec"].includes(invocation.program)) return; // `sudo -i`: judged above
  if (SHELLS.has(invocation.program)) {
    const script = positionals(invocation.args)[0];
    if (!script || script.value === "-") return; // reads stdin: judged by pipeToShell
    signals.read(script);
    score.raise("medium", `runs the shell script ${script.value}`);
    return;
  }
  // A program without a rule still reads the files it is given (`tar czf x.tgz ~/.ssh`): only
  // words written as file-system paths count, so `vault read secret/app` names no file.
  for (const arg of positionals(invocation.args)) {
    if (!arg.dynamic && /^(~|\.{1,2})?\//.test(arg.value)) signals.read(arg, "passes");
  }
  const local = first.value.includes("/");
  score.raise(
    "medium",
    local
      ? `runs the local program ${first.value}`
      : `runs ${invocation.program}, which has no specific rule`,
  );
}

/**
 * Downloading a script and then running it (`curl -o i.sh … && bash i.sh`, `wget …/i.sh; ./i.sh`)
 * is a download piped into a shell in two steps (SPEC §2.8: critical).
 */
function runsDownloaded(invocation: Invocation, first: Word, signals: Signals): void {
  if (signals.downloads.size === 0) return;
  const candidates = first.value.includes("/") ? [first] : [];
  if (INTERPRETERS.has(invocation.program)) candidates.push(...positionals(invocation.args).slice(0, 1));
  for (const word of candidates) {
    if (word.dynamic || !signals.downloads.has(normalizePath(word.value, { cwd: signals.cwd }))) continue;
    signals.score.raise(
      "critical",
      `runs ${word.value}, downloaded by this command line`,
      "pipe_to_shell",
      "network_request",
    );
  }
}
