/**
 * What a program does through its options rather than its name (docs/risk.md, "Shells and
 * files reached through options"). Any program may be told to start a shell, to write its
 * output somewhere or to read its input from somewhere; per-program tables never catch up with
 * the options that do it (`tar --checkpoint-action=exec=/bin/sh`, `gdb -ex '!/bin/sh'`,
 * `nmap -oG=/etc/passwd`, `date -f ~/.ssh/id_rsa`), so they are read by their structure:
 *
 * - a shell reading its commands from the terminal or an inherited input (no script, no `-c`,
 *   nothing piped or redirected in) runs what the line does not show: high, unknown;
 * - a shell named inside another program's arguments or environment (`/bin/sh` as an argument,
 *   an option value, inside inline code, `LESSOPEN=…`) is started by that program with commands
 *   the line does not show: high, unknown;
 * - an output option (`-o`, `--output`, `-w`, `--log-file`, `-oG`, …) given a file the level
 *   table protects is a write of that file; an input option (`-f`, `-i`, `--file`, `-batch`, …)
 *   or a `file://` URL given a secret is a read of it, whatever the program.
 */
import { positionals, upstream } from "../command/argv.js";
import type { RuleContext } from "../command/rule.js";
import { isSystemPath, normalizePath, secretFileReason, sensitiveReason } from "../paths.js";
import type { Word } from "../shell-model.js";
import type { Signals } from "../signals.js";
import { type Invocation, SHELLS } from "../wrappers.js";
import { executionHookReason, historyReason } from "../written-paths.js";
import { judgeScriptName } from "./general.js";

/** Programs that read commands from their input when given no script. */
const READS_COMMANDS =
  /^(bash|sh|zsh|dash|ksh|mksh|ash|fish|busybox|csh|tcsh|tclsh|wish|rc|sash|elvish|yash|posh|nu|xonsh|oksh|loksh|pdksh|es|scsh)$/;
/** Options that change how a shell starts, not what it runs. */
const START_OPTIONS = /^(-[ilspqruvxe]+|--login|--norc|--noprofile|--posix|--restricted|--interactive|-)$/;
/** A shell named by path (`/bin/sh`, `/usr/bin/bash`), or by name after a word that runs it. */
const SHELL_PATH =
  /(?<!#!)(?<![\w./-])(?:\/usr)?(?:\/local)?\/bin\/(?:ba|da|z|k|mk|a|c|tc|fi|y)?sh(?![\w.-])/;
const SHELL_RUN =
  /(?:\bexec[=: ]\s*|\bsystem\s*\(\s*["'`]?|\bspawn\s+|\bpopen\s*\(\s*["']|\bexecute\s*\(\s*|(?<![#\w])!\s*)(?:ba|da|z|k|a)?sh(?![\w.-])/;
/**
 * Programs whose arguments name a shell without starting one on this machine: text and metadata
 * tools, editors of text, file operations, account tools (a login shell), and programs whose
 * later arguments run in a container or on another host (judged there).
 */
let namesWithoutStarting: Set<string> | null = null;
const NAMES_WITHOUT_STARTING = () =>
  (namesWithoutStarting ??= new Set(
    (
      "echo printf cat head tail less more bat grep egrep fgrep rg ag ack sed awk gawk mawk nawk diff cmp " +
      "ls file stat strings ldd objdump readelf nm which whereis type hash command readlink realpath " +
      "cp mv ln install chmod chown chgrp touch rm chsh usermod useradd adduser shellcheck shfmt " +
      "checkbashisms update-alternatives git docker podman nerdctl docker-compose kubectl oc lxc incus " +
      "multipass distrobox toolbox machinectl systemd-nspawn ssh mosh vagrant nix-shell tee test [ jq yq"
    ).split(" "),
  ));
/** Options whose value is where a program writes (its output, log or report). */
const OUTPUT_OPTION =
  /^(-o[GNXSA]?|-O|--?out|--output[\w-]*|--outfile|-w|--write[\w-]*|--?log-?file|-Logfile|--log|--junit-xml|--[\w-]+-(report|xml)|-fprintf|-fprint0?|-fls|--dump[\w-]*|--save[\w-]*)$/;
/** Programs whose output is a key they generate: new, not a secret overwritten or read out. */
const KEY_MAKERS = /^(openssl|ssh-keygen|gpg|age-keygen|certbot|mkcert|step|wg)$/;
/** Options whose value is a file a program reads (input, configuration, a batch of commands). */
const INPUT_OPTION =
  /^(-f|-F|-i|-I|-K|--?batch|--file|--input[\w-]*|--from-file|--config|-config|-cf|--read[\w-]*)$/;
/** Programs that take a key or credential file to use it, not to print it, or only test its name (built on first use). */
let usesCredentials: Set<string> | null = null;
const USES_CREDENTIALS = () =>
  (usesCredentials ??= new Set(
    (
      "test [ [[ ls stat file du wc md5sum sha1sum sha256sum shasum realpath readlink ssh scp sftp ssh-add ssh-keygen ssh-copy-id openssl gpg age sops kubectl helm oc terraform tofu " +
      "docker podman node deno bun dotenv aws gcloud az ansible ansible-playbook ansible-vault git " +
      "chmod chown rm cp mv touch mkdir ln install rsync"
    ).split(" "),
  ));

/**
 * `find . -exec /bin/sh \;`, `nice sh -i`, `awk 'BEGIN {system("/bin/sh")}'`: a shell started by
 * another program with no script and no input reads its commands from the terminal or whatever
 * it inherited.
 */
export function bareShell(invocation: Invocation, program: string, context: RuleContext): boolean {
  const { args, command } = invocation;
  // (every name in READS_COMMANDS ends in "sh" or is short: a plain test first)
  if (!(program.endsWith("sh") || program.length <= 3) || !READS_COMMANDS.test(program)) return false;
  if (positionals(args).length > 0) return false;
  // the line's own `bash` or `exec zsh` is the user's session; another program starting one
  // (`find -exec`, `awk system()`, `nice`, `systemd-run`) hands it an input the line does not show
  // (a shell in a container or another machine, `docker exec -it app bash`, is that machine's)
  const started =
    context.depth > 0 || invocation.wrappers.some((name) => !/^(exec|command|builtin)$/.test(name));
  if (!started || / exec runs$| (in|on) (the|a) machine$/.test(context.via)) return false;
  if (!args.every((arg) => !arg.dynamic && START_OPTIONS.test(arg.value))) return false;
  if (command.stdinText !== null || upstream(context.script.commands, command).length > 0) return false;
  const input = command.redirects.find((redirect) => /^\d*<$/.test(redirect.op) && redirect.target);
  if (input && !input.target!.dynamic) return false; // `sh < script.sh`: a file, read as one
  context.signals.score.raise(
    "high",
    `${program} reads its commands from the terminal or an inherited input: what it runs is not in the line (unknown)`,
  );
  return true;
}

/** Plain substring tests first: most words name no shell, and the regular expressions cost more. */
function namesShell(text: string): boolean {
  if (text.includes("bin/") && SHELL_PATH.test(text)) return true;
  return text.includes("sh") && /[!(]|exec|spawn/.test(text) && SHELL_RUN.test(text);
}

/** Raises what a program's options start, write or read (see the file comment). */
export function judgeThroughOptions(invocation: Invocation, program: string, context: RuleContext): void {
  const { signals } = context;
  const { args, command } = invocation;
  // the environment names commands for any program (`LESSOPEN=…`, `PAGER=…`); arguments only
  // where the program does not merely name a shell
  const names = NAMES_WITHOUT_STARTING().has(program) || SHELLS.has(program);
  // (`SHELL=/bin/bash make` only says which shell the program uses for its own commands)
  const environment = command.assignments.filter(
    (text) => !/^(SHELL|CONFIG_SHELL|MAKESHELL|BASH)=/.test(text),
  );
  const texts = [...environment, ...(names ? [] : args.map((arg) => arg.value))];
  const shell = texts.find(namesShell);
  if (shell)
    signals.runTime(
      `${program} starts a shell through its arguments (${shell.slice(0, 60)}): the commands it runs are not in the line (unknown)`,
    );
  for (let i = 0; i < args.length; i += 1) {
    if (!args[i]!.value.startsWith("-")) continue;
    const { name, value } = optionValue(args, i);
    if (!name || !value || value.dynamic) continue;
    // (a key maker writing a key file makes a new key; writing anything else is a write)
    const madeKey = KEY_MAKERS.test(program) && secretFileReason(value.value) !== null;
    if (OUTPUT_OPTION.test(name) && !madeKey && protectedTarget(value.value, signals))
      signals.write(value, `${program} ${name} writes`);
    if (INPUT_OPTION.test(name) && !USES_CREDENTIALS().has(program) && secretFileReason(value.value))
      signals.read(value, `${program} ${name} reads`);
    if (/^(-m|--mode)$/.test(name) && SETUID_MODE.test(value.value))
      signals.score.raise(
        "high",
        `${program} ${name} ${value.value} sets the setuid or setgid bit`,
        "privilege_escalation",
      );
  }
  for (const arg of args) {
    // `file:///home/dev/.netrc`, socat's `file:~/.netrc` and `open:` addresses
    if (!arg.value.includes(":")) continue;
    const url = /^(?:file:\/\/(\/.*)|(?:file|open|gopen):([~/.][^,]*))$/i.exec(arg.value);
    if (url && !arg.dynamic) signals.read(url[1] ?? url[2]!, `${program} reads the file address`);
  }
  // `man ./notes`, `man ~/.ssh/id_rsa`: a path given to a viewer is shown
  if (/^(man|info|pinfo)$/.test(program))
    for (const arg of positionals(args))
      if (arg.value.includes("/") && !arg.dynamic) signals.read(arg, `${program} shows`);
  judgeCodeText(program, args, signals);
  // `code tunnel`, `cloudflared tunnel run`, `tailscale funnel`: the machine reached from outside
  const sub = positionals(args)[0]?.value ?? "";
  if (
    /^(tunnel|funnel)$/.test(sub) &&
    program !== "ip" && // `ip tunnel`: the kernel's tunnel devices (rules/host.ts), not a relay
    // (managing tunnels, their routes and tokens opens nothing: `tunnel route dns T host`)
    !/^(status|list|ls|info|--help|help|show|route|delete|rm|cleanup|token|create|login|vnet)$/.test(
      positionals(args)[1]?.value ?? "",
    )
  )
    signals.score.raise(
      "high",
      `${program} ${sub} opens this machine to remote access through a relay`,
      "network_request",
    );
}

/** A mode with the setuid or setgid bit (`6777`, `4755`, `u+s`, `g+s`). */
const SETUID_MODE = /^[0-7]?[2-7][0-7]{3}$|^[ugoa]*[+=][rwxXt]*s/;
/** Paths written inside code: quoted, or after `<`/`>` (`open("/etc/x", "w")`, `print x >/etc/y`). */
const CODE_PATH = /(["'])((?:\/|~\/|\.env)[^"'\s]*)\1|[<>]\s*((?:\/|~\/)[^\s"'(),;]+)/g;
const WRITE_MARK = /["']w[+b]?["']|write|>|Out-File|createWriteStream|\.output\b|"wb"|fopen\([^)]*["'][wa]/i;

/**
 * Code given as an argument (`octave-cli --eval 'fopen(".env")'`, `julia -e 'open(f->…, "/x",
 * "w")'`, `elvish -c 'print x >/etc/cron.d/a'`): a secret it names is read; a protected file it
 * names next to a write is written. Only arguments that look like code (brackets, quotes,
 * redirections, `;`) of programs that do not merely name paths.
 */
function judgeCodeText(program: string, args: Word[], signals: Signals): void {
  // (awk's program is code: `print "x" > "/etc/y"` writes)
  if ((NAMES_WITHOUT_STARTING().has(program) && !/^[gmn]?awk$/.test(program)) || SHELLS.has(program)) return;
  for (const arg of args) {
    if (arg.dynamic || arg.value.length < 6 || !/[(){};<>"']/.test(arg.value) || !/\s/.test(arg.value))
      continue;
    for (const match of arg.value.matchAll(CODE_PATH)) {
      // (`f"/dev/null{x}"`, `` `/tmp/${name}` ``: the literal part before an interpolation is the path known)
      const raw = match[2] ?? match[3]!;
      const path = raw.replace(/(\{|\$\{|#\{|`).*$/s, "");
      if (path !== raw && (path === "" || path === "/")) continue;
      if (secretFileReason(path) || sensitiveReason(normalizePath(path, { cwd: signals.cwd })))
        signals.read(path, `${program} code reads`);
      // the write beside the path: on its line (a whole script names paths and writes far apart)
      const start = arg.value.lastIndexOf("\n", match.index) + 1;
      const end = arg.value.indexOf("\n", match.index);
      const line = arg.value.slice(start, end < 0 ? undefined : end);
      if (WRITE_MARK.test(line) && protectedTarget(path, signals))
        signals.write(path, `${program} code writes`);
    }
  }
}

/** The option at `i` and its value: joined (`--output=x`, `-oG=x`, `-ox`) or the next word. */
function optionValue(args: Word[], i: number): { name?: string; value?: Word } {
  const word = args[i]!.value;
  if (!/^-/.test(word)) return {};
  const joined = /^(--?[A-Za-z][\w-]*?)=(.+)$/.exec(word);
  if (joined) return { name: joined[1]!, value: { ...args[i]!, value: joined[2]! } };
  if (/^-o\/./.test(word)) return { name: "-o", value: { ...args[i]!, value: word.slice(2) } };
  return { name: word, value: args[i + 1] };
}

/** A file the level table protects from writes: system paths, secrets, start-up files, hooks, history. */
function protectedTarget(value: string, signals: Signals): boolean {
  const path = normalizePath(value, { cwd: signals.cwd });
  return (
    isSystemPath(path) ||
    sensitiveReason(path) !== null ||
    executionHookReason(path) !== null ||
    historyReason(path) !== null
  );
}

/** `bash script.sh` runs a script (medium); `bash -n` only checks its syntax. */
export function judgeShellScript(invocation: Invocation, signals: Signals): void {
  const options = invocation.args.filter((word) => /^-[a-zA-Z]+$/.test(word.value));
  const script = positionals(invocation.args)[0];
  if (
    options.some((word) => word.value.slice(1).includes("n")) ||
    /^--(version|help)$/.test(invocation.args[0]?.value ?? "")
  ) {
    if (script) signals.read(script);
    return void signals.score.raise("low", `${invocation.program} only checks syntax or prints its version`);
  }
  if (!script || script.value === "-") return; // reads stdin: judged by pipeToShell
  signals.read(script);
  signals.runs(script, invocation.program);
  const rest = invocation.args.slice(invocation.args.indexOf(script) + 1);
  if (judgeScriptName(script.value, rest, signals)) return;
  signals.score.raise("medium", `runs the shell script ${script.value}`);
}
