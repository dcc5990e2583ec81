/**
 * Windows administration (docs/risk.md, "Windows administration"): the Windows spellings of
 * the system changes the level table rates critical on Unix — users and groups, services,
 * scheduled tasks, the firewall and Defender, the boot configuration, shadow copies and event
 * logs, power — plus the registry (machine-wide keys critical, the user's own high: its Run
 * keys start programs by themselves) and the execution policy (lowered for the machine:
 * critical; for the user: high; for this process only: medium). Their read-only forms (`net
 * user` alone, `reg query`, `sc query`, `Get-…`, `schtasks /query`) add nothing. Read the same
 * whether typed in a shell, run through `powershell -Command`, or sent to a PowerShell tool;
 * names and options are case-insensitive, as Windows reads them.
 */
import type { Rule, RuleTable } from "../command/rule.js";
import type { Word } from "../shell-model.js";
import { staticWord } from "../shell-model.js";
import type { Signals } from "../signals.js";
import { attackCode, attackTool } from "./attack-tools.js";
import { CMDLET, cmdletFinding, cmdletVerdict } from "./windows-cmdlets.js";
import { credentialDump } from "./windows-credentials.js";
import { scriptHandoff } from "./windows-exec.js";
import { runsFromHiding, windowsHandoff } from "./windows-handoff.js";
import { wmicSelectsSystem } from "./windows-kill-filters.js";
import { regQueryCredential } from "./windows-registry-secrets.js";
import { pipedFrom, pipedTo } from "./windows-words.js";

type Finding = [level: "none" | "low" | "medium" | "high" | "critical", reason: string, credential?: true];

const lower = (words: string[]) => words.map((word) => word.toLowerCase());
const has = (words: string[], pattern: RegExp) => words.some((word) => pattern.test(word));
/** A machine-wide registry key (`HKLM\…`, `HKEY_LOCAL_MACHINE`, `HKLM:`) or the user's. */
// (unquoted in bash, `HKLM\SOFTWARE` arrives as `HKLMSOFTWARE`: the prefix is enough)
const MACHINE_KEY = /^['"]?(hklm|hkey_local_machine|hkcr|hkey_classes_root|hkey_users|hku(:|\\|\/|$))/i;
/** Grantees that are everyone (`Everyone`, `*S-1-1-0`, `Users`, `Authenticated Users`, guests). */
const BROAD_GRANTEE =
  /^['"]?(\*s-1-1-0|everyone|\*s-1-5-11|authenticated users|users|\*s-1-5-32-545|guests?|anonymous logon|\*s-1-5-7):/i;
const USER_KEY = /^['"]?(hkcu|hkey_current_user)/i;

/**
 * An application's own settings under the user's hive (`HKCU\Software\Contoso\…`): not
 * Microsoft's or Windows' keys, file classes, policies, the environment or a key named like an
 * autostart place (`Run…`, `…Startup…`, `…Shell…`), whose values start
 * programs (Run, RunOnce, shell open commands, Winlogon, screensaver, Command Processor) or
 * lower defences (Office security, policies).
 */
const USER_APP_KEY =
  /^['"]?(hkcu|hkey_current_user):?[\\/]software[\\/](?!(microsoft|classes|policies|wow6432node|run\w*|\w*(startup|shell|environment|winlogon)\w*)([\\/'"]|$))[^\\/'"]+/i;

function registry(words: string[], what: string): Finding {
  if (has(words, MACHINE_KEY)) return ["critical", `${what} changes the machine's registry`];
  if (
    words.some((word) => USER_APP_KEY.test(word)) &&
    !words.some((word) => USER_KEY.test(word) && !USER_APP_KEY.test(word))
  )
    return ["medium", `${what} changes an application's settings in the user's registry`];
  if (has(words, USER_KEY))
    return ["high", `${what} changes the user's registry (its Run keys start programs)`];
  return ["high", `${what} changes the registry`];
}

/**
 * sc's sub-commands that only read: `query`/`queryex`/`querylock` and every `q…` one (`qc`,
 * `qdescription`, `qfailure`, `qfailureflag`, `qsidtype`, `qprivs`, `qtriggerinfo`,
 * `qpreferrednode`, `qmanagedaccount`, `qprotection`), the names, dependants and descriptors.
 */
const SC_READS =
  /^(query|queryex|querylock|q(c|description|failure|failureflag|sidtype|privs|triggerinfo|preferrednode|managedaccount|protection)|getdisplayname|getkeyname|enumdepend|sdshow|showsid)$/;

/** What one Windows administration command does, or null when the program is not one of them. */
export function windowsAdministration(program: string, argv: string[]): Finding | null {
  const args = lower(argv);
  const first = args.find((word) => !/^[-/]/.test(word)) ?? "";
  const help = has(args, /^(\/\?|-\?|--?help|\/help)$/);
  // PowerShell's profile runs at every start, as .bashrc does
  if (
    /^(new-item|set-content|add-content|out-file|copy-item|move-item|ni|sc|ac)$/.test(program) &&
    has(args, /^['"]?\$profile\b|profile\.ps1['"]?$/)
  )
    return ["high", `${program} writes PowerShell's profile (it runs at every start)`];
  if (help) return program in WINDOWS_PROGRAMS || CMDLET.test(program) ? ["none", ""] : null;
  switch (program) {
    case "net":
    case "net1": {
      const [sub] = args;
      if (/^(user|localgroup|group)$/.test(sub ?? "")) {
        // `net user x /domain` shows the domain's account; a password, `*` or another option changes it
        const changes = args.slice(2).some((word) => !/^\/(domain|do)$/.test(word));
        if (has(args, /^\/(add|delete|del|active:yes)$/) || (sub === "user" && changes))
          return ["critical", `net ${sub} adds, changes or deletes an account`];
        return ["none", ""];
      }
      // `net start` alone lists the running services
      if (/^(stop|start|pause|continue)$/.test(sub ?? "") && args.length > 1)
        return ["critical", `net ${sub} changes a service`];
      if (sub === "share" && has(args, /^\/(delete|grant)|=/)) return ["high", "net share changes a share"];
      if (sub === "time" && has(args, /^\/set$/)) return ["critical", "net time /set sets the system clock"];
      // Samba's `net ads join`, `net rpc join`: the machine joins a domain (who may log in changes)
      if (/^(ads|rpc|dom)$/.test(sub ?? "") && /^(join|leave|unjoin|changetrustpw)$/.test(args[1] ?? ""))
        return ["critical", `net ${sub} ${args[1]} joins or leaves a domain`];
      // `net accounts` (and `/domain`) shows the password and lockout policy; any other option sets it
      if (sub === "accounts" && args.slice(1).some((word) => !/^\/(domain|do)$/.test(word)))
        return ["critical", "net accounts changes the password and lockout policy"];
      return ["none", ""];
    }
    case "reg":
      // `reg query HKLM /f password /s`: every stored value that names a password, printed
      if (first === "query" && has(args, /^\/s$/) && has(args, /^(pass|pwd|password|cred\w*|secret|token)$/))
        return ["high", "reg query searches the registry for stored passwords", true];
      // the SAM and SECURITY hives hold password hashes, SYSTEM the key that decrypts them
      if (
        /^(save|export)$/.test(first) &&
        has(args, /^['"]?(hklm|hkey_local_machine)[\\/](sam|system|security)([\\/]|['"]?$)/)
      )
        return ["high", `reg ${first} copies a hive that holds password hashes or their key`, true];
      // the SAM and SECURITY hives queried: account hashes and LSA secrets printed (SYSTEM alone is settings)
      if (
        /^(query|compare)$/.test(first) &&
        has(
          args,
          /^['"]?([\\/]{1,2}[^\\/]*?[\\/]?)?(hklm|hkey_local_machine)[\\/]?(sam|security)([\\/]|['"]?$)/,
        )
      )
        return ["high", `reg ${first} reads the SAM or SECURITY hive (password hashes, LSA secrets)`, true];
      if (/^(query|export|compare)$/.test(first)) return ["none", ""];
      // any other key saved to a file is a copy of configuration (credential hives are above)
      if (first === "save") return ["low", "reg save copies registry keys to a file"];
      return registry(args, `reg ${first}`);
    case "sc":
      // `sc \\server query x`: the server comes before the sub-command
      if (/^(\\|\/\/)/.test(first)) {
        const sub = args.find((word) => !/^([-/]|\\)/.test(word)) ?? "";
        if (SC_READS.test(sub)) return ["none", ""];
        return ["critical", `sc ${sub} changes a service on ${first}`];
      }
      if (SC_READS.test(first)) return ["none", ""];
      return ["critical", `sc ${first} changes a service`];
    case "schtasks":
      if (has(args, /^\/(create|delete|change|run|end)$/))
        return ["critical", "schtasks changes scheduled tasks"];
      return ["none", ""];
    case "bcdedit":
      // `/export FILE` copies the store to a file, as `reg export` does
      // a settings option given no values shows them (`bcdedit /dbgsettings`)
      if (
        args.length === 0 ||
        has(args, /^\/(enum|v|export)$/) ||
        (args.length === 1 && /^\/(dbgsettings|hypervisorsettings|emssettings)$/i.test(args[0]!))
      )
        return ["none", ""];
      return ["critical", "bcdedit changes the boot configuration"];
    case "bootcfg":
      // bcdedit's predecessor: shown alone, with `/query` or `/list DISK`; every other switch
      // (`/delete`, `/copy`, `/clone`, `/mirror`, `/raw`, `/default`, `/timeout`, `/debug`) rewrites
      // the boot entries in boot.ini or NVRAM
      if (args.length === 0 || /^\/(query|list|\?)$/i.test(args[0]!)) return ["none", ""];
      return ["critical", `bootcfg ${args[0]} changes the boot configuration`];
    case "vssadmin":
    case "wbadmin":
      if (/^(delete|resize)$/.test(first)) return ["critical", `${program} ${first} destroys backups`];
      return ["none", ""];
    case "wevtutil":
      // a log turned on (`sl NAME /e:true`) records more; turned off or cleared, less
      if (/^(sl|set-log)$/.test(first) && args.length === 3 && /^\/e(nabled)?:true$/.test(args[2]!))
        return ["medium", "wevtutil sl turns an event log on"];
      if (/^(cl|clear-log|sl|set-log|im|install-manifest|um|uninstall-manifest)$/.test(first))
        return ["critical", `wevtutil ${first} clears or changes event logs`];
      return ["none", ""];
    case "netsh":
      if (has(args, /^wlan$/) && has(args, /^key=clear$/))
        return ["high", "netsh wlan … key=clear prints saved Wi-Fi keys", true];
      if (has(args, /^(show|dump)$/) || args.length === 0) return ["none", ""];
      // `netsh ras set tracing * enabled`: a component's diagnostic tracing, not the network
      if (has(args, /^tracing$/) || args[0] === "trace")
        return ["low", "netsh turns diagnostic tracing on or off"];
      // `netsh advfirewall set store gpo=…`: which store later commands of the session change
      if (args[0] === "advfirewall" && args[2] === "store") return ["low", "netsh chooses a policy store"];
      // one saved Wi-Fi network forgotten: a routine single-object delete (`name=*` forgets all)
      if (args[0] === "wlan" && args[1] === "delete" && args[2] === "profile" && !has(args, /^name=['"]?\*/))
        return ["medium", "netsh wlan delete profile forgets a saved Wi-Fi network"];
      if (has(args, /^(set|add|delete|reset|install)$/))
        return ["critical", "netsh changes the network or firewall"];
      return ["none", ""];
    case "diskpart":
    case "format":
    case "format.com":
      return ["critical", `${program} partitions or formats disks`];
    case "cipher":
      if (has(args, /^\/w/)) return ["critical", "cipher /w wipes free space"];
      return null;
    case "takeown":
      // a temporary directory is the user's own scratch space
      if (
        args
          .filter((word) => !/^\//.test(word))
          .every((word) => /^(%te?mp%|\$env:te?mp|\/tmp)(\/|$)/.test(word))
      )
        return ["medium", "takeown takes ownership of temporary files"];
      return ["high", "takeown takes ownership of files"];
    case "icacls":
    case "cacls":
      if (has(args, /^\/(setowner|reset|restore|substitute|setintegritylevel|inheritance)/))
        return ["high", `${program} changes file permissions`];
      if (!has(args, /^\/(grant|remove|deny)/)) return ["none", ""];
      // a grant to everyone, or under the system's own directories, is chmod 777 or a system change;
      // one user's rights on one file, as `chmod`, are medium
      if (has(args, BROAD_GRANTEE) || has(args, /^['"]?([a-z]:)?\/(windows|program files)/))
        return ["high", `${program} grants everyone or changes the system's files' permissions`];
      return ["medium", `${program} changes a file's permissions`];
    case "wmic":
      // `/format:` takes an XSL stylesheet, whose script runs: from a URL a download run
      // `/user:` `/password:`: the command runs as another account, with its rights
      if (has(args, /^\/user:/) && has(args, /^(call|create|delete|set)$/))
        return ["high", "wmic acts as another account (/user:), with its rights"];
      if (has(args, /^\/format:['"]?(https?|ftp):\/\//))
        return ["critical", "wmic /format: runs a stylesheet's script fetched from the network"];
      // `wmic process where name="x.exe" call terminate`: a process stopped, as `kill` (its name
      // decides); a filter selecting the system's processes or every one takes the host down
      // (rules/windows-kill-filters.ts, as taskkill's /fi)
      if (has(args, /^process$/) && has(args, /^(terminate|delete)$/)) {
        const broad = wmicSelectsSystem(args);
        return broad
          ? ["high", `wmic stops ${broad}: the system goes down with it`]
          : ["medium", "wmic stops a process"];
      }
      // `wmic process call create CMD` starts CMD (judged as that command by the rule below)
      if (has(args, /^process$/) && has(args, /^call$/) && has(args, /^create$/))
        return ["medium", "wmic starts a process"];
      if (has(args, /^shadowcopy$/) && has(args, /^create$/) && !has(args, /^delete$/))
        return ["medium", "wmic creates a shadow copy"];
      if (has(args, /^(delete|call|set|create)$/)) return ["critical", "wmic changes the system"];
      return ["none", ""];
    case "set-executionpolicy": {
      const value = args.find((word) =>
        /^(unrestricted|bypass|remotesigned|allsigned|restricted|default|undefined)$/.test(word),
      );
      // no literal value: it comes from the pipe or a prompt, and is not known
      if (!value) return ["high", "Set-ExecutionPolicy sets a policy not known until it runs"];
      if (/^(allsigned|restricted)$/.test(value)) return ["medium", "Set-ExecutionPolicy raises the policy"];
      const scope = args[args.indexOf("-scope") + 1] ?? "localmachine";
      if (args.includes("-scope") && scope === "process")
        return ["medium", `Set-ExecutionPolicy ${value} for this process only`];
      if (args.includes("-scope") && scope === "currentuser")
        return ["high", `Set-ExecutionPolicy ${value} lowers the user's script policy`];
      return ["critical", `Set-ExecutionPolicy ${value} lowers the machine's script policy`];
    }
    case "remove-item":
    case "new-item":
    case "set-item":
    case "set-itemproperty":
    case "new-itemproperty":
    case "remove-itemproperty":
    case "rename-itemproperty":
    case "move-item":
    case "rename-item":
    case "copy-item":
    case "copy-itemproperty":
    case "move-itemproperty":
      if (has(args, MACHINE_KEY) || has(args, USER_KEY)) return registry(args, program);
      // WinRM's configuration (`WSMan:\localhost\Client\TrustedHosts`): which machines this one trusts
      if (has(args, /^['"]?wsman:/) && !/^(get|test)-/.test(program))
        return ["critical", `${program} changes WinRM's configuration (remote management and trusted hosts)`];
      return null;
    default:
      break;
  }
  return CMDLET.test(program) ? cmdletVerdict(program, args) : null;
}

const WINDOWS_PROGRAMS: Record<string, true> = Object.fromEntries(
  "net net1 reg sc schtasks bcdedit bootcfg vssadmin wbadmin wevtutil netsh diskpart format format.com cipher takeown icacls cacls wmic set-executionpolicy"
    .split(" ")
    .map((name) => [name, true]),
);

function raise(signals: Signals, finding: Finding | null): boolean {
  if (!finding) return false;
  const [level, reason, credential] = finding;
  if (credential) signals.score.raise(level, reason, "sensitive_file_access");
  else if (level === "critical") signals.score.raise(level, reason, "system_modification");
  else signals.score.raise(level, reason);
  return true;
}

/** PowerShell code (`powershell -Command …`): each statement judged as a Windows command. */
export function judgeWindowsCode(code: string, signals: Signals): void {
  attackCode(code, signals);
  for (const statement of code.split(/[;|\n]|&&|\|\|/)) {
    const words = statement
      .trim()
      .replace(/^[&.]\s+/, "")
      .split(/\s+/)
      .filter(Boolean);
    const program = (words[0] ?? "").replace(/\.exe$/i, "").toLowerCase();
    if (
      program &&
      !attackTool(program, words[0]!, words.slice(1), signals) &&
      !credentialDump(program, words.slice(1), signals)
    )
      raise(signals, windowsAdministration(program, words.slice(1)));
  }
}

const rule: Rule = (invocation, context) => {
  const { signals } = context;
  const argv = invocation.args.map((word) => word.value);
  // `Get-Item HKLM:\… | Remove-ItemProperty -Name X`: the key arrives through the pipe
  const piped = /item/.test(invocation.program) ? pipedFrom(context, invocation.program) : [];
  // `wbadmin start backup -include:…\ntds.dit`: a credential store, whatever the tool does with it
  if (credentialDump(invocation.program, argv, signals)) return;
  // a stored password or a key of credentials printed (rules/windows-registry-secrets.ts)
  const credential = invocation.program === "reg" && regQueryCredential(argv, pipedTo(context, "reg"));
  if (credential) return void signals.score.raise("high", credential, "sensitive_file_access");
  const handled = raise(signals, windowsAdministration(invocation.program, [...argv, ...piped]));
  if (invocation.program === "wmic") {
    const at = argv.findIndex((word) => /^create$/i.test(word));
    if (/process/i.test(argv.join(" ")) && at >= 0 && argv[at + 1])
      context.nested(staticWord(argv[at + 1]!), "wmic process call create starts");
  }
  // `New-Item -Path C:\Windows\System32\x.exe`, `Set-Item`: a file written where the path says
  if (!handled && /^(new-item|set-item)$/.test(invocation.program)) {
    const at = argv.findIndex((word) => /^-(path|literalpath)$/i.test(word));
    const path = at >= 0 ? argv[at + 1] : argv.find((word) => !word.startsWith("-"));
    if (path) return void signals.write(path, "creates");
  }
  if (!handled) signals.score.raise("medium", `runs ${invocation.program}, which has no specific rule`);
};

/** Programs and cmdlets of this family (cmdlets without a rule fall to the general model). */
export const WINDOWS_RULES: RuleTable = Object.fromEntries(
  [
    ...Object.keys(WINDOWS_PROGRAMS),
    "remove-itemproperty",
    "new-itemproperty",
    "set-itemproperty",
    "rename-itemproperty",
    "copy-itemproperty",
    "move-itemproperty",
    "new-item",
    "set-item",
  ].map((name) => [name, rule]),
);

/** A registry key given to an item cmdlet (`Remove-Item HKLM:\…`): judged here, true when it was. */
export function registryChange(program: string, args: Word[], signals: Signals): boolean {
  const values = args.map((word) => word.value);
  if (!values.some((value) => MACHINE_KEY.test(value) || USER_KEY.test(value))) return false;
  return raise(signals, registry(lower(values), program));
}

/** True for a cmdlet this family rates (used by the judge for names no table lists). */
export function windowsCmdlet(program: string, argv: string[], signals: Signals, path = program): boolean {
  if (runsFromHiding(path, signals)) return true;
  if (credentialDump(program, argv, signals) || scriptHandoff(program, argv, signals)) return true;
  // a cmdlet's noun says what it changes before what it is handed (`New-ScheduledTaskAction
  // -Execute powershell.exe` builds an object; nothing starts)
  if (CMDLET.test(program) && raise(signals, cmdletFinding(program, lower(argv)))) return true;
  if (windowsHandoff(program, argv, signals)) return true;
  if (!CMDLET.test(program)) return false;
  return raise(signals, windowsAdministration(program, argv));
}
