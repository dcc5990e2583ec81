/**
 * Command lines handed to another program through its options, its statements or its
 * environment (docs/risk.md, "Shells and files reached through options"): the program runs them,
 * so each is judged as the command line it is.
 *
 * - options that take a command: tar's `--checkpoint-action=exec=`, `--to-command`,
 *   `--use-compress-program`/`-I`, `--rsh-command`, `--info-script`/`-F`; zip's `-TT`/
 *   `--unzip-command`; rsync's `-e`/`--rsh`/`--rsync-path`; ssh's `-o ProxyCommand=`/
 *   `LocalCommand=`; scp's `-S`; git's `--upload-pack`/`--receive-pack`/`--exec`; man's
 *   `-P`/`--pager`; gdb's `-ex '!cmd'`/`-ex 'shell cmd'`; less's `+!cmd`;
 * - a database client's shell escape in its statements: psql's and mysql's `\! cmd`, mysql's
 *   `system cmd`, sqlite3's `.shell cmd`/`.system cmd`;
 * - a command after `--` handed to a runner no rule names (`aws-vault exec prod -- terraform
 *   destroy`, `infisical run -- cmd`, `x exec app -- cmd`, `dotenv -- cmd`): it runs that command,
 *   with the credentials it holds, in a container or on a host;
 * - the environment: `GIT_SSH_COMMAND`, `GIT_EXTERNAL_DIFF`, `GIT_PAGER`, `PAGER`, `MANPAGER`,
 *   `EDITOR`, `VISUAL`, `GIT_EDITOR`, `SSH_ASKPASS`, `SUDO_ASKPASS` name commands the program
 *   runs; `LD_PRELOAD`, `LD_AUDIT`, `DYLD_INSERT_LIBRARIES`, `BASH_ENV`, `ENV`, `NODE_OPTIONS
 *   --require`, `PERL5OPT`, `RUBYOPT -r` load code into it (high: what the library or file does
 *   is not in the line).
 */
import type { Word } from "../shell-model.js";
import { shellQuote } from "../wrappers.js";

/** Options whose value is a command line, per program (`*` for any). */
const COMMAND_OPTIONS: Record<string, RegExp> = {
  tar: /^(--to-command|--use-compress-program|-I|--rsh-command|--info-script|--new-volume-script|-F)$/,
  bsdtar: /^(--use-compress-program|-I)$/,
  zip: /^(-TT|--unzip-command)$/,
  rsync: /^(-e|--rsh|--rsync-path)$/,
  scp: /^(-S)$/,
  git: /^(--upload-pack|--receive-pack|--exec|-u)$/,
  man: /^(-P|--pager|-H|--html)$/,
};
const DATABASE_SHELLS = /^(psql|mysql|mariadb|sqlite3|sqlite)$/;
/**
 * Variables named for the command they hold, by family: `…_COMMAND` (`GIT_SSH_COMMAND`,
 * `PROMPT_COMMAND`, `GIT_PROXY_COMMAND`), `…_EDITOR`, `…_PAGER`, `…_ASKPASS`, `…_RSH`, `PAGER`, `EDITOR`,
 * less's `LESSOPEN`/`LESSCLOSE` (an input filter: `|cmd %s`), `GIT_EXTERNAL_DIFF`, `VISUAL`.
 */
const COMMAND_VARIABLES =
  /^([A-Z][A-Z0-9_]*_(?:COMMAND|EDITOR|PAGER|ASKPASS|RSH)|PAGER|EDITOR|MANPAGER|VISUAL|GIT_EXTERNAL_DIFF|LESSOPEN|LESSCLOSE)=(.+)$/s;
/** Prompt strings: a command substitution in one runs each time the prompt is shown (`PS4` under `-x`). */
const PROMPT_VARIABLES = /^(PS0|PS1|PS2|PS3|PS4)=(.*(?:\$\(|`).*)$/s;
const CODE_VARIABLES =
  /^(LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES|BASH_ENV|ENV|PERL5OPT|RUBYOPT|NODE_OPTIONS)=(.+)$/s;

/** The value of the option at `i` (`--name=value`, `-Xvalue` for one-letter options, `--name value`). */
function valueAt(args: Word[], i: number, pattern: RegExp): string | null {
  const value = args[i]!.value;
  const eq = /^(--[\w-]+)=(.*)$/s.exec(value);
  if (eq && pattern.test(eq[1]!)) return eq[2]!;
  if (pattern.test(value)) return args[i + 1] && !args[i + 1]!.dynamic ? args[i + 1]!.value : null;
  return null;
}

/** The command lines a program is told to run through its options or statements. */
export function commandsThroughOptions(program: string, args: Word[]): string[] {
  const found: string[] = [];
  const options = COMMAND_OPTIONS[program];
  for (let i = 0; i < args.length; i += 1) {
    const word = args[i]!;
    if (word.dynamic) continue;
    const value = word.value;
    if (options) {
      const command = valueAt(args, i, options);
      if (command) found.push(command);
    }
    // tar --checkpoint-action=exec=CMD
    const checkpoint = /^--checkpoint-action=exec=(.+)$/s.exec(value);
    if (checkpoint) found.push(checkpoint[1]!);
    // ssh/scp/sftp -o ProxyCommand=CMD, -oLocalCommand=CMD
    if (/^(ssh|scp|sftp)$/.test(program) && value.startsWith("-o")) {
      const setting = value === "-o" ? (args[i + 1]?.value ?? "") : value.slice(2);
      const ssh = /^(ProxyCommand|LocalCommand|KnownHostsCommand)\s*[= ]\s*(.+)$/is.exec(setting);
      if (ssh) found.push(ssh[2]!);
    }
    // gdb -ex '!cmd', -ex 'shell cmd'
    if (/^(gdb|cgdb)$/.test(program) && /^(-ex|--eval-command|-iex)$/.test(args[i - 1]?.value ?? "")) {
      const bang = /^\s*(?:!|shell\s+)(.+)$/s.exec(value);
      if (bang) found.push(bang[1]!);
    }
    // less +!cmd, more +!cmd
    if (/^(less|more|most)$/.test(program)) {
      const bang = /^\+\s*!(.+)$/s.exec(value);
      if (bang) found.push(bang[1]!);
    }
    // a database client's shell escape (`psql -c '\! cmd'`, `mysql -e 'system cmd'`, `sqlite3 db '.shell cmd'`)
    if (DATABASE_SHELLS.test(program)) {
      for (const statement of value.split(/;\s*|\n/)) {
        const shellEscape = /^\s*(?:\\!|system\s+|\.shell\s+|\.system\s+)(.+)$/s.exec(statement);
        if (shellEscape) found.push(shellEscape[1]!);
      }
    }
  }
  return found;
}

/** Directories anyone may write (or the working directory): a program found there first is unknown. */
const WRITABLE_DIRECTORY =
  /^(\.?|\.\/?|\/tmp(\/.*)?|\/var\/tmp(\/.*)?|\/dev\/shm(\/.*)?|\$\{?TMPDIR\}?(\/.*)?)$/;

/**
 * `PATH=/tmp:$PATH ls`, `PATH=.:$PATH make`: a directory anyone may write (or the working
 * directory, written `.` or an empty entry) searched before the system's, so the programs the
 * line names may be anything placed there. Null for any other PATH (`./node_modules/.bin:$PATH`).
 */
export function pathSearchedFirst(assignment: string): string | null {
  const value = /^PATH=(.*)$/s.exec(assignment)?.[1]?.replace(/^(['"])(.*)\1$/s, "$2");
  if (value === undefined) return null;
  const entries = value.split(":");
  const system = entries.findIndex((entry) => /^\$\{?PATH\}?$|^\/(usr\/)?s?bin\/?$/.test(entry));
  const before = system < 0 ? entries : entries.slice(0, system);
  const writable = before.find((entry) => WRITABLE_DIRECTORY.test(entry));
  return writable === undefined ? null : writable === "" ? "." : writable;
}

/** The command lines and the code loads the environment of a command names. */
/**
 * `NPM_COMMAND="$(command -v npm 2>/dev/null)"`: the value is the path a lookup finds for the
 * program it names (`command -v`, `which`, `type -P`), so the command it holds is that program.
 */
function lookedUp(value: string): string | null {
  const found =
    /^(["']?)(?:\$\(|`)\s*(?:command -v|which|type -P|type -p)\s+([\w.+-]+)\s*(?:2>\s*\/dev\/null\s*)?(?:\)|`)\1$/.exec(
      value,
    );
  return found ? found[2]! : null;
}

export function commandsThroughEnvironment(assignments: string[]): { commands: string[]; loads: string[] } {
  const commands: string[] = [];
  const loads: string[] = [];
  for (const text of assignments) {
    const command = COMMAND_VARIABLES.exec(text) ?? PROMPT_VARIABLES.exec(text);
    // (less's input filter is written `|cmd %s`, `||cmd %s` or `-cmd %s`)
    if (command)
      commands.push(
        lookedUp(command[2]!) ??
          command[2]!
            .replace(/^(['"])(.*)\1$/s, "$2")
            .replace(/^\s*(\|\|?|-)\s*/, command[1]!.startsWith("LESS") ? "" : "$&"),
      );
    const code = CODE_VARIABLES.exec(text);
    if (
      code &&
      code[2]!.trim() !== "" &&
      (!/^(NODE_OPTIONS|RUBYOPT)$/.test(code[1]!) ||
        /(^|\s)(--require|-r|--import|--loader)\b/.test(code[2]!))
    )
      loads.push(`${code[1]}=${code[2]!.slice(0, 60)}`);
  }
  return { commands, loads };
}

/** Sub-command words that run what follows `--` (`exec`, `run`, `ssh`, `shell`, `with`). */
const RUNS = /^(exec|run|ssh|shell|console|sh|x|do|with|wrap|sandbox|env|exec-env)$/;
/** Runners by name: credential helpers and environment loaders (`aws-vault`, `dotenv`, `envchain`). */
const RUNNER = /env|vault|secret|cred|chamber|^op$|doppler|infisical|teller|summon|with|wrap|run$|exec$/;

/**
 * The command line a program no rule names runs after `--` (`aws-vault exec prod -- terraform
 * destroy`), or null: the word after `--` names a program, and a sub-command word before it
 * runs (`exec`, `run`, `ssh`, `shell`, …), or the program is a runner by name, or only options
 * stand before it (`dotenv -- cmd`). What follows `--` as another program's arguments (`x
 * build -- --release`, a file) is no command.
 */
export function commandAfterDashes(program: string, args: Word[]): Word | null {
  const dash = args.findIndex((arg) => arg.value === "--");
  const command = args.slice(dash + 1);
  if (dash < 0 || command.length === 0) return null;
  // (a program named at run time, `-- "$CMD"`, is judged as one: unknown, high)
  const head = command[0]!;
  if (!head.dynamic && (!/^[\w~/][\w./~+-]*$/.test(head.value) || /\.\w+$/.test(head.value))) return null;
  const before = args.slice(0, dash);
  const words = before.filter(
    (arg, i) => !arg.value.startsWith("-") && !before[i - 1]?.value.startsWith("-"),
  );
  const runs =
    words.slice(0, 3).some((arg) => RUNS.test(arg.value.toLowerCase())) ||
    RUNNER.test(program) ||
    words.length === 0;
  if (!runs) return null;
  return {
    value: command.map((word) => (word.dynamic ? `"${word.value}"` : shellQuote(word.value))).join(" "),
    dynamic: command.some((word) => word.dynamic),
    inner: [],
  };
}
