/**
 * Windows system changes and credential reads the administration table (windows.ts) does not
 * name, by family (docs/risk.md, "Windows administration"): drivers, filters, shims and WMI
 * (code the system loads by itself), IIS modules and logging, file associations, the file
 * system journal, processes that are the system or its defences, accounts' passwords through
 * ntdsutil; credentials through dumpers, `lsass` dumps and credential managers; files typed,
 * deleted and started the cmd.exe way (`type`, `del`, `start`). Their read forms add nothing.
 */
import { positionals } from "../command/argv.js";
import type { Rule, RuleTable } from "../command/rule.js";
import { staticWord } from "../shell-model.js";
import type { Signals } from "../signals.js";
import { judgeWindowsCode, registryChange } from "./windows.js";
import { credentialDump } from "./windows-credentials.js";
import { stopProcess, taskkill } from "./windows-kill-filters.js";
import { WINDOWS_TOOL_RULES } from "./windows-tools.js";
import { lower, values } from "./windows-words.js";

const help = (args: string[]) => args.some((arg) => /^([-/]\?|[-/]{1,2}help)$/i.test(arg));

function change(level: "medium" | "high" | "critical", reason: string): Rule {
  return (invocation, { signals }) => {
    if (help(values(invocation.args))) return void signals.score.raise("low", `${invocation.program} help`);
    if (level === "critical")
      signals.score.raise(level, `${invocation.program} ${reason}`, "system_modification");
    else signals.score.raise(level, `${invocation.program} ${reason}`);
  };
}

/** A change unless the first word is one of the read forms. */
function unlessReading(read: RegExp, level: "high" | "critical", reason: string): Rule {
  return (invocation, context) => {
    const first = lower(invocation.args).find((arg) => !/^[-/](q|quiet|nologo)$/.test(arg)) ?? "";
    if (first === "" || read.test(first)) return void context.signals.score.raise("none", "");
    change(level, reason)(invocation, context);
  };
}

/**
 * fsutil: what its second word says. A verb that sets, deletes, creates, dismounts, repairs or
 * strips changes the file system, its journal, its behaviour or a file's data (`usn
 * deletejournal`, `file setzerodata`, `behavior set`, `volume dismount`); `file createnew` makes
 * an empty file; everything else reads (`fsinfo`, `behavior query`, `usn queryjournal`, `volume
 * diskfree`).
 */
const FSUTIL_CHANGE =
  /^(set\w*|create\w*|delete\w*|dismount|modify|enforce|disable|enable|strip|repair|initiate|reset|optimize|add|remove|trim|seteof|zero\w*)$/;
const fsutil: Rule = (invocation, context) => {
  const [sub = "", verb = ""] = lower(invocation.args).filter((arg) => !/^[-/]/.test(arg));
  const { score } = context.signals;
  if (help(values(invocation.args)) || sub === "") return void score.raise("low", "fsutil help");
  if (sub === "file" && verb === "createnew") return void score.raise("low", "fsutil creates an empty file");
  if (sub === "fsinfo" || !FSUTIL_CHANGE.test(verb)) return void score.raise("none", "");
  score.raise(
    "critical",
    `fsutil ${sub} ${verb} changes the file system (its journal, behaviour or data)`,
    "system_modification",
  );
};

/**
 * Dumpers by name (credentials read: high); ProcDump otherwise debugs a process (medium), and
 * `-i` makes it the machine's post-mortem debugger (HKLM AeDebug: it runs at every crash).
 */
const dumper: Rule = (invocation, { signals }) => {
  if (credentialDump(invocation.program, values(invocation.args), signals)) return;
  if (!/^procdump/.test(invocation.program)) return;
  if (lower(invocation.args).some((arg) => /^[-/]i$/.test(arg)))
    return void signals.score.raise(
      "high",
      `${invocation.program} -i registers itself as the machine's post-mortem debugger (run at every crash)`,
      "system_modification",
    );
  signals.score.raise("medium", `${invocation.program} dumps a process it is pointed at (a debugger's work)`);
};

/** vaultcmd: listing names is not reading; `/all` shows what is stored, deletes are high. */
const vaultcmd: Rule = (invocation, { signals }) => {
  const args = lower(invocation.args);
  if (args.some((arg) => arg.startsWith("/deletecreds")))
    return void signals.score.raise("high", "vaultcmd deletes saved credentials");
  if (args.includes("/all"))
    return void signals.score.raise(
      "high",
      "vaultcmd /all prints saved credentials' properties",
      "sensitive_file_access",
    );
  signals.score.raise(
    args.some((arg) => arg.startsWith("/addcreds")) ? "medium" : "none",
    args.length ? "vaultcmd" : "",
  );
};

/** cmdkey: one named entry deleted is routine (medium); entries named at run time (a loop) are not. */
const cmdkey: Rule = (invocation, { signals }) => {
  const args = lower(invocation.args);
  const deletes = invocation.args.filter((word) => /^\/delete/i.test(word.value));
  if (deletes.some((word) => word.dynamic || /[*$]/.test(word.value)))
    return void signals.score.raise("high", "cmdkey deletes saved credentials named at run time");
  if (deletes.length > 0) return void signals.score.raise("medium", "cmdkey deletes a saved credential");
  if (args.some((arg) => /^\/(add|generic|smartcard):/.test(arg)))
    return void signals.score.raise("medium", "cmdkey saves a credential");
  signals.score.raise("none", "");
};

/** ntdsutil: a password set or the directory's database copied (every account's hash). */
const ntdsutil: Rule = (invocation, { signals }) => {
  const text = lower(invocation.args).join(" ");
  if (/password|reset|delete|remove|seize|authoritative/.test(text))
    return void signals.score.raise(
      "critical",
      "ntdsutil changes accounts or the directory",
      "system_modification",
    );
  // `files "compact to DIR"` writes a compacted copy of ntds.dit into DIR (an offline defragmentation)
  if (/\bifm\b|create full|snapshot|compact to/.test(text))
    return void signals.score.raise(
      "high",
      "ntdsutil copies the directory database (every account's hash)",
      "sensitive_file_access",
    );
  signals.score.raise("medium", "ntdsutil");
};

/** cmd.exe's `type FILE`: a reader (bash's `type NAME` names commands, not files). */
const type: Rule = (invocation, { signals }) => {
  for (const word of positionals(invocation.args))
    if (!word.dynamic && /[/.]/.test(word.value)) signals.read(word);
  signals.score.raise("none", "");
};

/** cmd.exe's `del`/`erase` (`/s` recursive) and `rd` (`/s` the whole tree): judged as `rm`. */
export const windowsDelete: Rule = (invocation, context) => {
  const args = values(invocation.args);
  // `del /?`: cmd.exe prints the help and deletes nothing (on Unix `/?` would be a glob, but no
  // Unix program is named `del`, `erase` or `rd`)
  if (args.includes("/?")) return void context.signals.score.raise("none", "");
  const recursive = args.some((arg) => /^\/s$/i.test(arg));
  const paths = args.filter((arg) => !/^\/[a-z](:.*)?$/i.test(arg));
  if (paths.length === 0) return void context.signals.score.raise("low", `${invocation.program}`);
  const quoted = paths.map((path) => `'${path.replace(/'/g, `'\\''`)}'`).join(" ");
  context.nested(
    staticWord(`rm ${recursive ? "-r " : ""}-f -- ${quoted}`),
    `${invocation.program}${recursive ? " /s" : ""} deletes`,
  );
};

/** `start X`, `Start-Process X -ArgumentList Y [-Verb RunAs]`: X runs with Y, elevated with RunAs. */
const startProcess: Rule = (invocation, context) => {
  const args = values(invocation.args);
  const { score } = context.signals;
  const option = (name: RegExp) => {
    const at = args.findIndex((arg) => name.test(arg));
    return at >= 0 ? args[at + 1] : undefined;
  };
  const verb = option(/^-verb$/i);
  if (verb && /^runas/i.test(verb))
    score.raise(
      "critical",
      `${invocation.program} -Verb RunAs starts a program as administrator`,
      "privilege_escalation",
    );
  const named = option(/^-(filepath|path|fi\w*)$/i);
  const rest = args.filter(
    (arg, i) => !/^-/.test(arg) && !/^-/.test(args[i - 1] ?? "") && !/^\/(b|wait|min|max|i|d)$/i.test(arg),
  );
  const file = named ?? rest.find((arg) => arg !== "" && arg !== '""') ?? "";
  const list =
    option(/^-(argumentlist|args|al)$/i) ?? (named ? "" : rest.slice(rest.indexOf(file) + 1).join(" "));
  score.raise("medium", `${invocation.program} starts ${file || "a program"}`);
  if (file)
    context.nested(
      staticWord(`${file.includes(" ") ? `'${file}'` : file} ${list}`.trim()),
      `${invocation.program} starts`,
    );
};

/** `Invoke-Command -ScriptBlock { … }`, `Start-Job { … }`: the block runs, judged as a command line. */
const invokeCommand: Rule = (invocation, context) => {
  const text = values(invocation.args).join(" ");
  context.signals.score.raise(
    "medium",
    `${invocation.program} runs PowerShell (a script block, here or on other machines)`,
  );
  const block = /\{(.*)\}/s.exec(text)?.[1]?.trim();
  if (block) context.nested(staticWord(block), `${invocation.program} runs`);
  judgeWindowsCode(text.replace(/[{}]/g, ";"), context.signals);
};

/**
 * `… | % { cmdkey /delete:$_ }`: the block runs once per object; its statements that start a
 * command are judged as command lines (those that compute or assign a value, `$_.Name`, are
 * PowerShell expressions, not commands).
 */
const eachObject: Rule = (invocation, context) => {
  const block = /\{(.*)\}/s.exec(values(invocation.args).join(" "))?.[1] ?? "";
  context.signals.score.raise("none", "");
  for (const statement of block.split(/[;\n]/).map((text) => text.trim()))
    if (/^[a-z][\w.-]*(\s|$)/i.test(statement))
      context.nested(staticWord(statement), `${invocation.program} runs for each object`);
};

const assoc: Rule = (invocation, { signals }) => {
  if (values(invocation.args).some((arg) => arg.includes("=")))
    return void signals.score.raise(
      "high",
      `${invocation.program} changes what a file type opens with, for the machine`,
      "system_modification",
    );
  signals.score.raise("none", "");
};

/** `Set-PSReadLineOption -HistorySaveStyle SaveNothing`: PowerShell stops recording what runs. */
const readlineOption: Rule = (invocation, { signals }) => {
  const args = lower(invocation.args);
  if (
    args.includes("savenothing") ||
    args.includes("-historysavepath") ||
    args.includes("-addtohistoryhandler")
  )
    return void signals.score.raise(
      "high",
      "Set-PSReadLineOption stops or moves PowerShell's history (hides what ran)",
    );
  signals.score.raise("low", "Set-PSReadLineOption");
};

/** Sysmon, the machine's process log: uninstalled critical, its configuration changed high. */
const sysmon: Rule = (invocation, { signals }) => {
  const args = lower(invocation.args);
  if (args.some((arg) => /^[-/]u$/.test(arg)))
    return void signals.score.raise(
      "critical",
      `${invocation.program} -u uninstalls Sysmon (the machine's process log)`,
      "system_modification",
    );
  if (args.some((arg) => /^[-/]c$/.test(arg)) && args.length > 1)
    return void signals.score.raise("high", `${invocation.program} -c changes what Sysmon records`);
  signals.score.raise(
    args.some((arg) => /^[-/]i$/.test(arg)) ? "medium" : "none",
    args.length ? `${invocation.program}` : "",
  );
};

/** Options of the item cmdlets that take a value (the rest of the words are paths). */
const ITEM_VALUE =
  /^-(path|literalpath|destination|filter|include|exclude|credential|tosession|fromsession|itemtype|name|value)$/i;

/**
 * `copy`/`xcopy`/`Copy-Item` and `move`/`Move-Item`: judged as `cp -r` and `mv` of the same
 * paths (a file written under `C:\Windows` is a system write); registry keys as registry changes.
 */
/**
 * A certificate store whose certificates are trusted (PowerShell's `Cert:` drive); unquoted, bash
 * has already taken the backslashes out (`Cert:LocalMachineRoot`).
 */
const TRUST_STORE =
  /^['"]?cert:[\\/]*(localmachine|currentuser)[\\/]*(root|authroot|ca|trustedpublisher|trustedpeople)([\\/'"]|$)/i;

/**
 * A certificate put into a trust store (`Import-Certificate … -CertStoreLocation
 * Cert:\LocalMachine\Root`, `Move-Item … -Destination Cert:\LocalMachine\Root`): what it signs
 * is trusted, as after `certutil -addstore root` (the machine's stores critical, the user's high).
 */
function trustsCertificate(program: string, args: string[], signals: Signals): boolean {
  const store = args.find((arg) => TRUST_STORE.test(arg));
  if (!store) return false;
  signals.score.raise(
    /localmachine/i.test(store) ? "critical" : "high",
    `${program} puts a certificate into a trust store (${store}): what it signs is trusted`,
    "system_modification",
  );
  return true;
}

/** `Import-Certificate`/`Import-PfxCertificate`: a trust store is above; another store, medium. */
const importCertificate: Rule = (invocation, { signals }) => {
  if (trustsCertificate(invocation.program, values(invocation.args), signals)) return;
  signals.score.raise("medium", `${invocation.program} adds a certificate to a store`);
};

function copyOrMove(unix: "cp -r" | "mv"): Rule {
  return (invocation, context) => {
    if (registryChange(invocation.program, invocation.args, context.signals)) return;
    if (trustsCertificate(invocation.program, values(invocation.args), context.signals)) return;
    const args = values(invocation.args);
    // a credential store copied (`copy \\?\GLOBALROOT\…\NTDS.dit`, `Copy-Item …\config\SAM`)
    if (credentialDump(invocation.program, args, context.signals)) return;
    const option = (name: RegExp) => {
      const at = args.findIndex((arg) => name.test(arg));
      return at >= 0 ? args[at + 1] : undefined;
    };
    const isOption = (arg: string) => /^-/.test(arg) || /^\/[^/]*$/.test(arg);
    const bare = args.filter((arg, i) => !isOption(arg) && !ITEM_VALUE.test(args[i - 1] ?? ""));
    const source = option(/^-(path|literalpath)$/i) ?? bare[0];
    const target = option(/^-destination$/i) ?? bare[bare.length > 1 ? bare.length - 1 : 1];
    context.signals.score.raise("low", `${invocation.program} copies or moves files`);
    if (!source || !target) return;
    const quote = (path: string) => `'${path.replace(/'/g, `'\\''`)}'`;
    context.nested(staticWord(`${unix} -- ${quote(source)} ${quote(target)}`), `${invocation.program}`);
  };
}

export const WINDOWS_SYSTEM_RULES: RuleTable = {
  ...WINDOWS_TOOL_RULES,
  copy: copyOrMove("cp -r"),
  xcopy: copyOrMove("cp -r"),
  "copy-item": copyOrMove("cp -r"),
  "import-certificate": importCertificate,
  cpi: copyOrMove("cp -r"),
  move: copyOrMove("mv"),
  ren: copyOrMove("mv"),
  "move-item": copyOrMove("mv"),
  mi: copyOrMove("mv"),
  auditpol: unlessReading(
    /^\/(get|list|backup|\?)/,
    "critical",
    "changes or clears the audit policy (what the machine records)",
  ),
  taskkill,
  "stop-process": stopProcess,
  spps: stopProcess,
  ...Object.fromEntries(
    "mimikatz mimikatz64 pypykatz gsecdump lazagne rubeus secretsdump secretsdump.py nanodump safetykatz sharpkatz kekeo invoke-mimikatz get-gpppassword invoke-kerberoast get-adreplaccount get-passwordvaultcredentials get-credmancreds out-minidump crackmapexec cme nxc netexec procdump procdump64"
      .split(" ")
      .map((name) => [name, dumper]),
  ),
  vaultcmd,
  cmdkey,
  ntdsutil,
  type,
  del: windowsDelete,
  erase: windowsDelete,
  rd: windowsDelete,
  start: startProcess,
  "start-process": startProcess,
  saps: startProcess,
  "invoke-command": invokeCommand,
  "foreach-object": eachObject,
  "%": eachObject,
  foreach: eachObject,
  "start-job": invokeCommand,
  "start-threadjob": invokeCommand,
  icm: invokeCommand,
  assoc,
  ftype: assoc,
  "set-psreadlineoption": readlineOption,
  fsutil,
  fltmc: unlessReading(
    /^(filters|instances|volumes)$/,
    "critical",
    "loads or unloads a file-system filter (security products and Sysmon run as filters)",
  ),
  // `/export-driver`: a copy of driver packages out of the store into a folder; nothing is installed
  // the kernel's driver checks and its debugger: what the kernel runs with (from the next boot)
  verifier: unlessReading(
    /^\/(query|querysettings|log|\?)$/,
    "critical",
    "changes what the kernel checks in drivers (Driver Verifier)",
  ),
  kdnet: unlessReading(/^$/, "critical", "sets up kernel debugging over the network"),
  lodctr: unlessReading(/^\/(q(:.*)?|s:.*|\?)$/, "critical", "rewrites the performance counter registry"),
  pnputil: unlessReading(/^[-/](enum-[\w-]+|e|export-driver)$/, "critical", "installs or removes a driver"),
  sdbinst: change("critical", "installs an application shim (code run inside other programs)"),
  mofcomp: change("high", "compiles a MOF into WMI (its event subscriptions run commands by themselves)"),
  appcmd: unlessReading(/^list$/, "high", "changes IIS (its modules, sites or logging)"),
  "mount-diskimage": change("high", "mounts a disk image"),
  "clear-history": change(
    "high",
    "clears PowerShell's history of this session (hides what ran, as `history -c`)",
  ),
  sysmon: sysmon,
  sysmon64: sysmon,
};
