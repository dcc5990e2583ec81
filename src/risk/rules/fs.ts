/**
 * Rules for programs that read, write and delete files (docs/risk.md): rm (rules/rm.ts),
 * cp/mv/ln/install, chmod/chown, find -delete/-exec (rules/find.ts), dd, tee, archives, and
 * the readers whose file arguments may be secrets (cat, grep, sed -i, …: rules/readers.ts).
 */
import { hasOption, optionValue, positionals } from "../command/argv.js";
import type { Rule } from "../command/rule.js";
import { deleteScope } from "../deletes.js";
import { isBroadPath, isSystemPath, normalizePath, rootEntryMade, secretFileReason } from "../paths.js";
import type { Word } from "../shell-model.js";
import { shellQuote } from "../wrappers.js";
import { find } from "./find.js";
import { interpreter } from "./interpreters.js";
import { teesDownload } from "./net.js";
import { PERL_IN_PLACE, READERS, reader, sed } from "./readers.js";
import { rm } from "./rm.js";
import { registryChange } from "./windows.js";
import { windowsDelete } from "./windows-system.js";

/**
 * shred/wipe/srm destroy what they are given: a device, a secret or anything outside the project
 * is high; a file of the project or a temporary file is gone as after `rm -f` (medium).
 */
const shred: Rule = (invocation, { signals }) => {
  const targets = positionals(invocation.args, ["-n", "-s", "--iterations", "--size"]);
  for (const target of targets) signals.write(target, "overwrites");
  const ordinary = targets.every((target) => {
    const path = normalizePath(target.value, { cwd: signals.cwd });
    const scope = deleteScope(path, signals);
    return !target.dynamic && !path.startsWith("/dev/") && !scope.outside && !scope.broad && !scope.project;
  });
  if (targets.length > 0 && ordinary)
    return void signals.score.raise(
      "medium",
      `${invocation.program} destroys the contents of files in the project or a temporary directory`,
      "destructive_command",
    );
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
    if (invocation.program === "install") installsAs(invocation, context);
    // `install -d DIR…`: every operand is a directory made
    const directories = invocation.program === "install" && hasOption(args, ["--directory"], "d");
    const destination = directories ? undefined : (targetDir ?? paths.at(-1)?.value);
    const sources = directories ? [] : targetDir ? paths : paths.slice(0, -1);
    if (directories) for (const path of paths) signals.create(path);
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

/**
 * `install -o postgres -m 1777 …`: install's owner and group are a chown, its mode a chmod, of
 * what it writes; judged as those (docs/risk.md, the level table's `chown` and `chmod 777` rows).
 */
function installsAs(invocation: Parameters<Rule>[0], { signals }: Parameters<Rule>[1]): void {
  const owner = optionValue(invocation.args, ["-o", "--owner", "-g", "--group"]);
  if (owner !== null)
    signals.score.raise("high", `install sets the owner (${owner}): a chown of what it writes`);
  const mode = optionValue(invocation.args, ["-m", "--mode"]) ?? "";
  if (worldWritableMode(mode)) signals.score.raise("high", `install -m ${mode}: world-writable permissions`);
  if (setuidMode(mode)) signals.score.raise("high", `install -m ${mode}: setuid/setgid bit`);
}

const worldWritableMode = (mode: string) =>
  /^0?[0-7]?[0-7][0-7][2367]$/.test(mode) ||
  /(^|,)[ugo]*a[ugo]*[+=][^,]*w|(^|,)[ug]*o[ugo]*[+=][^,]*w|(^|,)[+=][^,]*w/.test(mode);
const setuidMode = (mode: string) => /^0?[4-7][0-7]{3}$/.test(mode) || /[+=][^,]*s/.test(mode);

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
    if (/^(touch|mkdir)$/.test(invocation.program)) {
      // (`mkdir -p /kaniko/.docker` makes `/kaniko` first when it is missing)
      const parents = invocation.program === "mkdir" && hasOption(invocation.args, ["--parents"], "p");
      const entry = rootEntryMade(path, signals.cwd, parents);
      if (isSystemPath(path) || entry) signals.create(entry ?? target);
      else signals.score.raise("low", `${verbs[invocation.program]} ${path}`);
      continue;
    }
    signals.write(target, verbs[invocation.program] ?? "writes");
  }
  if (invocation.program === "truncate") signals.score.flag("destructive_command");
};

const chmod: Rule = (invocation, { signals }) => {
  const args = positionals(invocation.args, ["--reference"]);
  const mode = args[0]?.value ?? "";
  const recursive = hasOption(invocation.args, ["--recursive"], "R", true);
  const worldWritable = worldWritableMode(mode);
  const setuid = setuidMode(mode);
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
  const recursive = hasOption(invocation.args, ["--recursive"], "R", true);
  if (args.length === 0 && hasOption(invocation.args, ["--help", "--version"]))
    return void signals.score.raise("none", `${invocation.program} prints help`);
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

const sourceScript: Rule = (invocation, { signals }) => {
  const file = positionals(invocation.args)[0];
  if (file) signals.read(file);
  if (file) signals.runs(file, "source");
  signals.score.raise("medium", `runs the shell script ${file?.value ?? ""}`.trim());
};

/** A Windows drive path as WSL sees it: `C:\Users\x`, `C:/Users/x` → /mnt/c/Users/x. */
export function windowsPath(value: string): string {
  const drive = /^([A-Za-z]):[\\/]?(.*)$/s.exec(value);
  return drive
    ? `/mnt/${drive[1]!.toLowerCase()}/${drive[2]!.replace(/\\/g, "/")}`
    : value.replace(/\\/g, "/");
}

/**
 * `apply_patch` (Codex's patch format, also run as a command with the patch in a heredoc or an
 * argument: `apply_patch <<'EOF' … EOF`): every file the patch adds, updates, moves to or
 * deletes is judged as written, as when the patch tool itself is called.
 */
const applyPatch: Rule = (invocation, { signals }) => {
  const patch =
    invocation.command.stdinText ??
    invocation.args.map((word) => word.value).find((value) => value.includes("*** Begin Patch")) ??
    "";
  let files = 0;
  for (const match of patch.matchAll(/^\*\*\* (Add File|Update File|Delete File|Move to): (.+)$/gm)) {
    const deletes = match[1] === "Delete File";
    signals.write(match[2]!.trim(), deletes ? "deletes" : match[1] === "Update File" ? "edits" : "writes");
    if (deletes) signals.score.flag("destructive_command");
    if (++files >= 256) break;
  }
  if (files === 0) signals.score.raise("medium", "apply_patch applies a patch whose files are not known");
};

/** PowerShell's Remove-Item (`ri`): judged as `rm`, `-Recurse` as `-r`. */
const removeItem: Rule = (invocation, context) => {
  const { args } = invocation;
  // `-WhatIf` (not `-WhatIf:$false`) prints what would go and deletes nothing, as for any cmdlet
  if (args.some((word) => /^-whatif(:\$?true)?$/i.test(word.value)))
    return void context.signals.score.raise("low", "Remove-Item dry run (-WhatIf): deletes nothing");
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
  // `Remove-Item HKLM:\SOFTWARE\…`: a registry key, not a file (rules/windows.ts)
  if (registryChange(invocation.program, args, context.signals)) return;
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
 * `tar -x -C DIR`, `unzip -o … -d DIR`: extraction writes (and overwrites) files in DIR. Over the
 * root or a system directory it is critical, over the home directory as a whole high (start-up
 * files and keys can be replaced); elsewhere the archive tool is judged as any program.
 */
const extract: Rule = (invocation, { signals }) => {
  const { args, program } = invocation;
  const extracting =
    program === "unzip" ||
    args.some((word) => /^(-[a-zA-Z]*x[a-zA-Z]*|--extract|--get|x[a-zA-Z]*)$/.test(word.value)) ||
    // `cpio -idmv -D /`: copy-in mode extracts
    (program === "cpio" && args.some((word) => /^(-[a-zA-Z]*i[a-zA-Z]*|--extract)$/.test(word.value)));
  const target =
    program === "unzip"
      ? optionValue(args, ["-d"])
      : optionValue(args, program === "cpio" ? ["-D", "--directory"] : ["-C", "--directory"]);
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

/** A trash tool's operands, judged as `rm -r` of them (options and `--help` aside). */
const trash: Rule = (invocation, context) => {
  // `trash --empty`: what the trash holds is gone for good
  if (invocation.args.some((word) => /^(--empty|-e|empty)$/.test(word.value)))
    return void context.signals.score.raise(
      "high",
      `${invocation.program} --empty deletes everything in the trash`,
      "destructive_command",
    );
  const targets = positionals(invocation.args, ["--trash-dir"]);
  if (targets.length === 0) return void context.signals.score.raise("low", `${invocation.program}`);
  context.nested(
    {
      value: `rm -r -- ${targets.map((word) => (word.dynamic ? `"${word.value}"` : shellQuote(word.value))).join(" ")}`,
      dynamic: targets.some((word) => word.dynamic),
      inner: [],
    },
    `${invocation.program} moves to the trash`,
  );
};

export const FILE_RULES: Record<string, Rule> = {
  tar: extract,
  unzip: extract,
  cpio: extract,
  bsdtar: extract,
  "remove-item": removeItem,
  ri: removeItem,
  rm,
  unlink: rm,
  rmdir: (invocation, context) => {
    // cmd.exe's `rmdir /s` deletes the whole tree, as `rd /s` does
    if (invocation.args.some((word) => /^\/s$/i.test(word.value))) return windowsDelete(invocation, context);
    for (const target of positionals(invocation.args)) context.signals.write(target, "removes the directory");
  },
  // `trash ~`, `trash-put -r build`: moved to the trash is gone from where it was (as `npx trash`)
  ...Object.fromEntries(["trash", "trash-put", "gvfs-trash"].map((name) => [name, trash])),
  // `printf … | sponge F` writes F; `patch F < p.diff` (or `-o OUT`) writes F
  sponge: writesArguments,
  patch: (invocation, context) => {
    const out = optionValue(invocation.args, ["-o", "--output"]);
    const [file] = positionals(invocation.args, [
      "-p",
      "-d",
      "-i",
      "-o",
      "-r",
      "-D",
      "-F",
      "-B",
      "-z",
      "-V",
      "-Y",
      "--input",
      "--output",
      "--directory",
    ]);
    // (without a file, the diff names the files: not in the line)
    context.signals.score.raise(file || out ? "low" : "medium", "patch applies a diff");
    if (out) context.signals.write(out, "patch writes");
    if (file) context.signals.write(file, "patch writes");
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
  apply_patch: applyPatch,
  applypatch: applyPatch,
};
