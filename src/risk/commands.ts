/**
 * Command classification: every simple command of a parsed command line is stripped of its
 * wrappers and judged by the rules for its program; the line's level is the highest. Inline
 * scripts (`bash -c`, `sh -c`, `eval`, `su -c`, `trap`, a heredoc or echoed text fed to a
 * shell, a remote `ssh` command, what `xargs` and `parallel` build) are parsed and judged the
 * same way, a few levels deep. The line is read in order: literal assignments are followed
 * (`x=sudo; $x …`) and `cd` moves the directory later paths are resolved against. What stays
 * unknown until run time (the program, a script held in a variable) is at least high. Each
 * simple command reached is judged in invocation-judge.ts.
 */

import { canonicalForm } from "./canonical.js";
import { positionals } from "./command/argv.js";
import { expandCommand, recordAssignments, type Variables } from "./command/expand.js";
import type { RuleContext, ShellParse } from "./command/rule.js";
import { joinContinuations } from "./continuations.js";
import { UNKNOWN_DIRECTORY } from "./deletes.js";
import { judgeInvocation } from "./invocation-judge.js";
import { normalizePath } from "./paths.js";
import { readOnlyPowerShell } from "./powershell-syntax.js";
import { endlessLoop, forkBomb, judgeLineHazards } from "./rules/bombs.js";
import { DOWNLOADERS } from "./rules/net.js";
import { printsRecoveryPassword } from "./rules/windows-protection.js";
import type { ShellCommand, Word } from "./shell-model.js";
import type { Signals } from "./signals.js";
import { windowsPaths } from "./windows-paths.js";
import { type Invocation, resolveInvocation } from "./wrappers.js";
import { judgeWrittenContent, plantsCommands } from "./written-content.js";

export type { ShellParse } from "./command/rule.js";

/**
 * Longer command lines are not parsed (high, with the reason): parsing is linear, but a
 * 30 MB line of `ls;` takes tens of seconds, far past any hook's patience, and no agent
 * writes a command of a million characters (files are written through file tools).
 */
const MAX_COMMAND_LENGTH = 1 << 20;
/** Inline scripts nested deeper than this are not followed (and are high). */
const MAX_NESTING = 4;
/**
 * Simple commands judged per action, nested scripts, loop copies and xargs inputs included:
 * an input built to multiply the work (loops in `bash -c` in loops) stops here, as high.
 */
const MAX_COMMANDS = 500;
/**
 * A script file's text (read by the hook, at most 256 KiB) holds more commands than any line:
 * its bound is higher, and still a bound.
 */
const MAX_FILE_COMMANDS = 5000;

/** Decoders whose output, run as a script, hides what runs. */
const DECODERS = /^(base64|base32|xxd|openssl|gunzip|zcat|uudecode|rev)$/;

export function analyzeCommandLine(
  text: string,
  signals: Signals,
  parse: ShellParse,
  depth = 0,
  variables: Variables = new Map(),
  via = "",
): void {
  if (text.length > MAX_COMMAND_LENGTH) {
    signals.unparsable = true;
    signals.score.raise(
      "high",
      `the command line is ${text.length} characters long, more than the ${MAX_COMMAND_LENGTH} that are parsed: what it runs was not read, treated as high`,
    );
    return;
  }
  const joined = windowsPaths(joinContinuations(text));
  const script = parse(joined);
  if (forkBomb(joined))
    signals.score.raise("critical", "a fork bomb: a function that starts itself twice, without end");
  const endless = endlessLoop(joined);
  if (endless) signals.score.raise("high", `a loop that never ends nor waits ${endless}`);
  if (script.tooDeep) {
    signals.unparsable = true;
    signals.score.raise(
      "high",
      "the command is nested more deeply than the parser follows (200 levels): what it runs was not read, treated as high",
    );
  } else if (script.error && signals.powerShellFile && depth === 0) {
    // A PowerShell script is not shell: the grammar reads each line it can (`& git reset --hard`
    // read as the command it runs); PowerShell's own rules judge the whole text (src/hooks)
    signals.score.raise("medium", "a PowerShell script: judged by the PowerShell rules and line by line");
    for (const line of joined.split(/\r?\n/).slice(0, MAX_FILE_COMMANDS)) {
      const text = line.trim().replace(/^&\s+/, "");
      if (text === "" || text.startsWith("#") || parse(text).error) continue;
      analyzeCommandLine(text, signals, parse, depth + 1, variables, via);
    }
    return;
  } else if (script.error) {
    signals.unparsable = true;
    if (readOnlyPowerShell(joined)) {
      signals.powerShellReads = true;
      signals.score.raise("low", "PowerShell the shell grammar cannot read, whose every command only reads");
    } else signals.score.raise("high", "the shell parser could not read the command: treated as high");
  }
  printsRecoveryPassword(joined, signals);
  if (script.commands.length === 0 && !script.error) {
    signals.score.raise("none", "empty command");
    return;
  }
  const context: RuleContext = {
    signals,
    script,
    depth,
    via,
    nested(word, label) {
      if (depth + 1 > MAX_NESTING) {
        signals.score.raise("high", `${label}: nested too deep to follow`);
        return;
      }
      if (word.dynamic && unknownScript(word, label, signals)) return;
      analyzeCommandLine(word.value, signals, parse, depth + 1, variables, label);
    },
  };
  judgeLineHazards(script, context);
  for (const written of script.commands) {
    signals.judged += 1;
    if (signals.judged > (signals.inFile ? MAX_FILE_COMMANDS : MAX_COMMANDS)) {
      signals.score.raise("high", "the command line is too large to follow: treated as high");
      return;
    }
    promptExpansions(written, variables, context);
    const command = expandCommand(written, variables);
    recordAssignments(command, variables);
    const invocation = resolveInvocation(command);
    signals.commandForms.push(invocation.forms);
    signals.canonicalForms.push(
      invocation.program === "" || invocation.script
        ? null
        : canonicalForm(
            invocation.program,
            invocation.args.map((word) => word.value),
          ),
    );
    judgeInvocation(invocation, context);
    followCd(invocation, signals);
  }
  // `cat > .cargo/config.toml <<EOF … EOF`, `echo '…' >> package.json`: what the line writes with
  // literal text into a file that runs commands is judged as a file tool's write would be
  if (depth === 0) for (const [path, text] of signals.written) judgeWrittenText(path, text, signals, parse);
}

/** A file the line wrote with literal text, judged for what it plants (written-content.ts). */
function judgeWrittenText(path: string, text: string, signals: Signals, parse: ShellParse): void {
  // (a decoder's output: the text is known only once the line runs)
  if (text.startsWith("\u0000")) {
    if (plantsCommands(path))
      signals.score.raise(
        "high",
        `writes decoded content to ${path}, a file whose settings run commands: what it plants is unknown`,
        "config_file_modification",
      );
    return;
  }
  judgeWrittenContent(path, { content: text }, signals, parse, analyzeCommandLine);
}

/**
 * `${x@P}` expands x as a prompt string, and a prompt's command substitutions run: x's value is
 * judged as a command line when the line assigned it (`x='$(rm -rf ~)'; echo ${x@P}`), and is
 * unknown (high) when it did not.
 */
function promptExpansions(command: ShellCommand, variables: Variables, context: RuleContext): void {
  for (const word of [...command.words, ...command.assignments.map((value) => ({ value }))]) {
    if (!word.value.includes("@P}")) continue;
    for (const match of word.value.matchAll(/\$\{([A-Za-z_]\w*)@P\}/g)) {
      const value = variables.get(match[1]!);
      if (typeof value === "string") {
        if (/\$\(|`/.test(value))
          context.nested(
            { value, dynamic: false, inner: [] },
            `\${${match[1]}@P} expands a prompt, which runs`,
          );
      } else
        context.signals.score.raise(
          "high",
          `\${${match[1]}@P} expands ${match[1]} as a prompt, running any command it holds: its value is known only at run time`,
        );
    }
  }
}

/**
 * A script that is wholly a run-time value (`sh -c "$X"`, `eval "$(…)"`): judged by where it
 * comes from, and true when nothing more can be read from it. A script that only contains
 * expansions (`sh -c "cd $DIR && make"`) is parsed and judged like any other.
 */
function unknownScript(word: Word, label: string, signals: Signals): boolean {
  const { score } = signals;
  const value = word.value.trim();
  if (/^(\$\{?[A-Za-z_]\w*\}?|\$[0-9@*])$/.test(value)) {
    signals.runTime(`${label}: the script is held in ${value}, known only at run time`);
    return true;
  }
  if (!/^(\$\(.*\)|`.*`)$/s.test(value)) return false;
  const programs = word.inner.map((inner) => resolveInvocation(inner).program);
  if (programs.some((program) => DECODERS.test(program))) {
    score.raise("high", `${label}: the script is decoded at run time (${programs.join(" | ")})`);
  } else if (programs.some((program) => DOWNLOADERS.has(program))) {
    score.raise("critical", `${label}: the script is downloaded`, "pipe_to_shell", "network_request");
  } else {
    score.raise("medium", `${label}: the script is the output of ${programs.join(" | ") || "a command"}`);
  }
  return true;
}

/** `cd dir`/`pushd dir` moves where later relative paths land; `cd $X` to a place unknown. */
function followCd(invocation: Invocation, signals: Signals): void {
  if (!["cd", "pushd", "popd", "chdir"].includes(invocation.program)) return;
  const target = positionals(invocation.args)[0];
  // the repository's top level is the project; `$HOME` and `$TMPDIR` are known places
  const value = target?.value
    .replace(/^\$\(git rev-parse --show-toplevel\)/, signals.project ?? "$UNKNOWN")
    .replace(/^(\$HOME|\$\{HOME\})(?=\/|$)/, "~")
    .replace(/^(\$TMPDIR|\$\{TMPDIR(:-[^}]*)?\})(?=\/|$)/, "/tmp");
  const known = value?.split(/[$`]/)[0] ?? "";
  if (value !== undefined && /[$`]/.test(value) && /^\/(tmp|var\/tmp)\/$/.test(known)) {
    signals.cwd = `${known}%run-time%`; // somewhere in a temporary directory
  } else if (invocation.program === "popd" || value === "-" || (value !== undefined && /[$`]/.test(value))) {
    signals.cwd = UNKNOWN_DIRECTORY;
  } else {
    signals.cwd = normalizePath(value ?? "~", { cwd: signals.cwd });
  }
}
