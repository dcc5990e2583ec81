/**
 * Wrapper stripping: `sudo -u x env A=1 timeout 5 nice -n 5 rm -rf /` runs `rm -rf /`, with
 * privilege. Wrappers are remembered (sudo → privilege_escalation) and every stage of the
 * stripping is kept as text, so a policy glob matches the command as written (`sudo *`) and
 * as run (`rm -rf *`). Programs are compared by basename (`/usr/bin/sudo` is sudo).
 */
import type { ShellCommand, Word } from "./shell-model.js";

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
}

/** Wrapper → options that take a value (short letters and long names), and how it ends. */
interface WrapperSpec {
  valueShort: string;
  valueLong: string[];
  /** Leading positional arguments consumed before the command (timeout's duration). */
  positionals?: number;
  /** `env`-style: NAME=value words may precede the command. */
  assignments?: boolean;
  privileged?: boolean;
}

const WRAPPERS: Record<string, WrapperSpec> = {
  sudo: {
    valueShort: "ugCDhprtUT",
    valueLong: [
      "user",
      "group",
      "close-from",
      "chdir",
      "host",
      "prompt",
      "role",
      "type",
      "other-user",
      "command-timeout",
    ],
    privileged: true,
    assignments: true,
  },
  doas: { valueShort: "uC", valueLong: [], privileged: true },
  pkexec: { valueShort: "", valueLong: ["user"], privileged: true },
  env: {
    valueShort: "uCPS",
    valueLong: ["unset", "chdir", "split-string", "block-signal", "default-signal", "ignore-signal"],
    assignments: true,
  },
  nohup: { valueShort: "", valueLong: [] },
  setsid: { valueShort: "", valueLong: [] },
  time: { valueShort: "fo", valueLong: ["format", "output"] },
  nice: { valueShort: "n", valueLong: ["adjustment"] },
  ionice: { valueShort: "cnp", valueLong: ["class", "classdata", "pid"] },
  timeout: { valueShort: "sk", valueLong: ["signal", "kill-after"], positionals: 1 },
  command: { valueShort: "", valueLong: [] },
  builtin: { valueShort: "", valueLong: [] },
  exec: { valueShort: "a", valueLong: [] },
  stdbuf: { valueShort: "ioe", valueLong: ["input", "output", "error"] },
  xargs: {
    // -i, -e and -l take their optional value attached (`-i{}`), never the next word.
    valueShort: "IELnPsda",
    valueLong: [
      "replace",
      "eof",
      "max-lines",
      "max-args",
      "max-procs",
      "max-chars",
      "delimiter",
      "arg-file",
      "process-slot-var",
    ],
  },
  unbuffer: { valueShort: "", valueLong: [] },
  caffeinate: { valueShort: "tw", valueLong: [] },
  chronic: { valueShort: "", valueLong: [] },
  torsocks: { valueShort: "", valueLong: [] },
  proxychains: { valueShort: "f", valueLong: [] },
  proxychains4: { valueShort: "f", valueLong: [] },
  watch: { valueShort: "nd", valueLong: ["interval", "differences"] },
  flock: { valueShort: "wE", valueLong: ["timeout", "conflict-exit-code"], positionals: 1 },
};

export function programName(word: string): string {
  const slash = word.lastIndexOf("/");
  return slash >= 0 ? word.slice(slash + 1) : word;
}

function formText(words: Word[], from: number): string {
  return words
    .slice(from)
    .map((word, index) => (index === 0 ? programName(word.value) : word.value))
    .join(" ");
}

export function resolveInvocation(command: ShellCommand): Invocation {
  const words = command.words;
  const forms: string[] = [];
  if (command.assignments.length > 0 && words.length > 0) {
    forms.push(`${command.assignments.join(" ")} ${formText(words, 0)}`);
  }
  const wrappers: string[] = [];
  let privileged = false;
  let index = 0;
  while (index < words.length) {
    forms.push(formText(words, index));
    const name = programName(words[index]!.value);
    const spec = WRAPPERS[name];
    if (!spec || words[index]!.dynamic) break;
    // `command -v x` and `sudo -l` ask questions; they do not run the command.
    const next = words[index + 1]?.value ?? "";
    if (name === "command" && /^-[a-zA-Z]*[vV]/.test(next)) break;
    if (name === "sudo" && /^-(l|v|k|K|V)$/.test(next)) break;
    const start = skipOptions(words, index + 1, spec);
    if (start >= words.length) {
      // A wrapper with nothing to run: `sudo -i`, `sudo -s`, `xargs` (runs echo), `env` (prints).
      if (spec.privileged) privileged = true;
      break;
    }
    wrappers.push(name);
    if (spec.privileged) privileged = true;
    const script = shellHandOff(name, words, index, start);
    if (script) return { program: "", args: [], wrappers, privileged, forms, command, script };
    index = start;
  }
  const program = index < words.length ? programName(words[index]!.value) : "";
  let args = words.slice(index + 1);
  if (wrappers.includes("xargs")) args = withStdinArguments(words, args);
  return { program, args, wrappers, privileged, forms, command, script: null };
}

/**
 * xargs completes the command with words read from stdin: unknown until run time. With a
 * replacement string (`-I {}`, `-i`, `--replace`) the words holding it are run-time values; without
 * one, run-time words follow the written arguments (`xargs rm -rf` deletes what stdin names).
 */
function withStdinArguments(words: Word[], args: Word[]): Word[] {
  const xargs = words.findIndex((word) => programName(word.value) === "xargs");
  let replace: string | null = null;
  for (let i = xargs + 1; i < words.length; i += 1) {
    const value = words[i]!.value;
    if (value === "-I") replace = words[i + 1]?.value ?? null;
    else if (value.startsWith("-I")) replace = value.slice(2);
    else if (value === "-i" || value === "--replace") replace = "{}";
    else if (value.startsWith("-i")) replace = value.slice(2);
    else if (value.startsWith("--replace=")) replace = value.slice("--replace=".length);
    if (!value.startsWith("-")) break;
  }
  if (replace) {
    const marker = replace;
    return args.map((word) => (word.value.includes(marker) ? { ...word, dynamic: true } : word));
  }
  return [...args, { value: "$STDIN_WORDS", dynamic: true, inner: [] }];
}

/** `watch` runs its words joined through `sh -c` (unless -x); `flock … -c` runs a script. */
function shellHandOff(name: string, words: Word[], wrapper: number, start: number): Word | null {
  const options = words.slice(wrapper + 1, start).map((word) => word.value);
  if (name === "watch" && !options.some((value) => value === "-x" || value === "--exec")) {
    const rest = words.slice(start);
    return {
      value: rest.map((word) => word.value).join(" "),
      dynamic: rest.some((word) => word.dynamic),
      inner: rest.flatMap((word) => word.inner),
    };
  }
  if (name === "flock" && (options.at(-1) === "-c" || options.at(-1) === "--command")) return words[start]!;
  return null;
}

function skipOptions(words: Word[], from: number, spec: WrapperSpec): number {
  let index = from;
  let positionals = spec.positionals ?? 0;
  while (index < words.length) {
    const value = words[index]!.value;
    if (value === "--") return index + 1;
    if (value.startsWith("--") && value.length > 2) {
      const name = value.slice(2).split("=")[0]!;
      index += spec.valueLong.includes(name) && !value.includes("=") ? 2 : 1;
      continue;
    }
    if (value.startsWith("-") && value.length > 1 && !/^-\d/.test(value)) {
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

/** Options of `su`/`bash`/`sh`… that carry an inline script: `-c 'script'`. */
export function inlineScript(program: string, args: Word[]): Word | null {
  if (program === "eval") {
    if (args.length === 0) return null;
    return {
      value: args.map((arg) => arg.value).join(" "),
      dynamic: args.some((arg) => arg.dynamic),
      inner: args.flatMap((arg) => arg.inner),
    };
  }
  if (!SHELLS.has(program) && program !== "su") return null;
  for (let i = 0; i < args.length; i += 1) {
    const value = args[i]!.value;
    if (value === "--") break;
    if (value === "--command" || (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(value) && !value.startsWith("--"))) {
      return args[i + 1] ?? null;
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
