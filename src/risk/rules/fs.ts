/**
 * Rules for programs that read, write and delete files (docs/risk.md): rm (rules/rm.ts),
 * cp/mv/ln/install, chmod/chown, find -delete/-exec (rules/find.ts), dd, tee, sed -i,
 * and the readers whose file arguments may be secrets (cat, grep, …).
 */
import { hasOption, optionValue, positionals } from "../command/argv.js";
import type { Rule } from "../command/rule.js";
import { isBroadPath, isSystemPath, secretFileReason } from "../paths.js";
import type { Word } from "../shell-model.js";
import { shellQuote } from "../wrappers.js";
import { find } from "./find.js";
import { interpreter, judgeInlineCode } from "./interpreters.js";
import { teesDownload } from "./net.js";
import { rm } from "./rm.js";

const shred: Rule = (invocation, { signals }) => {
  for (const target of positionals(invocation.args, ["-n", "-s", "--iterations", "--size"])) {
    signals.write(target, "overwrites");
  }
  signals.score.raise("high", `${invocation.program} destroys file contents`, "destructive_command");
};

/** cp/mv/ln/install: sources are read (mv also removes them), the destination written. */
function copyLike(removesSources: boolean): Rule {
  return (invocation, context) => {
    const { signals } = context;
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
    // `mv ~/Documents /tmp/trash`, `mv .git /tmp/`: moved into a temporary directory (emptied at
    // reboot) or onto /dev/null, a tree is deleted later: judged as `rm -r` of it
    const away =
      destination !== undefined && /^\/(tmp|var\/tmp|dev\/null)(\/|$)/.test(signals.path(destination));
    if (removesSources && away && sources.length > 0)
      context.nested(
        {
          value: `rm -r -- ${sources.map((word) => (word.dynamic ? `"${word.value}"` : shellQuote(word.value))).join(" ")}`,
          dynamic: sources.some((word) => word.dynamic),
          inner: [],
        },
        "mv into a temporary directory deletes later",
      );
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
    } else if (
      recursive &&
      isBroadPath(path, { cwd: signals.cwd }) &&
      !/^[ugoa]*-[rwxXst]+(,[ugoa]*-[rwxXst]+)*$/.test(mode)
    ) {
      // (a mode that only takes permissions away, `go-w`, opens nothing)
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

/** perl's -i (in place) in a cluster; `-Mstrict`, `-Ilib`, `-V` carry a value, not -i. */
export const PERL_IN_PLACE = /^-[^-MmIdDxVe]*i/;

/** A home directory, or the parts of it where tools keep their credentials (`~/.config`, `~/.local/share`). */
const HOME_WIDE = /^(~|\/(home|Users)\/[^/]+)(\/\.config|\/\.local(\/share)?)?$/;

/** Readers: their file arguments are read (a secret among them is high); nothing else. */
const reader: Rule = (invocation, context) => {
  const { signals } = context;
  const program = invocation.program;
  const explicitPattern = hasOption(invocation.args, ["-e", "-f", "--regexp", "--file", "--expression"]);
  let files = readerFiles(program, invocation.args);
  if (PATTERN_FIRST.has(program) && !explicitPattern) files = files.slice(1);
  const inPlace =
    (program === "sed" && hasOption(invocation.args, ["--in-place"], "i")) ||
    (program === "perl" && invocation.args.some((word) => PERL_IN_PLACE.test(word.value)));
  const recursive =
    /^(rg|ag|ack)$/.test(program) ||
    hasOption(invocation.args, ["--recursive", "--dereference-recursive"], "r") ||
    hasOption(invocation.args, [], "R");
  for (const file of files) {
    if (/^-?\d+$/.test(file.value)) continue;
    if (inPlace) signals.write(file, "edits");
    else signals.read(file);
    // `grep -r AKIA ~`, `rg password ~/.config`: every file under a home that holds credential stores
    if (recursive && !file.dynamic && HOME_WIDE.test(signals.path(file)))
      signals.score.raise(
        "high",
        `${program} searches every file under ${file.value}, credential files included`,
        "sensitive_file_access",
      );
  }
  if (/^(awk|gawk|mawk)$/.test(program) && !hasOption(invocation.args, ["-f", "--file"])) {
    const text = readerFiles(program, invocation.args)[0]?.value ?? "";
    judgeInlineCode(program, text, context);
  }
  // `awk -f /dev/stdin <<< 'program'`, `-f -`: the program is the text on stdin
  const programFile = invocation.args.find((_, i, all) => /^(-f|--file)$/.test(all[i - 1]?.value ?? ""));
  if (/^(awk|gawk|mawk)$/.test(program) && /^(-|\/dev\/stdin)$/.test(programFile?.value ?? ""))
    judgeInlineCode(program, invocation.command.stdinText ?? "", context);
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

/** A Windows drive path as WSL sees it: `C:\Users\x`, `C:/Users/x` → /mnt/c/Users/x. */
export function windowsPath(value: string): string {
  const drive = /^([A-Za-z]):[\\/]?(.*)$/s.exec(value);
  return drive
    ? `/mnt/${drive[1]!.toLowerCase()}/${drive[2]!.replace(/\\/g, "/")}`
    : value.replace(/\\/g, "/");
}

/** PowerShell's Remove-Item (`ri`): judged as `rm`, `-Recurse` as `-r`. */
const removeItem: Rule = (invocation, context) => {
  const { args } = invocation;
  const recursive = args.some((word) => /^-r(ecurse)?$/i.test(word.value));
  const targets: Word[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const value = args[i]!.value;
    if (/^-(path|literalpath)$/i.test(value)) {
      if (args[i + 1]) targets.push(args[i + 1]!);
      i += 1;
    } else if (!value.startsWith("-")) {
      targets.push(args[i]!);
    }
  }
  if (targets.length === 0) return;
  const text = targets
    .map((word) => (word.dynamic ? `"${word.value}"` : `'${windowsPath(word.value).replace(/'/g, `'\\''`)}'`))
    .join(" ");
  context.nested(
    {
      value: `rm ${recursive ? "-r " : ""}-- ${text}`,
      dynamic: targets.some((word) => word.dynamic),
      inner: [],
    },
    "Remove-Item",
  );
};

/**
 * GNU sed runs commands: `e command` runs it, `e` alone and the `s///e` flag run the pattern
 * space (a line of the input) as a command. The rest of sed is a reader (or an editor with -i).
 */
const sed: Rule = (invocation, context) => {
  const { args } = invocation;
  const scripts: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const value = args[i]!.value;
    if (value === "-e" || value === "--expression") scripts.push(args[i + 1]?.value ?? "");
    else if (value.startsWith("--expression=")) scripts.push(value.slice("--expression=".length));
  }
  if (scripts.length === 0) {
    const first = positionals(args, ["-f", "-l", "--file", "--line-length"])[0];
    if (first) scripts.push(first.value);
  }
  for (const script of scripts) {
    for (const match of script.matchAll(/s([^\w\s\\])(?:\\.|(?!\1).)*\1(?:\\.|(?!\1).)*\1([a-zA-Z0-9]*)/g)) {
      if (match[2]!.includes("e"))
        context.signals.score.raise("high", "sed's e flag runs each matching line as a command");
    }
    const address = String.raw`(?:\d+|\$|/(?:\\.|[^/])*/)`;
    const command = new RegExp(
      String.raw`(?:^|[;\n{])\s*(?:${address}(?:,${address})?)?\s*e(?:\s+([^\n;}]*))?\s*(?=$|[;\n}])`,
      "g",
    );
    for (const match of script.matchAll(command)) {
      if (match[1]?.trim()) context.nested({ value: match[1], dynamic: false, inner: [] }, "sed e runs");
      else context.signals.score.raise("high", "sed's e command runs input lines as commands");
    }
  }
  reader(invocation, context);
};

/**
 * `tar -x -C DIR`, `unzip -o … -d DIR`: extraction writes (and overwrites) files in DIR. Over the
 * root or a system directory it is critical, over the home directory as a whole high (start-up
 * files and keys can be replaced); elsewhere the archive tool is judged as any program.
 */
const extract: Rule = (invocation, { signals }) => {
  const { args, program } = invocation;
  const extracting =
    program === "unzip" ||
    args.some((word) => /^(-[a-zA-Z]*x[a-zA-Z]*|--extract|--get|x[a-zA-Z]*)$/.test(word.value));
  const target = program === "unzip" ? optionValue(args, ["-d"]) : optionValue(args, ["-C", "--directory"]);
  if (extracting && target) {
    const path = signals.path(target);
    if (path === "/" || isSystemPath(path))
      return void signals.score.raise("critical", `${program} extracts over ${path}`, "system_modification");
    if (path === "~" || /^\/(home|Users)\/[^/]+$/.test(path))
      return void signals.score.raise(
        "high",
        `${program} extracts over the home directory (start-up files and keys can be replaced)`,
      );
  }
  for (const arg of args) {
    if (arg.dynamic) continue;
    const value = arg.value.replace(/^--?[\w-]+=/, "");
    if (/^(~|\.{1,2})?\//.test(value) || secretFileReason(value)) signals.read(value, "passes");
  }
  signals.score.raise("medium", `runs ${program}`);
};

export const FILE_RULES: Record<string, Rule> = {
  tar: extract,
  unzip: extract,
  "remove-item": removeItem,
  ri: removeItem,
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
  tee: (invocation, context) => {
    writesArguments(invocation, context);
    teesDownload(invocation, context);
  },
  truncate: writesArguments,
  chmod,
  chown,
  chgrp: chown,
  find,
  dd,
  ...Object.fromEntries(READERS.map((name) => [name, reader])),
  sed,
  perl: (invocation, context) => {
    if (invocation.args.some((word) => PERL_IN_PLACE.test(word.value))) reader(invocation, context);
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
