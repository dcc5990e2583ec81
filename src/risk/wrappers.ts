/**
 * Wrapper stripping: `sudo -u x env A=1 timeout 5 nice -n 5 rm -rf /` runs `rm -rf /`, with
 * privilege. Wrappers are remembered (sudo → privilege_escalation) and every stage of the
 * stripping is kept as text, so a policy glob matches the command as written (`sudo *`) and
 * as run (`rm -rf *`). Programs are compared by basename (`/usr/bin/sudo` is sudo).
 */
import type { ShellCommand, Word } from "./shell-model.js";
import { WRAPPERS, type WrapperSpec } from "./wrapper-specs.js";

export interface Invocation {
  /** Basename of the program that finally runs; "" for a bare assignment/redirection. */
  program: string;
  args: Word[];
  wrappers: string[];
  privileged: boolean;
  /** The simple command as text at each stage of stripping, outermost first. */
  forms: string[];
  /** Text a wrapper hands to `sh -c` (`watch 'cmd'`, `flock f -c 'cmd'`), judged as a script. */
  script: Word | null;
  command: ShellCommand;
  /** For `… | xargs [options] cmd args`: the command's words and how input completes them. */
  xargs: XargsCall | null;
}

export interface XargsCall {
  /** The command xargs runs, as written (program first). */
  words: Word[];
  /** The replacement string (`-I {}`, `-i`), or null: input words are appended. */
  replace: string | null;
  /** Input read from a file (`-a file`), not from stdin. */
  argFile: boolean;
  /** `-0`/`--null`, `-d`: input items end at NUL (or the delimiter), blanks stay inside them. */
  delimited: boolean;
}

/** Variables that hold the user's shell: `$SHELL -c '…'` runs a shell. */
const SHELL_VARIABLE = /^\$(\{(SHELL|BASH)\}|SHELL|BASH)$/;
/**
 * Variables naming the user's own tools (`$EDITOR file`, `${PAGER:-less} log`): the program is
 * the user's choice, not unknown; it opens the files it is given.
 */
const USER_TOOL_VARIABLE =
  /^\$(\{(EDITOR|VISUAL|PAGER|BROWSER)(:?-[\w./-]*)?\}|EDITOR|VISUAL|PAGER|BROWSER)$/;

/** True for a program word that is a run-time value but a known kind of program (`$SHELL`, `$EDITOR`). */
export function isKnownVariableProgram(word: Word): boolean {
  return word.dynamic && (SHELL_VARIABLE.test(word.value) || USER_TOOL_VARIABLE.test(word.value));
}

export function programName(word: string): string {
  const slash = word.lastIndexOf("/");
  return slash >= 0 ? word.slice(slash + 1) : word;
}

/**
 * The name rules know a program by: its basename, lowercase, without `.exe`. On
 * case-insensitive file systems (macOS, Windows) and under WSL, `RM`, `Git.exe` and `rm.exe`
 * run the same program as `rm` and `git`.
 */
export function canonicalProgram(word: Word): string {
  if (word.dynamic && SHELL_VARIABLE.test(word.value)) return "sh";
  if (word.dynamic && USER_TOOL_VARIABLE.test(word.value)) return "$user-tool";
  return programName(word.value)
    .replace(/\.exe$/i, "")
    .toLowerCase();
}

function formText(words: Word[], from: number): string {
  return words
    .slice(from)
    .map((word, index) => (index === 0 ? programName(word.value) : word.value))
    .join(" ");
}

/** WSL's management options: with one of them, `wsl` runs no Linux command. */
const WSL_MANAGEMENT =
  /^(--(install|uninstall|unregister|mount|unmount|export|import|import-in-place|shutdown|terminate|list|status|update|version|help|set-default|set-default-version|set-version|manage|debug-shell)|-[ltsv])$/;

export function resolveInvocation(command: ShellCommand): Invocation {
  const words = command.words;
  const forms: string[] = [];
  if (command.assignments.length > 0 && words.length > 0) {
    forms.push(`${command.assignments.join(" ")} ${formText(words, 0)}`);
  }
  const wrappers: string[] = [];
  let privileged = false;
  let xargs: XargsCall | null = null;
  let index = 0;
  while (index < words.length) {
    forms.push(formText(words, index));
    const name = canonicalProgram(words[index]!);
    const spec = WRAPPERS[name];
    if (!spec || words[index]!.dynamic) break;
    // `command -v x` and `sudo -l` ask questions; they do not run the command.
    const next = words[index + 1]?.value ?? "";
    if (name === "command" && /^-[a-zA-Z]*[vV]/.test(next)) break;
    if (
      name === "sudo" &&
      /^(-(l|v|k|K|V|h)|--(list|validate|reset-timestamp|remove-timestamp|version|help))$/.test(next)
    )
      break;
    // `gosu --version`, `su-exec -h`, `pkexec --help`: a privilege wrapper asked about itself runs nothing
    if (
      spec.privileged &&
      name !== "sudo" &&
      /^(--version|--help|-h|-V)$/.test(next) &&
      index + 2 === words.length
    )
      break;
    // `wsl --unregister Ubuntu`, `wsl --list`: WSL's own management, no Linux command (rules/windows-tools.ts)
    if (name === "wsl" && WSL_MANAGEMENT.test(next)) break;
    const start = skipOptions(words, index + 1, spec);
    const handOff =
      name === "env" || name === "flock" || name === "entr" ? shellHandOff(name, words, index, start) : null;
    if (handOff)
      return {
        program: "",
        args: [],
        wrappers: [...wrappers, name],
        privileged,
        forms,
        command,
        script: handOff,
        xargs,
      };
    if (start >= words.length) {
      // A wrapper with nothing to run: `sudo -i`, `sudo -s`, `xargs` (runs echo), `env` (prints).
      if (spec.privileged) privileged = true;
      break;
    }
    wrappers.push(name);
    if (spec.privileged) privileged = true;
    if (name === "xargs")
      xargs = { words: words.slice(start), ...xargsOptions(words.slice(index + 1, start)) };
    const script = shellHandOff(name, words, index, start);
    if (script) return { program: "", args: [], wrappers, privileged, forms, command, script, xargs };
    index = start;
  }
  const program = index < words.length ? canonicalProgram(words[index]!) : "";
  let args = words.slice(index + 1);
  if (xargs) args = withStdinArguments(xargs, args);
  return { program, args, wrappers, privileged, forms, command, script: null, xargs };
}

function xargsOptions(options: Word[]): { replace: string | null; argFile: boolean; delimited: boolean } {
  let replace: string | null = null;
  let argFile = false;
  const delimited = options.some((word) =>
    /^(-0|--null|-d.*|--delimiter.*|-[a-zA-Z]*0[a-zA-Z]*)$/.test(word.value),
  );
  for (let i = 0; i < options.length; i += 1) {
    const value = options[i]!.value;
    if (value === "-I") replace = options[i + 1]?.value ?? null;
    else if (value.startsWith("-I")) replace = value.slice(2);
    else if (value === "-i" || value === "--replace") replace = "{}";
    else if (value.startsWith("-i")) replace = value.slice(2);
    else if (value.startsWith("--replace=")) replace = value.slice("--replace=".length);
    else if (value === "-a" || value.startsWith("--arg-file")) argFile = true;
  }
  return { replace, argFile, delimited };
}

/**
 * xargs completes the command with words read from stdin: unknown until run time. With a
 * replacement string (`-I {}`, `-i`, `--replace`) the words holding it are run-time values; without
 * one, run-time words follow the written arguments (`xargs rm -rf` deletes what stdin names).
 * The input is written `$XARGS_INPUT` so that rules see an expansion, as they would in a script.
 */
function withStdinArguments(xargs: XargsCall, args: Word[]): Word[] {
  const marker = xargs.replace;
  if (marker) {
    return args.map((word) =>
      word.value.includes(marker)
        ? { ...word, value: word.value.split(marker).join("$XARGS_INPUT"), dynamic: true }
        : word,
    );
  }
  return [...args, { value: "$XARGS_INPUT", dynamic: true, inner: [] }];
}

/** `watch` runs its words joined through `sh -c` (unless -x); `flock … -c` runs a script. */
function shellHandOff(name: string, words: Word[], wrapper: number, start: number): Word | null {
  const options = words.slice(wrapper + 1, start).map((word) => word.value);
  if (name === "watch" && !options.some((value) => value === "-x" || value === "--exec")) {
    const rest = words.slice(start);
    // watch joins its words with spaces for `sh -c`; several words are read with their quoting
    // kept (`watch sh -c 'rm -rf /'` is meant as that script, whatever sh makes of it).
    return {
      value: rest.length === 1 ? rest[0]!.value : rest.map((word) => shellQuote(word.value)).join(" "),
      dynamic: rest.some((word) => word.dynamic),
      inner: rest.flatMap((word) => word.inner),
    };
  }
  if (name === "flock" && (options.at(-1) === "-c" || options.at(-1) === "--command")) return words[start]!;
  // `entr -s 'cmd'`: the utility is a command line for the shell
  if (name === "entr" && options.some((value) => /^-[a-z]*s/.test(value)) && words[start])
    return words[start]!;
  // `flock --command 'cmd' FILE`: options may come before the lock file
  const command = words.slice(wrapper + 1, start).findIndex((word) => /^(-c|--command)$/.test(word.value));
  if (name === "flock" && command >= 0 && words[wrapper + 2 + command]) return words[wrapper + 2 + command]!;
  // `env -S 'cmd args'` splits its value into the command line it runs
  // (in a cluster of flags too: `-iS 'cmd'`, and attached: `-S'cmd'`, `-vS"cmd"`)
  const split = words
    .slice(wrapper + 1, start)
    .findIndex((word) => /^(-[iv0]*S|--split-string(=|$))/.test(word.value));
  if (name === "env" && split >= 0) {
    const option = words[wrapper + 1 + split]!;
    // `--split-string='rm -rf ~'` and `-S'rm -rf ~'` carry their value; `-S 'rm -rf' ~` takes the next word
    const attached = option.value.startsWith("--")
      ? option.value.includes("=")
        ? option.value.slice(option.value.indexOf("=") + 1)
        : ""
      : option.value.slice(option.value.indexOf("S") + 1);
    const value = attached !== "" ? { ...option, value: attached } : words[wrapper + 1 + split + 1]!;
    const parts = [value, ...words.slice(start)].filter(Boolean);
    return {
      value: [parts[0]!.value, ...parts.slice(1).map((word) => shellQuote(word.value))].join(" "),
      dynamic: parts.some((word) => word.dynamic),
      inner: parts.flatMap((word) => word.inner),
    };
  }
  return null;
}

function skipOptions(words: Word[], from: number, spec: WrapperSpec): number {
  let index = from;
  let positionals = spec.positionals ?? 0;
  while (index < words.length) {
    const value = words[index]!.value;
    if (value === "--") return index + 1;
    if (value === "-" && spec.dashOption) {
      index += 1;
      continue;
    }
    if (value.startsWith("--") && value.length > 2) {
      const name = value.slice(2).split("=")[0]!;
      if (spec.pairLong?.includes(name)) {
        index += 3;
        continue;
      }
      index += spec.valueLong.includes(name) && !value.includes("=") ? 2 : 1;
      continue;
    }
    if (value.startsWith("-") && value.length > 1) {
      // A cluster like -nE or -n5: a value letter takes the rest, or the next word.
      const letters = value.slice(1);
      let takesNext = false;
      for (let i = 0; i < letters.length; i += 1) {
        if (spec.valueShort.includes(letters[i]!)) {
          takesNext = i === letters.length - 1;
          break;
        }
      }
      index += takesNext ? 2 : 1;
      continue;
    }
    if (/^-\d+$/.test(value) && (spec === WRAPPERS.nice || spec === WRAPPERS.time)) {
      index += 1;
      continue;
    }
    if (spec.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(value)) {
      index += 1;
      continue;
    }
    if (positionals > 0) {
      positionals -= 1;
      index += 1;
      continue;
    }
    return index;
  }
  return index;
}

/** A word as the shell would need it written to read it back as one word. */
export function shellQuote(value: string): string {
  return /^[A-Za-z0-9_./,:@%+=-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The inline script of `su`/`bash`/`sh`/`script` (`-c 'script'`, `bash -c -- 'script'`), of
 * `eval` (its words) and of `trap` (its first argument runs when the signal comes).
 */
export function inlineScript(program: string, args: Word[]): Word | null {
  if (program === "trap") {
    const rest = args[0]?.value === "--" ? args.slice(1) : args;
    if (rest.length < 2 || /^-[lp]$/.test(rest[0]!.value) || rest[0]!.value === "-") return null;
    return rest[0]!;
  }
  if (program === "eval") {
    if (args.length === 0) return null;
    return {
      value: args.map((arg) => arg.value).join(" "),
      dynamic: args.some((arg) => arg.dynamic),
      inner: args.flatMap((arg) => arg.inner),
    };
  }
  if (!SHELLS.has(program) && program !== "su" && program !== "script") return null;
  for (let i = 0; i < args.length; i += 1) {
    const value = args[i]!.value;
    if (value === "--") break;
    // `bash -O extglob -c …`, `sh -o pipefail -c …`: shell options that take a name
    if (/^[-+][a-zA-Z]*[oO]$/.test(value) && !/c/.test(value)) {
      i += 1;
      continue;
    }
    if (value === "--command" || (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(value) && !value.startsWith("--"))) {
      const next = args[i + 1];
      return next?.value === "--" ? (args[i + 2] ?? null) : (next ?? null);
    }
    if (!value.startsWith("-") && !value.startsWith("+")) break;
  }
  return null;
}

export const SHELLS = new Set([
  "bash",
  "sh",
  "zsh",
  "dash",
  "ksh",
  "mksh",
  "ash",
  "fish",
  "busybox",
  "csh",
  "tcsh",
]);
/** Interpreters that run a script read from stdin when given no file. */
export const INTERPRETERS = new Set([
  ...SHELLS,
  "python",
  "python2",
  "python3",
  "perl",
  "ruby",
  "node",
  "php",
  "deno",
  "bun",
  "pwsh",
  "powershell",
  "source",
  ".",
]);
