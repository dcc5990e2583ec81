/**
 * Windows programs that run code they are handed (docs/risk.md, "Windows: code run through
 * another program"), fetch files, or read credentials. A script host, an HTML application, a
 * DLL loaded by `rundll32`/`regsvr32`, an installer or build host runs code that is not on the
 * command line: what it does is not known, so it is high, and critical when the code comes from
 * the network (a download run). What they are given to run on the line (`cmd /c`, `forfiles
 * /c`, `psexec … CMD`, `Start-Process X -ArgumentList Y`, `wmic process call create`) is judged
 * as that command. The transfer tools (`certutil`, `bitsadmin`) are in windows-transfer.ts and
 * the PowerShell cmdlets in windows-invoke.ts, both registered through this table (the table's
 * name and its place in the lookup order are unchanged).
 */
import { positionals } from "../command/argv.js";
import type { Rule, RuleTable } from "../command/rule.js";
import type { Signals } from "../signals.js";
import { judgeScriptName } from "./general.js";
import { inAlternateStream, windowsHandoff } from "./windows-handoff.js";
import { WINDOWS_INVOKE_RULES } from "./windows-invoke.js";
import { nestedCommand, WINDOWS_TRANSFER_RULES } from "./windows-transfer.js";
import { lower, REMOTE, values } from "./windows-words.js";

const INLINE_SCRIPT = /^(javascript|vbscript):|mshtml\s*,\s*runhtmlapplication/i;
/** Windows' own DLLs: their export is a known entry point, not code brought along. */
const SYSTEM_DLL =
  /^(shell32|user32|url|ieframe|advpack|ieadvpack|setupapi|syssetup|pcwutl|zipfldr|shdocvw|printui|keymgr|powrprof|desk\.cpl|inetcpl\.cpl|sysdm\.cpl|main\.cpl|appwiz\.cpl|ncpa\.cpl|timedate\.cpl)(\.dll)?$/i;
/** Exports of system DLLs that start a program, open a file or run an INF's commands. */
const LAUNCHING_EXPORT =
  /(fileprotocolhandler|openurl|shellexec_rundll|launchinfsection|routethecall|launchapplication|setupinfobjectinstallaction|installhinfsection|registerocx|minidump)/i;

function remoteCode(signals: Signals, program: string, target: string): void {
  if (target.startsWith("//")) {
    // a file share: the code is another machine's, not on this line (what it runs is not known)
    signals.score.raise("high", `${program} runs code from the share ${target}`, "network_request");
    return;
  }
  signals.network(target, "GET", "command");
  signals.score.raise(
    "critical",
    `${program} runs code fetched from ${target}`,
    "pipe_to_shell",
    "network_request",
  );
}

/** The extension each engine's own files carry: `//E:jscript x.js` names what the file already is. */
const ENGINE_EXTENSIONS: Record<string, RegExp> = {
  jscript: /\.(js|jse)$/i,
  "jscript.encode": /\.jse$/i,
  vbscript: /\.(vbs|vbe)$/i,
  "vbscript.encode": /\.vbe$/i,
};

/** `//E:jscript inventory.js`: the engine forced is the one the file's name already selects. */
function engineMatchesName(args: string[]): boolean {
  const engine =
    args
      .find((arg) => /^\/\/?e:/i.test(arg))
      ?.replace(/^\/\/?e:/i, "")
      .toLowerCase() ?? "";
  const files = args.filter((arg) => !arg.startsWith("/"));
  const extension = ENGINE_EXTENSIONS[engine];
  return extension !== undefined && files.length > 0 && files.every((file) => extension.test(file));
}

/** A script host, HTML application or help viewer: local file medium, remote or inline code more. */
function scriptHost(what: string): Rule {
  return (invocation, { signals }) => {
    const args = values(invocation.args);
    const remote = args.map((arg) => arg.replace(/^script:/i, "")).find((arg) => REMOTE.test(arg));
    if (remote) return remoteCode(signals, invocation.program, remote);
    if (args.some((arg) => INLINE_SCRIPT.test(arg) || /^script:/i.test(arg)))
      return void signals.score.raise(
        "high",
        `${invocation.program} runs script text given on the line through a scriptlet: what it runs is not read`,
      );
    if (args.some(inAlternateStream))
      return void signals.score.raise(
        "high",
        `${invocation.program} runs a script kept in an alternate data stream (hidden inside another file)`,
      );
    if (args.some((arg) => /^\/\/?e:/i.test(arg)) && !engineMatchesName(args))
      return void signals.score.raise(
        "high",
        `${invocation.program} runs a file as script whatever its name says (//E:)`,
      );
    // the script is the program that runs (`cscript dltpurge.vbs -s dc01`): its own name may say what it does
    const at = invocation.args.findIndex((arg) => !/^\/\/?\w/.test(arg.value) && /\.\w+$/.test(arg.value));
    const script = invocation.args[at];
    if (script && judgeScriptName(script.value, invocation.args.slice(at + 1), signals)) return;
    signals.score.raise("medium", `${invocation.program} runs ${what}`);
  };
}

const rundll32: Rule = (invocation, { signals }) => {
  const text = values(invocation.args).join(" ");
  const dllName = ((invocation.args[0]?.value ?? "").split(",")[0] ?? "").split("/").pop() ?? "";
  // `printui.dll,PrintUIEntry /in /n \\printserver\hp`: a share after the DLL is what a system
  // DLL's export is told about (a printer, a folder), not code loaded, unless the export starts it
  const loaded = (arg: string, i: number) =>
    !arg.startsWith("//") || i === 0 || !SYSTEM_DLL.test(dllName) || LAUNCHING_EXPORT.test(text);
  const remote = values(invocation.args).find((arg, i) => REMOTE.test(arg) && loaded(arg, i));
  if (remote) return remoteCode(signals, "rundll32", remote);
  if (INLINE_SCRIPT.test(text))
    return void signals.score.raise(
      "high",
      "rundll32 runs script text through mshtml: what it runs is not read",
    );
  if (/comsvcs/i.test(text) && /minidump/i.test(text))
    return void signals.score.raise(
      "high",
      "rundll32 comsvcs.dll MiniDump dumps a process's memory (lsass holds every logged-on user's credentials)",
      "sensitive_file_access",
    );
  const dll = (invocation.args[0]?.value ?? "").split(",")[0]!.trim();
  const name = dll.split("/").pop() ?? "";
  if (SYSTEM_DLL.test(name) && !LAUNCHING_EXPORT.test(text))
    return void signals.score.raise("medium", `rundll32 calls ${name}`);
  signals.score.raise(
    "high",
    SYSTEM_DLL.test(name)
      ? `rundll32 ${name} starts a program or runs an INF's commands: what runs is not read`
      : `rundll32 loads ${name || "a DLL"}: the code it runs is not known`,
  );
};

const regsvr32: Rule = (invocation, { signals }) => {
  const args = values(invocation.args);
  // `regsvr32 /?` alone shows its usage and registers nothing
  if (args.length === 1 && /^[-/]\?$/.test(args[0]!)) return void signals.score.raise("none", "");
  const install = args.find((arg) => /^[-/]i:/i.test(arg));
  const target = install?.replace(/^[-/]i:/i, "") ?? "";
  if (REMOTE.test(target)) return remoteCode(signals, "regsvr32", target);
  if (install || args.some((arg) => /scrobj/i.test(arg)))
    return void signals.score.raise(
      "high",
      "regsvr32 runs a scriptlet (/i: … scrobj.dll): what it runs is not read",
    );
  // Windows' own DLLs (a bare name is looked up in the system directory first, or a path under
  // C:\Windows) are the documented use: re-registering a component of the system
  const dll =
    positionals(invocation.args).find((word) => /\.(dll|ocx|ax|cpl)$/i.test(word.value))?.value ?? "";
  if (dll && (!dll.includes("/") || /^([a-z]:|\/mnt\/[a-z])?\/windows\//i.test(dll)))
    return void signals.score.raise("medium", `regsvr32 registers ${dll}, a DLL of the system directory`);
  signals.score.raise(
    "high",
    `regsvr32 registers ${dll || "a DLL"} from outside the system directories: its registration code runs`,
  );
};

/** `/?`, `-?`, `/h`, `/help`: the usage asked for. */
const HELP = /^([-/](\?|h|help)|--help)$/i;

/** Hosts that load an assembly, a DLL or an INF and run what it holds. */
function loader(reason: string): Rule {
  return (invocation, { signals }) => {
    const remote = values(invocation.args).find((arg) => REMOTE.test(arg.replace(/^[-/]\w+:/, "")));
    if (remote) return remoteCode(signals, invocation.program, remote);
    // `cmstp /?`: the usage, nothing loaded
    if (invocation.args.length === 1 && HELP.test(invocation.args[0]!.value))
      return void signals.score.raise("low", `${invocation.program} prints its usage`);
    signals.score.raise("high", `${invocation.program} ${reason}: what it runs is not known`);
  };
}

/** A library: its code runs inside the host that loads it (as `regsvr32 x.dll` runs a DLL's). */
const LIBRARY = /\.(dll|ocx)['"]?$/i;
/** The .NET Framework's and Windows' own directories: their assemblies are the system's. */
const SYSTEM_ASSEMBLY = /^['"]?([a-z]:|\/mnt\/[a-z])?\/windows\//i;

/**
 * The .NET assembly tools (`installutil`, `regasm`, `regsvcs`), judged by what they are handed,
 * not by name: the usage, or registry entries written to a file (`regasm /regfile:`), change
 * nothing; a program's installers run from the disk install it, as a package from the disk is
 * (medium); a library's installer or registration code is run as `regsvr32` runs a DLL's (high,
 * medium for the system's own); from a share, a place anyone can write or a URL, the code is not
 * this machine's (high, critical).
 */
function assemblyTool(what: string): Rule {
  return (invocation, { signals }) => {
    const args = values(invocation.args);
    const { program } = invocation;
    const remote = args.find((arg) => REMOTE.test(arg.replace(/^[-/]\w+[:=]/, "")));
    if (remote) return remoteCode(signals, program, remote);
    if (windowsHandoff(program, args, signals)) return;
    const files = args.filter(
      (arg) => !/^[-/]/.test(arg) || arg.startsWith("//") || SYSTEM_ASSEMBLY.test(arg),
    );
    if (args.some((arg) => HELP.test(arg)))
      return void signals.score.raise(
        files.length > 0 ? "medium" : "low",
        files.length > 0
          ? `${program} loads ${files[0]} to print its installers' usage`
          : `${program} prints its usage`,
      );
    // `regasm x.dll /regfile:x.reg` writes the entries to a file and changes no registry
    if (
      args.some((arg) => /^\/regfile(:|$)/i.test(arg)) &&
      !args.some((arg) => /^\/(u|unregister|tlb)(:|$)/i.test(arg))
    )
      return void signals.score.raise("medium", `${program} writes registry entries to a file`);
    const library = files.find((file) => LIBRARY.test(file));
    if (library && !SYSTEM_ASSEMBLY.test(library))
      return void signals.score.raise(
        "high",
        `${program} runs the ${what} code of the library ${library.slice(0, 60)} (as regsvr32 runs a DLL's): what it runs is not known`,
      );
    signals.score.raise(
      "medium",
      `${program} runs the ${what} code of ${files[0] ?? "an installed assembly"}, as a package from the disk`,
    );
  };
}

/** odbcconf: a DLL registered or a response file run is code; a data source configured is settings. */
const odbcconf: Rule = (invocation, context) => {
  const text = values(invocation.args).join(" ");
  if (
    /\b(regsvr|installdriver|installtranslator|installdll)\b|(^|\s)[-/]f(\s|$)/i.test(text) ||
    REMOTE.test(text)
  )
    return loader("registers a DLL or runs a response file")(invocation, context);
  context.signals.score.raise("medium", "odbcconf configures a data source");
};

const msiexec: Rule = (invocation, { signals }) => {
  const args = lower(invocation.args);
  const remote = values(invocation.args).find((arg) => REMOTE.test(arg));
  if (remote) return remoteCode(signals, "msiexec", remote);
  // `/y` and `/z` call a DLL's self-registration: its code runs, as regsvr32's does
  if (args.some((arg) => /^[-/][yz]$/.test(arg)))
    return void signals.score.raise("high", "msiexec /y|/z runs a DLL's registration code");
  const share = values(invocation.args).find((arg) => arg.startsWith("//"));
  if (share) return remoteCode(signals, "msiexec", share);
  // a package from the disk installed, patched, repaired or removed: a package install, which the
  // level table rates medium without sudo (Windows asks for elevation itself when the package needs it)
  if (args.some((arg) => /^[-/](i|package|a|x|uninstall|f\w*|j\w*|update|p)$/.test(arg)))
    return void signals.score.raise("medium", "msiexec installs, patches or removes a package from the disk");
  signals.score.raise("medium", "msiexec");
};

const PROJECT = /\.(sln|slnx|csproj|vbproj|fsproj|vcxproj|proj|props|targets|sqlproj|wixproj)$/i;

/** msbuild of a project is a build; of any other file, its inline tasks are code run as given. */
const msbuild: Rule = (invocation, { signals }) => {
  const files = positionals(invocation.args).filter(
    (word) => !/^\//.test(word.value) || /\.\w+$/.test(word.value),
  );
  const other = files.find((word) => !PROJECT.test(word.value) && /\.\w+$/.test(word.value));
  if (other)
    return void signals.score.raise(
      "high",
      `${invocation.program} runs ${other.value}, which is not a project: its inline tasks are code`,
    );
  signals.score.raise("medium", `${invocation.program} builds a project`);
};

/** `pcalua -a PROGRAM [-c ARGS]`: PROGRAM runs with ARGS. */
const pcalua: Rule = (invocation, context) => {
  const args = values(invocation.args);
  const at = args.findIndex((arg) => /^-a$/i.test(arg));
  context.signals.score.raise("medium", "pcalua runs a program");
  if (at < 0 || !args[at + 1]) return;
  const given = args.findIndex((arg) => /^-c$/i.test(arg));
  const rest = given >= 0 && args[given + 1] ? args[given + 1]!.split(/\s+/) : [];
  nestedCommand([args[at + 1]!, ...rest], "pcalua runs", context);
};

/** Options of psexec-like tools that take a value. */
const PSEXEC_VALUES = /^[-/](u|p|w|n|r|a|priority)$/i;

/** `psexec [\\host] [-s] [-u U -p P] CMD …`: CMD runs, as SYSTEM with -s, on another host with \\host. */
const psexec: Rule = (invocation, context) => {
  const args = values(invocation.args);
  const { score } = context.signals;
  if (args.some((arg) => /^[-/]s$/i.test(arg)))
    score.raise(
      "critical",
      `${invocation.program} -s runs as SYSTEM (privilege escalation)`,
      "privilege_escalation",
    );
  else if (args.some((arg) => /^[-/]u$/i.test(arg)))
    score.raise("high", `${invocation.program} -u runs the command as another account (with its rights)`);
  const host = args.find((arg) => /^\/\/[\w.$-]+/.test(arg));
  score.raise(
    "medium",
    host ? `${invocation.program} runs a command on ${host}` : `${invocation.program} runs a command`,
  );
  let i = 0;
  while (i < args.length && (/^[-/]/.test(args[i]!) || /^\/\//.test(args[i]!))) {
    i += PSEXEC_VALUES.test(args[i]!) ? 2 : /^-i$/i.test(args[i]!) && /^\d+$/.test(args[i + 1] ?? "") ? 2 : 1;
  }
  nestedCommand(args.slice(i), `${invocation.program} runs`, context);
};

/** Editors and viewers: a file they open is text to them. */
const EDITOR =
  /^(notepad|notepad\+\+|wordpad|write|code|code-insiders|vim|nvim|gvim|nano|emacs|more|less|cat|type|get-content|gc|findstr|sublime_text|subl)$/;

/**
 * Script text or a scriptlet handed to a program no table names (`javascript:…`, `script:URL`,
 * `/i:x.sct`, `x.wsc`): code the line does not show. True (high, critical from a URL) when found.
 */
export function scriptHandoff(program: string, argv: string[], signals: Signals): boolean {
  // `%LOCALAPPDATA:~-3,1%md`: cmd.exe builds the program's name from a variable at run time
  // … or from a variable (`!MB!` under `cmd /V`, `%X%`): `%COMSPEC%` is cmd.exe
  if (/%[^%\s]*:[~=][^%]*%/.test(program) || /^(![\w]+!|%(?!comspec%)\w+%)$/i.test(program)) {
    signals.score.raise(
      "high",
      `runs a program cmd.exe names at run time (${program.slice(0, 40)}): what runs is unknown`,
    );
    return true;
  }
  const handed = argv.find(
    (arg) =>
      INLINE_SCRIPT.test(arg) ||
      /^script:/i.test(arg) ||
      /^[-/]\w+:.*\.(sct|hta|wsf|wsc|xsl)$/i.test(arg) ||
      // scriptlets are code whatever carries them (`te.exe bypass.wsc`), unless an editor opens them
      (/^[^-/][^\s]*\.(sct|wsc|hta)['"]?$/i.test(arg) && !EDITOR.test(program)),
  );
  if (!handed) return false;
  const target = handed.replace(/^(script|[-/]\w+):/i, "");
  if (REMOTE.test(target) || /script:(https?|ftp):\/\//i.test(handed)) {
    remoteCode(signals, program, target.replace(/^.*?script:/i, ""));
    return true;
  }
  signals.score.raise(
    "high",
    `${program} is handed script text or a scriptlet (${handed.slice(0, 40)}): what it runs is not read`,
  );
  return true;
}

export const WINDOWS_EXEC_RULES: RuleTable = {
  ...WINDOWS_INVOKE_RULES,
  mshta: scriptHost("an HTML application"),
  cscript: scriptHost("a script"),
  wscript: scriptHost("a script"),
  hh: scriptHost("a help file"),
  msxsl: scriptHost("an XSL transform (its script blocks)"),
  rundll32,
  regsvr32,
  msiexec,
  msbuild,
  cmstp: loader("installs a connection profile whose INF runs commands"),
  odbcconf,
  mavinject: loader("injects a DLL into a running process"),
  installutil: assemblyTool("installer"),
  regasm: assemblyTool("registration"),
  regsvcs: assemblyTool("registration"),
  "register-cimprovider": loader("loads a DLL as a WMI provider"),
  syncappvpublishingserver: loader("runs the PowerShell given as its argument"),
  infdefaultinstall: loader("installs an INF, running the commands it lists"),
  "microsoft.workflow.compiler": loader("compiles and runs the workflow code in a file"),
  "syncappvpublishingserver.vbs": loader("runs the PowerShell given as its argument"),
  ieexec: loader("runs a .NET program from a URL"),
  pcalua,
  psexec,
  psexec64: psexec,
  paexec: psexec,
  ...WINDOWS_TRANSFER_RULES,
};
