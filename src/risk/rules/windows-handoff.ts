/**
 * What a Windows program no rule names is pointed at and told to do (docs/risk.md, "Windows:
 * what a program is pointed at"). Its name says nothing; its arguments say what it reaches: a
 * command shell or script host handed over to start (what it runs, and with which rights, is not
 * on the line), code from a share or from the places anyone can write (`C:\Users\Public`, a
 * temporary directory, ProgramData, AppData, `C:\Windows\Tasks`), a DLL's export to load, the
 * SYSTEM account to impersonate, a password hash to log on with, a process's whole memory to
 * dump. Each is high (SYSTEM critical); a program given none of them stays as the general model
 * judges it. Shared with the judge of programs no table names (unknown-program.ts, through
 * windows.ts's `windowsCmdlet`).
 */
import type { Signals } from "../signals.js";
import { SYSTEM_PROCESS } from "./windows-words.js";

/**
 * Programs that look a name up, read a file's headers, or pack, copy and hash files as data:
 * naming a shell or a program to them runs nothing.
 */
const LOOKUP =
  /^(where|whereis|file|stat|sigcheck\w*|strings\w*|dumpbin|get-\w+|test-\w+|findstr|find|makecab|diantz|expand|extrac32|tar|7z|7za|compact|esentutl|replace|attrib|signtool|sn|ildasm)$/;
/**
 * Programs named for moving, copying, renaming, deleting or hashing files (`movefile`, `sdelete`,
 * `robocopy`, `hashdeep`): the files they are handed are data to them, not code they start.
 */
const FILE_MOVER = /^(\w*(move|copy|rename|delete|hash)\w*|xcopy|del|erase)$/;
/** Options that say the file after them is data: hashed, listed, compared, written, logged. */
const DATA_OPTION =
  /^[-/]{1,2}(add|list|verify|check|hash|sum|compare|diff|xml|out|output|o|log|logfile|report|save|export|inspect|info|analy[sz]e)$/i;
/** Terminals: they start shells. */
const TERMINAL =
  /^(wt|windowsterminal|openconsole|conemu\w*|cmder|alacritty|wezterm\w*|mintty|tabby|hyper|kitty|terminal)$/;
/** `dir/file.txt:stream.exe` (not a drive, a URL, a port or `Zone.Identifier`). */
const ALTERNATE_STREAM = /^(?:[a-z]:)?[^:]*\.[a-z0-9]{1,5}:(?!zone\.identifier$)[\w.-]*[a-z][\w.-]*$/i;
/** Command shells and script hosts, by file name. */
const SHELL = /^(cmd|powershell|pwsh|cscript|wscript|mshta|rundll32|regsvr32|conhost)(\.exe)?$/i;
const SHELL_NAMES = ["cmd", "powershell", "pwsh", "script", "mshta", "rundll32", "regsvr32", "conhost"];
/** Files whose content runs: programs, libraries, scripts, installers, control-panel items. */
const CODE_FILE =
  /\.(exe|dll|bat|cmd|ps1|psm1|vbs|vbe|js|jse|hta|sct|wsf|wsc|cpl|scr|msi|inf|xsl|xll|ocx|sys|com|pif|lnk|appx|msix)$/i;
/** Places anyone on the machine can write: code kept there is not the machine's own. */
const DROP_PLACE =
  /(^|\/)(temp|tmp|programdata|public|appdata|downloads|perflogs|\$recycle\.bin|windows\/(tasks|temp|tracing)|spool\/drivers\/color)(\/|$)/i;

/**
 * A program started from another machine's share (`\\\\host\\share\\tool.exe`, after the path
 * rewrite `//host/share/tool.exe`) or from an alternate data stream (`C:\\ads\\f.txt:x.exe`): code
 * that is not this machine's, or hidden in another file. True (and high) when it is.
 */
export function runsFromHiding(path: string, signals: Signals): boolean {
  if (path.startsWith("//") && /^\/\/[\w.$-]+\/./.test(path)) {
    signals.score.raise("high", `runs ${path.slice(0, 60)} from another machine's share`, "network_request");
    return true;
  }
  if (path.includes(":") && ALTERNATE_STREAM.test(path)) {
    signals.score.raise("high", `runs ${path.slice(0, 60)}, kept in an alternate data stream`);
    return true;
  }
  return false;
}

/** True for a path into an alternate data stream (`C:\\ads\\f.txt:payload.exe`), its option name aside. */
export function inAlternateStream(word: string): boolean {
  return word.includes(":") && ALTERNATE_STREAM.test(bare(word));
}

/** A word with its option name and quotes taken off (`-p:"C:\x.exe"` → `C:/x.exe`). */
function bare(word: string): string {
  return word
    .replace(/^([-/][\w-]+[:=]|\w+=)/, "")
    .replace(/^['"]|['"]$/g, "")
    .replace(/\\/g, "/");
}

/** The first finding about what `program` is handed, raised; true when one was. */
export function windowsHandoff(program: string, argv: string[], signals: Signals): boolean {
  const { score } = signals;
  const words = argv.map(bare);
  // `tasklist /fi "USERNAME ne NT AUTHORITY\SYSTEM"`: a lister's filter selects what is shown
  const text = (
    program === "tasklist" ? argv.filter((_, i) => !/^[-/]fi$/i.test(argv[i - 1] ?? "")) : argv
  ).join(" ");
  // every program no table names passes here: each check is behind a literal one (patterns
  // compile on first use, and a hook call is a fresh process)
  const lower = text.toLowerCase();
  // `Tokenvator getsystem cmd.exe`, `incognito execute -c "NT AUTHORITY\SYSTEM" cmd`,
  // `Invoke-TokenManipulation -ImpersonateUser -Username "NT AUTHORITY\SYSTEM"`
  if (
    (lower.includes("system") || lower.includes("impersonat")) &&
    /nt authority[\\/ ]+system|(^|\s)(getsystem|-impersonateuser|-impersonate)(\s|$)/i.test(text)
  ) {
    score.raise(
      "critical",
      `${program} runs as or impersonates SYSTEM (privilege escalation)`,
      "privilege_escalation",
    );
    return true;
  }
  // `SharpGPOAbuse --AddLocalAdmin`, `StandIn --grant "SeDebugPrivilege"`, `Invoke-X -NewUser u`:
  // administrator rights, a Windows privilege or a new account handed out
  if (
    (lower.includes("admin") || lower.includes("privilege") || lower.includes("newuser")) &&
    (/(^|\s)[-/]{1,2}(addlocaladmin|localadmin|newuser|addusertogroup)(\s|$)/i.test(text) ||
      (/\bse\w+privilege\b/i.test(text) && /(^|\s)[-/]{1,2}(grant|add\w*|set\w*rights?)(\s|$)/i.test(text)))
  ) {
    score.raise(
      "critical",
      `${program} grants administrator rights, a privilege or a new account`,
      "privilege_escalation",
    );
    return true;
  }
  // `SharpSuccessor /impersonate:Administrator`, `Certify request /altname:domadmin`: acting as,
  // or getting a certificate in the name of, another account
  if (
    (lower.includes("impersonat") || lower.includes("altname")) &&
    /(^|\s)[-/]{1,2}(impersonate(user)?|altname)[:=]\S/i.test(text)
  ) {
    score.raise(
      "critical",
      `${program} acts as another account or obtains its certificate (privilege escalation)`,
      "privilege_escalation",
    );
    return true;
  }
  // `Invoke-AmsiBypass`, `Invoke-PsUACme`, `Copy-FileSeBackupPrivilege`: the name says a defence
  // is bypassed or a privilege used to get around file permissions
  // `makecab x.exe C:\ads\cab.txt:x.cab`, `print /D:C:\ads\f.txt:f.exe f.exe`: code or data hidden
  // in an alternate data stream of another file
  const stream = words.find((word) => word.includes(":") && ALTERNATE_STREAM.test(word));
  if (stream) {
    score.raise(
      "high",
      `${program} reaches an alternate data stream (${stream.slice(0, 60)}): hidden inside another file`,
    );
    return true;
  }
  if (!/^(get|test)-/.test(program) && /bypass|uacme|se\w+privilege/i.test(program)) {
    score.raise("high", `${program}: its name says it bypasses a defence or uses a privilege`);
    return true;
  }
  // `Invoke-Nightmare -DLL C:\x.dll`, `dnscmd … /serverlevelplugindll x.dll`, `wuauclt
  // /UpdateDeploymentProvider x.dll`: an option that says it loads a DLL, or a DLL given to an
  // option named for plug-ins, providers, injection or loading
  const dll = argv.findIndex(
    (word, i) =>
      /^[-/]{1,2}dll([:=].+)?$/i.test(word) ||
      (/^[-/]{1,2}\w*(dll|plugin|provider|inject|load)\w*([:=].+)?$/i.test(word) &&
        /\.(dll|ocx)['"]?$/i.test(/[:=]/.test(word) ? word : (argv[i + 1] ?? ""))),
  );
  // a reading cmdlet (`Get-DllLoadPath -DllName x.dll`) names the DLL it reports on
  if (
    dll >= 0 &&
    !/^(get|test|find|resolve)-/.test(program) &&
    (argv[dll]!.includes(":") || argv[dll]!.includes("=") || argv[dll + 1])
  ) {
    score.raise("high", `${program} is told to load a DLL: what it runs is not known`);
    return true;
  }
  // `evil-winrm -H <NT hash>`, `tool /rc4:<hash>`, `--hashes LM:NT`: logging on with a hash
  const hash = !argv.some((word) => word.length >= 32)
    ? -1
    : argv.findIndex(
        (word, i) =>
          /^([-/](rc4|ntlm|aes128|aes256|des|hash|nthash)[:=])[0-9a-f]{32,64}$/i.test(word) ||
          (/^(-h|--hash(es)?|-hashes|--nt-hash|-nthash)$/i.test(word) &&
            /^([0-9a-f]{32}:)?[0-9a-f]{32}$/i.test(argv[i + 1] ?? "")),
      );
  if (hash >= 0) {
    score.raise("high", `${program} logs on with a password hash (pass-the-hash)`, "sensitive_file_access");
    return true;
  }
  // `rdrleakdiag /p 940 /fullmemdmp`, `DumpMinitool --processId 1132 --dumpType Full`: a process's
  // whole memory holds what it holds — lsass holds every logged-on user's credentials
  const dumps = lower.includes("dump") || lower.includes("dmp") || lower.includes("ma");
  // `sqldumper 464 0 0x0110`, `dump64 <pid> out.dmp`: a tool named for dumps pointed at a process id
  if (
    /dump/.test(program) &&
    !/^(dumpbin|tcpdump|windump|mysqldump|pg_dump\w*|tshark)$/.test(program) &&
    // systemd's `coredumpctl info|list PID` reads the journal's record of a crash, dumps nothing
    !(program === "coredumpctl" && /^(info|list|ls)$/.test(words[0] ?? "")) &&
    words.some((word) => /^\d{2,6}$/.test(word))
  ) {
    score.raise(
      "high",
      `${program} dumps a process by its id (credentials, if it is lsass)`,
      "sensitive_file_access",
    );
    return true;
  }
  const fullDump =
    dumps &&
    words.some((word) =>
      /^(-ma|\/ma|-mp|\/fullmemdmp|-dumpfull|--fulldump|fullmemdump|minidump)$/i.test(word),
    );
  const typed = dumps && /--?dumptype\s+['"]?full/i.test(text);
  if (
    (fullDump || typed) &&
    (words.some((word) => /^\d{2,6}$/.test(word)) || /(^|\s)(--?processid|--?pid|-p|\/p)(\s|$)/i.test(text))
  ) {
    score.raise(
      "high",
      `${program} dumps a process's whole memory (credentials, if it is lsass)`,
      "sensitive_file_access",
    );
    return true;
  }
  // `pskill lsass`, `pssuspend MsMpEng.exe`: a tool named for stopping or suspending processes,
  // pointed at a process of the system or its defences (as `taskkill /im lsass.exe`)
  const stopped =
    /kill|suspend|freeze|terminat/.test(program) && words.find((word) => SYSTEM_PROCESS.test(word));
  if (stopped) {
    score.raise("high", `${program} stops or suspends ${stopped}, a process of the system or its defences`);
    return true;
  }
  // `psloglist -c security`, `logtool --clear System`: a tool named for event logs told to clear
  // one of the machine's own logs (what happened on it is gone, as `wevtutil cl`)
  if (/log/.test(program) && /security|system|application|sysmon/.test(lower)) {
    const log = words.find((word) =>
      /^(security|system|application|microsoft-windows-sysmon\/operational)$/i.test(word),
    );
    if (log && argv.some((word) => /^([-/]c|--?clear|cl|clear)$/i.test(word))) {
      score.raise("critical", `${program} clears the ${log} event log`, "system_modification");
      return true;
    }
  }
  // `devcon install x.inf HWID`, `devcon update x.inf HWID`, `tool /add-driver x.inf`: a driver
  // installed from an INF is kernel code the system loads from now on (as `pnputil /add-driver`)
  if (
    lower.includes(".inf") &&
    words.some((word) => /\.inf$/i.test(word)) &&
    argv.some((word) => /^[-/]{0,2}(install|update|updateni|add-driver|dp_add)$/i.test(word))
  ) {
    score.raise("critical", `${program} installs or updates a driver from an INF`, "system_modification");
    return true;
  }
  // a terminal starting a shell is what a terminal is for
  if (LOOKUP.test(program) || FILE_MOVER.test(program) || TERMINAL.test(program)) return false;
  // `JuicyPotato -p C:\Windows\System32\cmd.exe`, `PrintSpoofer -c cmd`, `wt.exe cmd`
  const named = SHELL_NAMES.some((name) => lower.includes(name));
  const shell = named && words.find((word) => SHELL.test(word.split(/\s+/)[0]!.split("/").pop() ?? ""));
  if (shell) {
    score.raise(
      "high",
      `${program} is handed a command shell or script host to start (${shell.slice(0, 60)}): what it runs, and as whom, is not known`,
    );
    return true;
  }
  // `SharpPrintNightmare \\host\share\x.dll`, `tool C:\Users\Public\a.dll,Start`, `-p C:\Temp\nc.exe`;
  // not a file given to an option that says it is data (`fciv -add C:\temp\x.dll`, `-xml`, `-out`)
  const code =
    lower.includes(".") &&
    words.find(
      (word, i) =>
        (CODE_FILE.test(word.replace(/,[^/]*$/, "")) &&
          (word.startsWith("//") || DROP_PLACE.test(word)) &&
          !DATA_OPTION.test(argv[i - 1] ?? "")) ||
        /\.(dll|ocx|cpl)\s*,\s*#?\w+/i.test(word),
    );
  if (code) {
    score.raise(
      "high",
      `${program} is handed code ${code.startsWith("//") ? "from a share" : code.includes(",") ? "to load (a DLL's export)" : "from a place anyone can write"} (${code.slice(0, 60)}): what it runs is not known`,
    );
    return true;
  }
  return false;
}
