/**
 * Programs that run a command handed to them as words or text, judged as that command:
 * terminal multiplexers (`tmux new-session 'cmd'`, `tmux send-keys 'cmd' Enter`, `screen -dm
 * cmd`, `screen -X stuff 'cmd'`), `nix-shell --run`, `vagrant ssh -c`, and Windows' `cmd.exe /c`
 * (whose `rd /s` and `del /s` are recursive deletes; drive paths are read as WSL mounts them).
 * *Why:* a launcher changes where or when a command runs, not what it does.
 */
import { optionValue, positionals } from "../command/argv.js";
import type { Rule, RuleContext, RuleTable } from "../command/rule.js";
import type { Word } from "../shell-model.js";
import { shellQuote } from "../wrappers.js";
import { windowsPath } from "./fs.js";
import { judgeDestroyingVerb } from "./general.js";
import { judgeHypervisor } from "./hypervisors.js";

/** Words to run as one script: a single word is shell text already, several an argv. */
function asScript(words: Word[]): Word {
  return {
    value: words.length === 1 ? words[0]!.value : words.map((word) => shellQuote(word.value)).join(" "),
    dynamic: words.some((word) => word.dynamic),
    inner: [],
  };
}

/** The words from the first one that is not an option (or an option's value) on. */
function commandAfterOptions(args: Word[], valueOptions: string[]): Word[] {
  for (let i = 0; i < args.length; i += 1) {
    const value = args[i]!.value;
    if (value === "--") return args.slice(i + 1);
    if (!value.startsWith("-")) return args.slice(i);
    // a value option alone or closing a cluster (`-dmS name`) takes the next word
    if (valueOptions.includes(value) || valueOptions.includes(`-${value.at(-1)}`)) i += 1;
  }
  return [];
}

const TMUX_VALUES = [
  "-L",
  "-S",
  "-f",
  "-c",
  "-e",
  "-F",
  "-l",
  "-n",
  "-s",
  "-t",
  "-x",
  "-y",
  "-T",
  "-p",
  "-w",
];
const TMUX_RUNS =
  /^(new-session|new|new-window|neww|split-window|splitw|respawn-pane|respawnp|respawn-window|respawnw|run-shell|run|send-keys|send)$/;
const KEY_NAMES = /^(Enter|C-m|KPEnter|C-j|Escape|Space|Tab)$/;

const tmux: Rule = (invocation, context) => {
  const words = positionals(invocation.args, TMUX_VALUES);
  const sub = words[0]?.value ?? "";
  context.signals.score.raise("low", `tmux ${sub}`.trim());
  if (!TMUX_RUNS.test(sub)) return;
  // send-keys types its words into the pane; a final Enter runs them
  const rest = words.slice(1).filter((word) => !/^send/.test(sub) || !KEY_NAMES.test(word.value));
  if (rest.length > 0) context.nested(asScript(rest), `tmux ${sub} runs`);
};

const screen: Rule = (invocation, context) => {
  const { args } = invocation;
  context.signals.score.raise("low", "screen");
  const sent = args.findIndex((word) => word.value === "-X");
  if (sent >= 0) {
    // `screen -X stuff 'text\n'` types text into the session's shell
    if (args[sent + 1]?.value === "stuff" && args[sent + 2])
      context.nested(args[sent + 2]!, "screen -X stuff types a command");
    return;
  }
  const command = commandAfterOptions(args, ["-S", "-c", "-e", "-h", "-p", "-T", "-t", "-Logfile"]);
  if (command.length > 0) context.nested(asScript(command), "screen runs");
};

const nixShell: Rule = (invocation, context) => {
  const script = optionValue(invocation.args, ["--run", "--command"]);
  context.signals.score.raise("medium", `${invocation.program} builds an environment`);
  const word = invocation.args.find((_, i, all) => /^--(run|command)$/.test(all[i - 1]?.value ?? ""));
  if (script !== null)
    context.nested(word ?? { value: script, dynamic: false, inner: [] }, "nix-shell --run");
};

const vagrant: Rule = (invocation, context) => {
  const { args } = invocation;
  context.signals.score.raise("medium", `vagrant ${positionals(args)[0]?.value ?? ""}`.trim());
  const at = args.findIndex((word) => /^(-c|--command)$/.test(word.value));
  if (at >= 0 && args[at + 1]) context.nested(args[at + 1]!, "vagrant ssh -c runs in the machine");
  // `vagrant snapshot delete NAME`, `vagrant destroy -f`: read by the general model
  else judgeDestroyingVerb("vagrant", args, context.signals);
};

/** One cmd.exe command: recursive deletes as `rm -r`, `format` as a disk rewrite. */
function judgeWindowsCommand(text: string, context: RuleContext): void {
  const tokens = [...text.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!);
  const program = (tokens[0] ?? "").toLowerCase().replace(/\.exe$/, "");
  const switches = tokens.slice(1).filter((token) => /^\/[a-z]$/i.test(token));
  const paths = tokens.slice(1).filter((token) => !/^\/[a-z](:.*)?$/i.test(token));
  const recursive = switches.some((token) => token.toLowerCase() === "/s");
  if (/^(rd|rmdir|del|erase)$/.test(program) && paths.length > 0) {
    const quoted = paths.map((path) => shellQuote(windowsPath(path))).join(" ");
    context.nested(
      { value: `rm ${recursive ? "-r " : ""}-- ${quoted}`, dynamic: /%\w+%/.test(text), inner: [] },
      `cmd ${program}${recursive ? " /s" : ""}`,
    );
  } else if (program === "format") {
    context.signals.score.raise(
      "critical",
      "cmd format erases a drive",
      "destructive_command",
      "system_modification",
    );
  } else if (program) {
    // any other command runs as written (`cmd /c "net user x /add"`): judged as that command
    context.nested({ value: text, dynamic: false, inner: [] }, "cmd /c runs");
  }
}

/**
 * cmd's own spelling removed before judging (docs/risk.md, "cmd.exe spellings"): a caret
 * escapes the next character outside double quotes (`d^el` is `del`), `call` runs its words
 * (expanding them once more), and `%NAME%`/`!NAME!` set earlier in the line (`set x=del&&
 * call %x% …`) stand for their values.
 */
function cmdParts(text: string): string[] {
  // split at `&`, `&&`, `|`, `||` outside quotes and not escaped, carets removed as cmd does
  const pieces: string[] = [];
  let piece = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '"') quoted = !quoted;
    if (char === "^" && !quoted && i + 1 < text.length) {
      // (an escaped operator stays a character when the part is read as a command line)
      piece += /[&|<>;]/.test(text[i + 1]!) ? `\\${text[i + 1]}` : text[i + 1]!;
      i += 1;
    } else if ((char === "&" || char === "|") && !quoted) {
      pieces.push(piece);
      piece = "";
      if (text[i + 1] === char) i += 1;
    } else piece += char;
  }
  pieces.push(piece);
  const variables = new Map<string, string>();
  const parts: string[] = [];
  for (const raw of pieces) {
    let part = raw
      .trim()
      .replace(/^@/, "")
      .replace(
        /%(\w+)%|!(\w+)!/g,
        (whole, a?: string, b?: string) => variables.get((a ?? b)!.toLowerCase()) ?? whole,
      );
    while (/^call\s/i.test(part)) part = part.slice(4).trim();
    const set = /^set\s+"?(\w+)=([^"]*)"?$/i.exec(part);
    if (set) variables.set(set[1]!.toLowerCase(), set[2]!.trim());
    else if (part) parts.push(part);
  }
  return parts;
}

const cmd: Rule = (invocation, context) => {
  const { args } = invocation;
  context.signals.score.raise("medium", "cmd runs a Windows command");
  const at = args.findIndex((word) => /^\/[ck]$/i.test(word.value));
  if (at < 0) return;
  const rest = args.slice(at + 1);
  // (a word that held blanks was quoted: `cmd /c forfiles /c "cmd /c del @path"` keeps it one word)
  const text =
    rest.length === 1
      ? rest[0]!.value
      : rest
          .map((word) =>
            /\s/.test(word.value) && !word.value.includes('"') ? `"${word.value}"` : word.value,
          )
          .join(" ");
  // (a program still named by a variable, `%x% /s /q C:\`, is judged unknown as it is run: high)
  for (const part of cmdParts(text)) judgeWindowsCommand(part, context);
};

export const LAUNCHER_RULES: RuleTable = {
  tmux,
  screen,
  "nix-shell": nixShell,
  vagrant,
  cmd,
};

/** `runuser -u USER -- cmd`, `runuser -l USER -c 'cmd'`: root's tool to run as another user, as su is. */
const runuser: Rule = (invocation, context) => {
  const { args } = invocation;
  context.signals.score.raise("critical", "runuser runs a command as another user", "privilege_escalation");
  const script = args.findIndex((word) => /^(-c|--command)$/.test(word.value));
  if (script >= 0 && args[script + 1]) {
    context.nested(args[script + 1]!, "runuser -c runs");
    return;
  }
  const command = commandAfterOptions(args, ["-u", "-g", "-G", "--user", "--group", "--supp-group"]);
  // `runuser -l USER`: the first word is the user
  const words = args.some((word) => word.value === "--") ? command : command.slice(1);
  if (words.length > 0) context.nested(asScript(words), "runuser runs");
};

/** `sg GROUP -c 'cmd'`, `sg GROUP cmd`: runs the command with the group's rights. */
const sg: Rule = (invocation, context) => {
  const words = invocation.args.slice(1).filter((word) => word.value !== "-c");
  context.signals.score.raise(
    "medium",
    `sg runs a command as group ${invocation.args[0]?.value ?? ""}`.trim(),
  );
  if (words.length > 0) context.nested(asScript(words), "sg runs");
};

/** `expect -c 'spawn cmd …; …'`: the spawned programs run. */
const expect: Rule = (invocation, context) => {
  const { args } = invocation;
  context.signals.score.raise("medium", "expect runs a dialogue script");
  const at = args.findIndex((word) => word.value === "-c");
  const script = at >= 0 ? args[at + 1] : undefined;
  if (!script) return;
  for (const match of script.value.matchAll(/(?:^|[;\n{])\s*spawn\s+([^;\n}]+)/g))
    context.nested({ value: match[1]!.trim(), dynamic: script.dynamic, inner: [] }, "expect spawns");
};

/** `lxc exec NAME -- cmd`, `incus exec`, `multipass exec VM -- cmd`: a command inside a machine. */
const machineExec: Rule = (invocation, context) => {
  const { args, program } = invocation;
  const sub = positionals(args)[0]?.value ?? "";
  context.signals.score.raise("medium", `${program} ${sub}`.trim());
  const dashes = args.findIndex((word) => word.value === "--");
  if ((sub === "exec" || sub === "shell") && dashes >= 0 && dashes + 1 < args.length)
    context.nested(asScript(args.slice(dashes + 1)), `${program} exec runs`);
  else {
    // `lxc file pull web01/etc/shadow .`, `multipass transfer vm:/home/u/.ssh/id_rsa .`: a file
    // inside the machine read out, judged as its path
    const words = positionals(args);
    const pulled =
      sub === "file" && words[1]?.value === "pull"
        ? [words[2]]
        : sub === "transfer" || sub === "copy-files"
          ? words.slice(1, -1).filter((word) => /^[\w.-]+:\//.test(word.value))
          : [];
    for (const word of pulled)
      if (word && !word.dynamic)
        context.signals.read(word.value.replace(/^[^/]*/, ""), "pulls from the machine");
    // `incus stop --all --force`, `incus snapshot restore`, `incus config trust add`: the
    // hypervisor families (rules/hypervisors.ts); `multipass delete --purge --all`: the general model
    if (!judgeHypervisor(program, args, context.signals)) judgeDestroyingVerb(program, args, context.signals);
  }
};

/** `salt '*' cmd.run 'rm -rf /var/www'`: the command runs on every targeted minion. */
const salt: Rule = (invocation, context) => {
  const words = positionals(invocation.args, ["-L", "-G", "-E", "-C", "-N", "--out", "-t", "--timeout"]);
  const fn = words[1]?.value ?? "";
  context.signals.score.raise(
    "medium",
    `salt runs ${fn || "a function"} on remote minions`,
    "network_request",
  );
  if (/^cmd\.(run|shell|script|exec_code|run_all|run_stdout)$/.test(fn) && words[2])
    context.nested(words[2], `salt ${fn} runs on a machine`);
  else if (fn) judgeDestroyingVerb(fn, words.slice(2), context.signals);
};

/** `salt-key -D`: every minion's key deleted (none can reach the master until re-accepted). */
const saltKey: Rule = (invocation, { signals }) => {
  const all = invocation.args.some((word) => /^(-D|--delete-all)$/.test(word.value));
  if (all)
    return void signals.score.raise("high", "salt-key -D deletes every minion's key", "destructive_command");
  signals.score.raise(
    invocation.args.some((word) => /^-[LlPpF]$|^--(list|print|finger)/.test(word.value)) ? "none" : "medium",
    "salt-key",
  );
};

/** `ansible HOSTS -m shell|command|raw -a 'cmd'`: the command runs on every host. */
const ansible: Rule = (invocation, context) => {
  const { args } = invocation;
  context.signals.score.raise("medium", "ansible runs a module on remote hosts", "network_request");
  const module = optionValue(args, ["-m", "--module-name"]) ?? "command";
  const moduleArgs = args.find((_, i) => /^(-a|--args)$/.test(args[i - 1]?.value ?? ""));
  if (/^(ansible\.builtin\.)?(shell|command|raw|script)$/.test(module) && moduleArgs)
    context.nested(moduleArgs, `ansible -m ${module} runs`);
};

Object.assign(LAUNCHER_RULES, {
  runuser,
  sg,
  expect,
  lxc: machineExec,
  incus: machineExec,
  multipass: machineExec,
  salt,
  "salt-key": saltKey,
  ansible,
});

/** BSD/macOS `script [-q] FILE cmd …` runs the command (`script -c 'cmd' FILE` is read as an inline script). */
LAUNCHER_RULES.script = (invocation, context) => {
  context.signals.score.raise("low", "script records a terminal session");
  const words = commandAfterOptions(invocation.args, ["-t", "-T", "-F", "-B"]);
  if (words.length > 1) context.nested(asScript(words.slice(1)), "script runs");
};
