/**
 * Rules for programs that read, write and delete files (SPEC §2.8): rm (recursive, forced,
 * broad), cp/mv/ln/install, chmod/chown, find -delete/-exec, dd, tee, sed -i,
 * and the readers whose file arguments may be secrets (cat, grep, …).
 */
import { hasOption, optionValue, positionals } from "../command/argv.js";
import type { Rule } from "../command/rule.js";
import { deleteScope } from "../deletes.js";
import { HOME, isBroadPath, isSystemPath } from "../paths.js";
import type { Word } from "../shell-model.js";
import { find } from "./find.js";
import { interpreter, judgeInlineCode } from "./interpreters.js";

/** A path value with `$HOME`/`${HOME}` read as `~`; null when it still depends on run time. */
function staticPath(word: Word): string | null {
  const value = word.value.replace(/^(\$HOME|\$\{HOME\})(?=\/|$)/, HOME);
  if (/[$`]/.test(value)) return null;
  return value;
}

/** `dir/*`, `dir/.*`, `*`: everything in dir, judged like dir itself. */
const EVERYTHING = /(^|\/)\.?\*$/;

const rm: Rule = (invocation, { signals }) => {
  const { args } = invocation;
  const recursive = hasOption(args, ["--recursive"], "r") || hasOption(args, [], "R");
  const force = hasOption(args, ["--force"], "f");
  const { score } = signals;
  if (hasOption(args, ["--no-preserve-root"])) {
    score.raise("critical", "rm --no-preserve-root", "destructive_command", "broad_file_deletion");
  }
  for (const target of positionals(args)) {
    const value = staticPath(target);
    if (value === null) {
      runTimeTarget(target, recursive, signals);
      continue;
    }
    const path = signals.path(value);
    const matched = /^(.*?)\/\{\}(\/|$)/.exec(path);
    if (matched) {
      matchedFiles(matched[1] || "/", path, recursive, signals);
      continue;
    }
    const everything = EVERYTHING.test(path);
    const base = everything ? path.replace(/\/?\.?\*$/, "") || "/" : path;
    if (path.startsWith("/") && /[*?[]/.test(path.split("/")[1] ?? "")) {
      score.raise(
        "critical",
        `delete of ${value}: a glob over the root directory`,
        "destructive_command",
        "broad_file_deletion",
      );
      continue;
    }
    if ((recursive || everything) && !/[*?[]/.test(base)) {
      if (base === "/") {
        const how = `${recursive ? "recursive " : ""}${force ? "forced " : ""}delete of the root file system`;
        score.raise("critical", how, "destructive_command", "broad_file_deletion");
        continue;
      }
      if (!isSystemPath(base)) {
        const scope = deleteScope(base, signals);
        if (scope.broad) {
          score.raise(
            "high",
            `delete of a broad path (${value})`,
            "destructive_command",
            "broad_file_deletion",
          );
          continue;
        }
        if (scope.outside && recursive) {
          score.raise(
            "high",
            `recursive delete of ${scope.outside}`,
            "destructive_command",
            "broad_file_deletion",
          );
          signals.write(value, "recursively deletes");
          continue;
        }
      }
    }
    if (isSystemPath(/[*?[]/.test(path) ? base : path)) {
      score.raise(
        "critical",
        `deletes the system path ${path}`,
        "system_modification",
        "destructive_command",
      );
    } else if (recursive) {
      score.raise("medium", `recursive delete of ${value}`, "destructive_command");
      signals.write(value, "recursively deletes"); // secrets and start-up files under it
    } else {
      signals.write(value, "deletes");
    }
  }
};

/** `root/{}`: files `find` matched under root (`find / -name x | xargs rm`). */
function matchedFiles(
  root: string,
  path: string,
  recursive: boolean,
  signals: Parameters<Rule>[1]["signals"],
): void {
  const { score } = signals;
  const scope = deleteScope(root, signals);
  if (path.endsWith("/.git")) {
    score.raise(
      "high",
      `deletes every .git found under ${root} (git history)`,
      "destructive_command",
      "broad_file_deletion",
    );
  } else if (root === "/" || isSystemPath(root)) {
    score.raise(
      "critical",
      `deletes files found under ${root}`,
      "destructive_command",
      "system_modification",
    );
  } else if (scope.outside || (scope.broad && !scope.project)) {
    score.raise(
      "high",
      `deletes files found under ${scope.outside ?? root}`,
      "destructive_command",
      "broad_file_deletion",
    );
  } else {
    score.raise(recursive ? "medium" : "low", `deletes files found under ${root}`, "destructive_command");
  }
}

/**
 * A delete target known only at run time. Wholly unknown (`$d`, `"$d"/`, `$(…)`, `$1`) it may be
 * anything, `/` included: high. `"$DIR"/` and `$DIR/*` are the root when DIR is empty;
 * `${DIR:?}/*` fails instead, and `$BUILD/out` names a child: medium.
 */
function runTimeTarget(target: Word, recursive: boolean, signals: Parameters<Rule>[1]["signals"]): void {
  const { score } = signals;
  const text = target.value;
  if (/^\$\{\w+:\?[^}]*\}/.test(text)) {
    score.raise(
      recursive ? "medium" : "low",
      "deletes a path known only at run time (guarded by :?)",
      "destructive_command",
    );
    return;
  }
  const wholly = /^(\$\{?[A-Za-z_]\w*\}?|\$[0-9@*]|\$\{[^}]*\}|\$\(.*\)|`.*`)\/?\.?\*?$/s.test(text);
  if (wholly && recursive) {
    score.raise(
      "high",
      `recursive delete of ${text.slice(0, 60)}: the path is known only at run time (it may be / or home)`,
      "destructive_command",
      "broad_file_deletion",
    );
  } else if (wholly) {
    score.raise(
      "medium",
      `deletes ${text.slice(0, 60)}, a path known only at run time`,
      "destructive_command",
    );
  } else {
    score.raise(recursive ? "medium" : "low", "deletes a path known only at run time", "destructive_command");
  }
}

const shred: Rule = (invocation, { signals }) => {
  for (const target of positionals(invocation.args, ["-n", "-s", "--iterations", "--size"])) {
    signals.write(target, "overwrites");
  }
  signals.score.raise("high", `${invocation.program} destroys file contents`, "destructive_command");
};

/** cp/mv/ln/install: sources are read (mv also removes them), the destination written. */
function copyLike(removesSources: boolean): Rule {
  return (invocation, { signals }) => {
    const args = invocation.args;
    const targetDir = optionValue(args, ["-t", "--target-directory"]);
    const paths = positionals(args, [
      "-t",
      "--target-directory",
      "-S",
      "--suffix",
      "-m",
      "--mode",
      "-o",
      "-g",
      "--owner",
      "--group",
    ]);
    const destination = targetDir ?? paths.at(-1)?.value;
    const sources = targetDir ? paths : paths.slice(0, -1);
    for (const source of sources) {
      if (removesSources) signals.write(source, "moves away");
      else signals.read(source, "copies");
    }
    if (destination !== undefined)
      signals.write(destination, invocation.program === "ln" ? "links into" : "writes");
  };
}

const writesArguments: Rule = (invocation, { signals }) => {
  const verbs: Record<string, string> = {
    touch: "creates",
    mkdir: "creates",
    tee: "writes",
    truncate: "truncates",
  };
  for (const target of positionals(invocation.args, [
    "-s",
    "--size",
    "-m",
    "--mode",
    "-r",
    "--reference",
    "-d",
    "-t",
  ])) {
    // touch and mkdir change no content: `touch .env` neither reads nor overwrites a secret
    const path = signals.path(target);
    if (/^(touch|mkdir)$/.test(invocation.program) && !isSystemPath(path)) {
      signals.score.raise("low", `${verbs[invocation.program]} ${path}`);
      continue;
    }
    signals.write(target, verbs[invocation.program] ?? "writes");
  }
  if (invocation.program === "truncate") signals.score.flag("destructive_command");
};

const chmod: Rule = (invocation, { signals }) => {
  const args = positionals(invocation.args, ["--reference"]);
  const mode = args[0]?.value ?? "";
  const recursive = hasOption(invocation.args, ["--recursive"], "R");
  const worldWritable =
    /^0?[0-7]?[0-7][0-7][2367]$/.test(mode) ||
    /(^|,)[ugo]*a[ugo]*[+=][^,]*w|(^|,)[ug]*o[ugo]*[+=][^,]*w|(^|,)[+=][^,]*w/.test(mode);
  const setuid = /^0?[4-7][0-7]{3}$/.test(mode) || /[+=][^,]*s/.test(mode);
  if (worldWritable) signals.score.raise("high", `chmod ${mode}: world-writable permissions`);
  if (setuid) signals.score.raise("high", `chmod ${mode}: setuid/setgid bit`);
  for (const target of args.slice(1)) {
    const path = signals.path(target);
    if (isSystemPath(path) || (recursive && path === "/")) {
      signals.score.raise(
        "critical",
        `changes permissions of the system path ${path}`,
        "system_modification",
      );
    } else if (recursive && isBroadPath(path, { cwd: signals.cwd })) {
      signals.score.raise("high", `recursive chmod of a broad path (${target.value})`);
    } else {
      signals.score.raise("low", `changes permissions of ${target.value}`);
    }
  }
};

const chown: Rule = (invocation, { signals }) => {
  const args = positionals(invocation.args, ["--reference", "--from"]);
  const recursive = hasOption(invocation.args, ["--recursive"], "R");
  signals.score.raise("high", `${invocation.program} changes file ownership`);
  for (const target of args.slice(1)) {
    const path = signals.path(target);
    if (isSystemPath(path) || (recursive && path === "/"))
      signals.score.raise("critical", `changes ownership of ${path}`, "system_modification");
  }
};

const dd: Rule = (invocation, { signals }) => {
  for (const arg of invocation.args) {
    const [key, value] = arg.value.split("=", 2) as [string, string | undefined];
    if (value === undefined) continue;
    if (key === "if") signals.read(value);
    if (key === "of") {
      if (/^\/dev\/(sd|nvme|hd|vd|xvd|disk|mmcblk|md|dm-|mapper)/.test(value)) {
        signals.score.raise(
          "critical",
          `dd overwrites the disk ${value}`,
          "destructive_command",
          "system_modification",
        );
      } else {
        signals.write(value, "dd writes");
      }
    }
  }
};

/** Programs whose first positional is a pattern or program text, not a file. */
const PATTERN_FIRST = new Set([
  "grep",
  "egrep",
  "fgrep",
  "rg",
  "ag",
  "ack",
  "awk",
  "gawk",
  "mawk",
  "sed",
  "jq",
  "yq",
  "zgrep",
]);
const GREP_OPTIONS = "-e -f -A -B -C -m -d -D --regexp --file --include --exclude --max-count";
/** Options that take the next word as their value, per reader. */
const READER_VALUE_OPTIONS: Record<string, string[]> = Object.fromEntries(
  Object.entries({
    "head tail": "-n -c -s --lines --bytes --sleep-interval --pid",
    "grep egrep fgrep zgrep ack": GREP_OPTIONS,
    "rg ag": `${GREP_OPTIONS} -g -t -T --glob --type --type-not`,
    "awk gawk mawk": "-F -v -f --field-separator --assign --file",
    sed: "-e -f -l --expression --file --line-length",
    "jq yq": "-f --from-file --arg --argjson --slurpfile --rawfile --indent",
    cut: "-d -f -c -b --delimiter --fields --characters --bytes",
    sort: "-k -t -o -S --key --field-separator --output --buffer-size",
    od: "-A -j -N -S -t -w --address-radix --skip-bytes --read-bytes --strings --format --width",
    xxd: "-c -g -l -o -s -n --cols --len --seek",
    hexdump: "-e -f -n -s",
    "nl diff": "-w -s -v -i -b -U -C",
  }).flatMap(([names, options]) => names.split(" ").map((name) => [name, options.split(" ")])),
);
const TWO_VALUES = new Set(["--arg", "--argjson", "--slurpfile", "--rawfile"]);

/** The file operands of a reader: not options, not their values, not the pattern. */
function readerFiles(program: string, args: Word[]): Word[] {
  const valueOptions = READER_VALUE_OPTIONS[program] ?? [];
  const found: Word[] = [];
  let ended = false;
  for (let i = 0; i < args.length; i += 1) {
    const value = args[i]!.value;
    if (ended || !value.startsWith("-") || value === "-") found.push(args[i]!);
    else if (value === "--") ended = true;
    else if (TWO_VALUES.has(value)) i += 2;
    else if (valueOptions.includes(value)) i += 1;
  }
  return found;
}

/** Readers: their file arguments are read (a secret among them is high); nothing else. */
const reader: Rule = (invocation, context) => {
  const { signals } = context;
  const program = invocation.program;
  const explicitPattern = hasOption(invocation.args, ["-e", "-f", "--regexp", "--file", "--expression"]);
  let files = readerFiles(program, invocation.args);
  if (PATTERN_FIRST.has(program) && !explicitPattern) files = files.slice(1);
  const inPlace =
    (program === "sed" || program === "perl") && hasOption(invocation.args, ["--in-place"], "i");
  for (const file of files) {
    if (/^-?\d+$/.test(file.value)) continue;
    if (inPlace) signals.write(file, "edits");
    else signals.read(file);
  }
  if (/^(awk|gawk|mawk)$/.test(program) && !hasOption(invocation.args, ["-f", "--file"])) {
    const text = readerFiles(program, invocation.args)[0]?.value ?? "";
    judgeInlineCode(program, text, context);
  }
};

const sourceScript: Rule = (invocation, { signals }) => {
  const file = positionals(invocation.args)[0];
  if (file) signals.read(file);
  signals.score.raise("medium", `runs the shell script ${file?.value ?? ""}`.trim());
};

const READERS = (
  "cat tac head tail less more bat nl od hexdump xxd strings sort uniq cut paste diff cmp comm base64 column " +
  "grep egrep fgrep zgrep rg ag ack awk gawk mawk sed jq yq " +
  "zcat bzcat xzcat gunzip"
).split(" ");

export const FILE_RULES: Record<string, Rule> = {
  rm,
  unlink: rm,
  rmdir: (invocation, { signals }) => {
    for (const target of positionals(invocation.args)) signals.write(target, "removes the directory");
  },
  shred,
  wipe: shred,
  srm: shred,
  cp: copyLike(false),
  install: copyLike(false),
  ln: copyLike(false),
  mv: copyLike(true),
  touch: writesArguments,
  mkdir: writesArguments,
  tee: writesArguments,
  truncate: writesArguments,
  chmod,
  chown,
  chgrp: chown,
  find,
  dd,
  ...Object.fromEntries(READERS.map((name) => [name, reader])),
  perl: (invocation, context) => {
    if (hasOption(invocation.args, [], "i")) reader(invocation, context);
    else interpreter(invocation, context);
  },
  // `$EDITOR file`, `$PAGER file`: the user's editor or pager opens what it is given
  "$user-tool": (invocation, context) => {
    for (const file of positionals(invocation.args)) if (!file.dynamic) context.signals.read(file, "opens");
    context.signals.score.raise("low", "opens files in the user's editor or pager");
  },
  source: sourceScript,
  ".": sourceScript,
};
