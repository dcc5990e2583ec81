/**
 * Rules for programs that read, write and delete files (SPEC §2.8): rm (recursive, forced,
 * broad), cp/mv/ln/install, chmod/chown, find -delete/-exec, dd, tee, sed -i,
 * and the readers whose file arguments may be secrets (cat, grep, …).
 */
import { hasOption, optionValue, positionals } from "../command/argv.js";
import type { Rule } from "../command/rule.js";
import { HOME, isBroadPath, isSystemPath } from "../paths.js";
import type { Word } from "../shell-model.js";
import { staticWord } from "../shell-model.js";
import { interpreter } from "./dev.js";

/** A path value with `$HOME`/`${HOME}` read as `~`; null when it still depends on run time. */
function staticPath(word: Word): string | null {
  const value = word.value.replace(/^(\$HOME|\$\{HOME\})(?=\/|$)/, HOME);
  if (/[$`]/.test(value)) return null;
  return value;
}

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
      // `"$DIR"/` and `$DIR/*` are the root when DIR is empty or unset (`${DIR:?}` fails instead).
      if (recursive && /^\$\{?[A-Za-z_]\w*\}?\/\.?\*?$/.test(target.value)) {
        score.raise(
          "high",
          `recursive delete of ${target.value}: the root if the variable is empty`,
          "destructive_command",
          "broad_file_deletion",
        );
        continue;
      }
      score.raise(
        recursive ? "medium" : "low",
        "deletes a path known only at run time",
        "destructive_command",
      );
      continue;
    }
    const path = signals.path(value);
    const glob = /[*?[]/.test(path);
    // `dir/*` deletes everything in dir: judged like deleting dir itself.
    const everything = /(^|\/)\.?\*$/.test(path);
    const base = everything ? path.replace(/\/?\.?\*$/, "") || (path.startsWith("/") ? "/" : ".") : path;
    if ((recursive || everything) && !/[*?[]/.test(base)) {
      if (base === "/") {
        const how = `${recursive ? "recursive " : ""}${force ? "forced " : ""}delete of the root file system`;
        score.raise("critical", how, "destructive_command", "broad_file_deletion");
        continue;
      }
      if (isBroadPath(base, { cwd: signals.cwd })) {
        score.raise(
          "high",
          `delete of a broad path (${value})`,
          "destructive_command",
          "broad_file_deletion",
        );
        continue;
      }
    }
    if (isSystemPath(glob ? base : path)) {
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

const DELETERS = new Set(["rm", "unlink", "shred", "rmdir", "srm", "wipe"]);

/** find: -delete and -exec/-ok run actions; the search itself reads nothing. */
const find: Rule = (invocation, context) => {
  const { signals } = context;
  const args = invocation.args;
  const roots = [];
  for (const arg of args) {
    if (/^[-(!]/.test(arg.value)) break;
    roots.push(arg);
  }
  const execDeletes = args.some(
    (arg, i) =>
      ["-exec", "-execdir", "-ok", "-okdir"].includes(arg.value) &&
      DELETERS.has(args[i + 1]?.value.split("/").at(-1) ?? "") &&
      args.slice(i + 2).some((word) => word.value === "{}"),
  );
  if (args.some((arg) => arg.value === "-delete") || execDeletes) {
    const statics = roots.map(staticPath).filter((value): value is string => value !== null);
    const broad = statics.some((value) => isBroadPath(signals.path(value), { cwd: null }) || value === "/");
    if (statics.some((value) => signals.path(value) === "/"))
      signals.score.raise(
        "critical",
        "find deletes files across the whole file system",
        "destructive_command",
        "broad_file_deletion",
        "system_modification",
      );
    else if (broad)
      signals.score.raise(
        "high",
        "find -delete over a broad path",
        "destructive_command",
        "broad_file_deletion",
      );
    else signals.score.raise("medium", "find -delete removes the files it matches", "destructive_command");
    for (const root of roots) {
      const value = staticPath(root);
      if (value !== null && isSystemPath(signals.path(value))) {
        signals.score.raise("critical", `find -delete under the system path ${value}`, "system_modification");
      }
    }
  }
  for (let i = 0; i < args.length; i += 1) {
    if (!["-exec", "-execdir", "-ok", "-okdir"].includes(args[i]!.value)) continue;
    const words: Word[] = [];
    for (i += 1; i < args.length && args[i]!.value !== ";" && args[i]!.value !== "+"; i += 1) {
      words.push(args[i]!.value === "{}" ? staticWord(roots[0]?.value ?? ".") : args[i]!);
    }
    if (words.length === 0) continue;
    const text = words.map((word) => quote(word.value)).join(" ");
    context.nested({ value: text, dynamic: words.some((word) => word.dynamic), inner: [] }, "find -exec");
  }
};

function quote(value: string): string {
  return /^[A-Za-z0-9_./,:@%+=-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

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
const READER_VALUE_OPTIONS = [
  "-e",
  "-f",
  "-A",
  "-B",
  "-C",
  "-m",
  "-d",
  "-D",
  "-g",
  "-t",
  "-T",
  "-n",
  "-c",
  "-s",
  "-o",
  "-v",
  "-F",
  "--regexp",
  "--file",
  "--include",
  "--exclude",
  "--glob",
  "--type",
  "--max-count",
  "--lines",
  "--bytes",
  "--arg",
  "--argjson",
];

/** Readers: their file arguments are read (a secret among them is high); nothing else. */
const reader: Rule = (invocation, { signals }) => {
  const program = invocation.program;
  const explicitPattern = hasOption(invocation.args, ["-e", "-f", "--regexp", "--file", "--expression"]);
  let files = positionals(
    invocation.args,
    program === "head" || program === "tail" || PATTERN_FIRST.has(program) ? READER_VALUE_OPTIONS : [],
  );
  if (PATTERN_FIRST.has(program) && !explicitPattern) files = files.slice(1);
  const inPlace =
    (program === "sed" || program === "perl") && hasOption(invocation.args, ["--in-place"], "i");
  for (const file of files) {
    if (/^-?\d+$/.test(file.value)) continue;
    if (inPlace) signals.write(file, "edits");
    else signals.read(file);
  }
  if (/^(awk|gawk|mawk)$/.test(program)) {
    const text = positionals(invocation.args, READER_VALUE_OPTIONS)[0]?.value ?? "";
    if (/\bsystem\s*\(|\|\s*"|print[^;]*>\s*"/.test(text)) {
      signals.score.raise("medium", "the awk program runs commands or writes files");
    }
  }
};

const sourceScript: Rule = (invocation, { signals }) => {
  const file = positionals(invocation.args)[0];
  if (file) signals.read(file);
  signals.score.raise("medium", `runs the shell script ${file?.value ?? ""}`.trim());
};

const READERS = (
  "cat tac head tail less more bat nl od hexdump xxd strings sort uniq cut paste diff cmp comm base64 " +
  "md5sum sha1sum sha256sum sha512sum shasum cksum wc grep egrep fgrep zgrep rg ag ack awk gawk mawk sed jq yq " +
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
  source: sourceScript,
  ".": sourceScript,
};
