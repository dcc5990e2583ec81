/**
 * The judgement of one simple command (docs/risk.md), once commands.ts has walked the line to it
 * and stripped its wrappers: privilege, redirects, commands the program runs through its
 * environment or options, scripts it runs (handed back through context.nested, so this file never
 * imports the walker), then the rule for its program. Apart from commands.ts because that file
 * walks a command line in order (assignments, `cd`, nesting limits) and this one judges what it
 * reaches; the dependency goes one way, commands.ts to here.
 */

import { upstream } from "./command/argv.js";
import { parallelScripts, xargsScripts } from "./command/fanout.js";
import { calledArguments, runsCallersWords } from "./command/functions.js";
import type { RuleContext } from "./command/rule.js";
import { normalizePath } from "./paths.js";
import { computesAssignedNumbers, readsAssignedMember } from "./powershell-values.js";
import { ownerOf } from "./rule-tables.js";
import { attackTool } from "./rules/attack-tools.js";
import { judgeCloudShapes } from "./rules/cloud-shapes.js";
import { resetsDatabase } from "./rules/db-reset.js";
import { pathFirst, shellRunsVariables } from "./rules/deferred.js";
import { dumpsEnvironment, sendsEnvironment } from "./rules/environment.js";
import { judgeFileServer } from "./rules/file-servers.js";
import { bareShell, judgeShellScript, judgeThroughOptions } from "./rules/hidden.js";
import { inertCall } from "./rules/inert.js";
import { interpreterName } from "./rules/interpreters.js";
import { judgeLookAlike } from "./rules/look-alike.js";
import { judgeMovedSources } from "./rules/moved-sources.js";
import { DOWNLOADERS } from "./rules/net.js";
import { pipeToShell } from "./rules/pipe-to-shell.js";
import { releasesOrGrants } from "./rules/publish.js";
import { renamedAttackOperand, renamedAttackProgram } from "./rules/renamed-tools.js";
import { readsSecretStore } from "./rules/secrets.js";
import { literalWrittenText, rememberWritten, runsDownloaded, runsWritten } from "./rules/staged-scripts.js";
import { FORMATTER, judgeStorage } from "./rules/storage.js";
import {
  commandAfterDashes,
  commandsThroughEnvironment,
  commandsThroughOptions,
} from "./rules/through-commands.js";
import { editorShell } from "./rules/unknown-host.js";
import { judgeUnknownProgram, reachedByArguments } from "./rules/unknown-program.js";
import { judgeWideEffects } from "./rules/wide-effects.js";
import type { Word } from "./shell-model.js";
import type { Signals } from "./signals.js";
import {
  type Invocation,
  inlineScript,
  isKnownVariableProgram,
  resolveInvocation,
  SHELLS,
  shellQuote,
} from "./wrappers.js";

/**
 * Read-only programs: nothing to add unless a rule below finds a secret in their arguments.
 * Built on the first command judged: a file, web or MCP call never needs it.
 */
let readOnly: Set<string> | null = null;
const readOnlyPrograms = () =>
  (readOnly ??= new Set(
    (
      "ls ll la dir vdir pwd cd pushd popd echo printf true false test [ which whereis type hash file stat du df " +
      "tree basename dirname realpath readlink date cal whoami id groups hostname uname uptime ps pgrep top htop " +
      "free printenv sleep seq expr bc man help history alias read wait jobs set shift exit return : lsof " +
      "netstat ss last lastb lastlog who w nproc lscpu lsblk findmnt arch tty locale getconf du dust ncdu exa eza fd locate tldr info clear tput " +
      "} time break continue wc md5sum sha1sum sha256sum sha512sum shasum cksum b2sum cowsay figlet yes export declare local readonly typeset unset command builtin " +
      // system information: what the machine, its hardware and its load are (Linux and macOS)
      "lsb_release sw_vers system_profiler ioreg vm_stat hostinfo pagesize lsusb lspci lsmod lshw lsmem lsipc lslocks lsns " +
      "vmstat iostat mpstat pidstat pstree sensors inxi neofetch fastfetch screenfetch users logname pinky mdls mdfind kextstat " +
      "vm_purgeable_stat zprint lskq lsmp ltop"
    ).split(" "),
  ));

/** Programs whose later arguments belong to a command they run (`docker run img cmd --help`). */
const PASSES_ARGUMENTS_ON = new Set([
  "docker",
  "podman",
  "nerdctl",
  "docker-compose",
  "ssh",
  "mosh",
  "vagrant",
  "nix-shell",
  "doppler",
]);

/**
 * Judges one simple command, its wrappers stripped: privilege, redirects, commands named in its
 * environment or options, what it runs in turn (through context.nested), then the rule for its
 * program or the judgement of a program without one.
 */
export function judgeInvocation(invocation: Invocation, context: RuleContext): void {
  const { signals } = context;
  const { score } = signals;
  const command = invocation.command;
  if (invocation.privileged && /^(true|:)$/.test(invocation.program) && invocation.args.length === 0) {
    score.raise("low", "checks for sudo access (runs nothing)"); // `sudo -n true`
  } else if (invocation.privileged) {
    const via = invocation.wrappers.find((name) => ["sudo", "doas", "pkexec"].includes(name)) ?? "sudo";
    score.raise("critical", `runs with ${via} (privilege escalation)`, "privilege_escalation");
  }
  judgeRedirects(invocation, signals);
  // `GIT_SSH_COMMAND=CMD git fetch`, `env LD_PRELOAD=x.so ls`, `BASH_ENV=f bash -c …`: commands
  // the program runs and code it loads, named in its environment (rules/through-commands.ts)
  const named = invocation.program || "the command";
  const envWords = command.words
    .slice(0, Math.max(0, command.words.length - invocation.args.length - 1))
    .map((word) => word.value)
    .filter((value) => /^[A-Za-z_]\w*=/.test(value));
  const environment = commandsThroughEnvironment([...command.assignments, ...envWords]);
  for (const text of environment.commands)
    context.nested(
      { value: text, dynamic: false, inner: [] },
      `${named} runs a command named in its environment`,
    );
  for (const load of environment.loads)
    score.raise(
      "high",
      `${load} loads code into ${named}: what it runs is not in the line`,
      "system_modification",
    );
  if (invocation.program !== "")
    for (const text of [...command.assignments, ...envWords]) pathFirst(text, named, context);
  // `X='() { :;}; cmd'`: a function exported through the environment runs code in old bash
  const assigned = [...command.assignments, ...command.words.map((word) => word.value)];
  if (assigned.some((text) => /^[A-Za-z_]\w*=\(\)\s*\{/.test(text))) {
    score.raise("high", "passes a shell function through the environment (runs code in some bash versions)");
  }
  if (invocation.script) {
    context.nested(invocation.script, `${invocation.wrappers.at(-1)} runs a shell script`);
    return;
  }
  const fanned =
    xargsScripts(invocation, context.script) ??
    (invocation.program === "parallel" ? parallelScripts(invocation.args, command, context.script) : null);
  if (fanned) {
    for (const script of fanned)
      context.nested(script, `${invocation.program === "parallel" ? "parallel" : "xargs"} runs`);
    return;
  }
  if (invocation.program === "") {
    if (command.words.length === 0) score.raise("none", "");
    shellRunsVariables(command.assignments, context);
    return;
  }
  const first = command.words[command.words.length - invocation.args.length - 1]!;
  // `r\u200bm`, `ｒｍ`: a program name spelt to look like another (rules/look-alike.ts)
  judgeLookAlike(invocation.program, signals);
  // `run() { "$@"; }; run npm test`: the body runs what each call passes, judged at the call
  if (runsCallersWords(command, context.script))
    return void score.raise("low", `${command.functionName} runs the words it is called with`);
  const called = calledArguments(invocation.program, invocation.args, context.script);
  if (called) context.nested(called, `${invocation.program} runs its arguments`);
  // `$(npm bin)/eslint`, `$VENV/bin/python`: the directory is run-time, the program is named
  const namedIn =
    first.dynamic &&
    /\/[\w.+-]+$/.test(first.value) &&
    !/[$`]/.test(first.value.slice(first.value.lastIndexOf("/")));
  if (namedIn) score.raise("medium", `runs ${invocation.program} from a directory known only at run time`);
  // PowerShell's `$procs = Get-Process …`: an assignment, the cmdlet judged as itself. Read as
  // bash it runs the variable's value with `=` first (a variable this line set is already
  // expanded), as an unknown program given those words would be: medium, not less
  if (first.dynamic && !namedIn && powerShellAssignment(first.value, invocation.args)) {
    const rhs = invocation.args.slice(1);
    score.raise("medium", `a PowerShell assignment: ${first.value} takes what ${rhs[0]!.value} returns`);
    if (/^[a-z]+-[a-z]/i.test(rhs[0]!.value))
      context.nested(
        {
          value: rhs.map((word) => shellQuote(word.value)).join(" "),
          dynamic: rhs.some((word) => word.dynamic),
          inner: [],
        },
        `${first.value} = runs`,
      );
    return;
  }
  // `$env:COMPUTERNAME`, `$PSVersionTable.PSVersion`: PowerShell prints a value (in bash `$env`
  // and the others are unset, and the rest of the word names no program)
  if (first.dynamic && !namedIn && powerShellValue(first.value, invocation.args, signals))
    return void score.raise("low", `prints the PowerShell value ${first.value}`);
  // `$x = 5; $x * 2`: arithmetic on numbers the line assigned; read as bash the variable runs, as
  // an assignment's does (medium, not less)
  const computed = first.dynamic && !namedIn && computesAssignedNumbers(context.script.commands, command);
  if (computed) return void score.raise("medium", computed);
  // `$v = Get-BitLockerVolume; $v.VolumeStatus`: a member of a value the line assigned, printed
  // (medium, as the assignment: read as bash the variable runs)
  const member = first.dynamic && !namedIn && readsAssignedMember(context.script.commands, command);
  if (member) return void score.raise("medium", member);
  if (first.dynamic && !namedIn && !isKnownVariableProgram(first)) {
    const feeders = upstream(context.script.commands, command).map(
      (feeder) => resolveInvocation(feeder).program,
    );
    // `$(curl -s URL)` as the command (also what `bash <<< "$(curl …)"` runs): the download is the program
    const printed = first.inner.map((inner) => resolveInvocation(inner).program);
    const fromDownload = printed.some((program) => DOWNLOADERS.has(program));
    if (fromDownload || feeders.some((program) => DOWNLOADERS.has(program))) {
      score.raise(
        "critical",
        fromDownload
          ? `runs downloaded content as commands (${first.value.slice(0, 60)})`
          : `pipes downloaded content into ${first.value}`,
        "pipe_to_shell",
        "network_request",
      );
    }
    signals.runTime(`runs a program named at run time (${first.value.slice(0, 60)}): what runs is unknown`);
    return;
  }
  // `cp Rubeus.exe r.exe; ./r.exe`: the tool under the name the line gave it, before that name is
  // taken for what it says (`sh.exe -c All` is SharpHound renamed, not a shell)
  const renamed = renamedAttackProgram(
    first.value,
    invocation.args.map((word) => word.value),
    context.script,
    signals,
  );
  if (renamed) return;
  const program = interpreterName(invocation.program);
  pipeToShell({ ...invocation, program }, context);
  runsDownloaded(invocation, program, first, signals);
  runsWritten(invocation, program, first, context);
  // `./deploy.sh`, `tools/x.py`: a file run by its own name (the hook reads it: src/hooks/scripts.ts)
  if (first.value.includes("/")) signals.runs(first, "");
  sendsEnvironment(invocation, context);
  judgeFileServer(program, invocation.args, signals); // `php -S … -t ~`, `http-server ~`
  judgeMovedSources(program, invocation.args, context); // `tar --remove-files -cf x.tar ~`
  if (program === "su") score.raise("critical", "runs su (privilege escalation)", "privilege_escalation");
  const script = inlineScript(program, invocation.args);
  if (script) {
    context.nested(script, `${invocation.program} runs an inline script`);
    return;
  }
  resetsDatabase(invocation, context);
  // a read-only program releases and grants nothing (`lsb_release -a` is not a release tool)
  // (and the shapes of cloud and platform CLIs: access handed out, opened to everyone, a
  // protection switched off: rules/cloud-shapes.ts)
  if (!readOnlyPrograms().has(program) && !releasesOrGrants(invocation, context))
    judgeCloudShapes({ ...invocation, program }, context);
  readsSecretStore(invocation, context);
  judgeWideEffects({ ...invocation, program }, context);
  judgeThroughOptions(invocation, program, context);
  // `tar --checkpoint-action=exec=CMD`, `ssh -o ProxyCommand=CMD`, `psql -c '\! CMD'`,
  // `GIT_SSH_COMMAND=CMD git fetch`: command lines the program runs (rules/through-commands.ts)
  for (const text of commandsThroughOptions(program, invocation.args))
    context.nested(
      { value: text, dynamic: false, inner: [] },
      `${program} runs a command given in its options`,
    );
  if (bareShell(invocation, program, context)) return;
  const owner = ownerOf(program, invocation.args.find((word) => !word.value.startsWith("-"))?.value);
  const rule = owner?.rule;
  // `--help`, `--version`, `--dry-run`: nothing changes, whatever the verb (rules/inert.ts)
  const inert =
    PASSES_ARGUMENTS_ON.has(program) || SHELLS.has(program) ? null : inertCall(invocation.args, program);
  if (inert && (!owner || owner.inert || (owner.helpInert && inert.startsWith("prints"))))
    return void score.raise("low", `${program} ${inert}`);
  // `Seatbelt.exe -group=all`, `execute-assembly Rubeus.exe`: a program whose purpose is attack
  // (rules/attack-tools.ts), whatever else its rule says of the call; a tool's own `Stop-` cmdlet
  // only stops it (nothing else to judge)
  const argv = invocation.args.map((word) => word.value);
  // (`cp mimikatz.exe m.exe; ./m.exe`: a tool run under the name the line gave it)
  const attack =
    attackTool(program, first.value, argv, signals) ??
    renamedAttackOperand(program, first.value, argv, context.script, signals);
  if (attack === "stops") return;
  // `java -jar cli.jar -s http://jenkins.local/ …`, `mytool --server https://10.0.0.5`: a URL
  // handed to a program reaches that host (internal hosts high, metadata critical)
  if (!owner || owner.passesUrls)
    for (const arg of invocation.args)
      if (!arg.dynamic && /^https?:\/\/[^\s/]/i.test(arg.value)) signals.network(arg.value, "GET", "command");
  if (!rule) reachedByArguments(invocation, program, signals);
  // `vim -c ':!rm -rf ~'`: an editor's ex command through the shell runs that command line
  const bang = rule ? null : editorShell(invocation.args);
  // `vim -es -c '…' -c wq ~/.bashrc`, `ex -sc … F`, `ed F`: an editor writes the files it is given
  if (!rule && /^(ed|ex|vi|vim|nvim|gvim|nano|emacs|micro|kak|hx)$/.test(program))
    for (const file of invocation.args)
      if (
        !file.value.startsWith("-") &&
        !file.value.startsWith("+") &&
        !isEditorCommand(invocation.args, file)
      )
        signals.write(file, `${program} edits`);
  if (bang) context.nested({ value: bang, dynamic: false, inner: [] }, `${program} runs a shell command`);
  if (rule) return void rule({ ...invocation, program }, context);
  if (FORMATTER.test(program)) return void judgeStorage({ ...invocation, program }, context);
  if (readOnlyPrograms().has(program)) return void score.raise("none", "");
  if (["sudo", "doas", "pkexec"].includes(program)) return; // `sudo -i`: judged above
  if (SHELLS.has(program)) return void judgeShellScript(invocation, signals);
  // `aws-vault exec prod -- terraform destroy`: a runner's command after `--` (rules/through-commands.ts)
  const handed = commandAfterDashes(program, invocation.args);
  if (handed) context.nested(handed, `${program} runs the command after --`);
  // `./apt-retry.sh sudo apt-get update`: a program no rule names given a privilege wrapper as its
  // first word is a wrapper script that runs its arguments (a retry, an environment loader)
  const lead = invocation.args[0];
  if (
    !handed &&
    lead &&
    !lead.dynamic &&
    /^(sudo|doas|pkexec|run0)$/.test(lead.value) &&
    invocation.args.length > 1
  )
    context.nested(
      {
        value: invocation.args
          .map((word) => (word.dynamic ? `"${word.value}"` : shellQuote(word.value)))
          .join(" "),
        dynamic: invocation.args.some((word) => word.dynamic),
        inner: [],
      },
      `${program} runs the command it is given`,
    );
  judgeUnknownProgram(invocation, program, first, signals);
}

/**
 * A PowerShell value written alone: an environment variable or an automatic variable that
 * describes the session (`$env:USERDOMAIN`, `$PSVersionTable.PSVersion`, `$Host.Version`), or
 * any variable's members on a line PowerShell reads and that only reads (`foreach ($s in
 * Get-Service) { $s.Name }`).
 */
function powerShellValue(word: string, args: Word[], signals: Signals): boolean {
  // (the grammar's recovery may cut a member chain anywhere: `$env:X).AddressList`)
  if (signals.powerShellReads) return /^\$[\w:]+[\w:.()[\]]*$/.test(word);
  if (!/^\$[\w:]+(\.\w+)*$/.test(word)) return false;
  // (`$env:PATH -split ';'`: an operator applied to the value)
  return (
    (args.length === 0 ||
      /^-(split|join|replace|match|notmatch|like|notlike|eq|ne|contains|notcontains|f)$/i.test(
        args[0]!.value,
      )) &&
    /^\$(env:\w+|PSVersionTable|Host|PSHOME|PSEdition|PSCulture|PSUICulture|IsWindows|IsLinux|IsMacOS|PID)(\.\w+)*$/i.test(
      word,
    )
  );
}

/** An editor option's value (`-c CMD`, `--cmd CMD`, `-S FILE`, `-u FILE`), not a file it edits. */
function isEditorCommand(args: Word[], word: Word): boolean {
  const before = args[args.indexOf(word) - 1]?.value ?? "";
  return /^(-c|--cmd|-S|-u|-U|-i|-T|-w|-W|-s|--eval|-l|--load|-e)$/.test(before) && before !== word.value;
}

/** `$name = Verb-Noun …` or `$name = 42`/`$true`: PowerShell's assignment of a cmdlet's result or a literal. */
function powerShellAssignment(name: string, args: Word[]): boolean {
  if (!/^\$(\w+|\{\w+\})$/.test(name) || args[0]?.value !== "=" || !args[1] || args[1].dynamic) return false;
  const value = args[1].value;
  return (
    /^[a-z]+-[a-z][a-z0-9]*$/i.test(value) ||
    (args.length === 2 && /^(-?\d+(\.\d+)?|\$(true|false|null))$/i.test(value))
  );
}

function judgeRedirects(invocation: Invocation, signals: Signals): void {
  const downloader = DOWNLOADERS.has(invocation.program);
  for (const redirect of invocation.command.redirects) {
    const target = redirect.target;
    if (!target || /^&?\d*-?$/.test(target.value)) continue; // `2>&1`, `>&-`: descriptors, not files
    const socket = /^\/dev\/(tcp|udp)\/([^/]+)\/\d+$/.exec(target.value);
    if (socket) {
      // bash opens a connection for these paths; a shell wired to one is a reverse shell.
      signals.network(socket[2]!, "CONNECT", "command");
      if (SHELLS.has(invocation.program)) {
        signals.score.raise(
          "critical",
          `${invocation.program} gives ${socket[2]} a shell`,
          "network_request",
        );
      }
      continue;
    }
    // `curl … > i.sh`: the file holds downloaded content (running it later is a pipe to shell).
    if (redirect.op.includes(">") && downloader && target.value !== "/dev/null")
      signals.download(target, "saves a download to");
    else if (redirect.op.includes(">")) {
      // (literal text written into git's configuration: its keys decide, written-content.ts)
      signals.write(target, "redirects output to", literalWrittenText(invocation) !== null);
      if (dumpsEnvironment(invocation))
        signals.environmentCopies.add(normalizePath(target.value, { cwd: signals.cwd }));
      rememberWritten(invocation, redirect.op, target.value, signals);
    } else if (redirect.op.includes("<")) signals.read(target, "feeds in");
  }
}
