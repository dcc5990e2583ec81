/**
 * Windows tools whose danger is in the verb they are given (docs/risk.md, "Windows: what a
 * program is pointed at"): `runas` (another account: as `su`), DISM on the running system (a
 * system package change) or an image file (a file), Defender's command line (definitions removed
 * or a quarantined file restored, against a scan), the control programs of security agents
 * (disable, uninstall, stop: the machine's defence taken down), and DNS lookups (a question to a
 * resolver, not a connection to the host it names). Registered through windows-system.ts.
 */
import type { Rule, RuleTable } from "../command/rule.js";
import { staticWord } from "../shell-model.js";
import { credentialDump } from "./windows-credentials.js";
import { windowsHandoff } from "./windows-handoff.js";
import {
  bootrec,
  caspol,
  citool,
  compact,
  manageBde,
  mountvol,
  notmyfault,
  strongName,
} from "./windows-protection.js";

const values = (invocation: Parameters<Rule>[0]) => invocation.args.map((word) => word.value);

/** `runas /user:X CMD`: CMD runs as X (as `su -c`); `/netonly` lends X's credentials to the network only. */
const runas: Rule = (invocation, context) => {
  const args = values(invocation);
  const { score } = context.signals;
  if (args.some((arg) => /^\/(\?|help)$/i.test(arg))) return void score.raise("low", "runas help");
  if (args.some((arg) => /^\/netonly$/i.test(arg)))
    score.raise("high", "runas /netonly uses another account's credentials on the network");
  else
    score.raise(
      "critical",
      "runas runs a program as another account (privilege escalation, as su)",
      "privilege_escalation",
    );
  const program = args.filter((arg) => !arg.startsWith("/") || arg.startsWith("//")).pop();
  if (program) context.nested(staticWord(program), "runas starts");
};

/** DISM: `/Online` changes this machine's packages and features; `/Image:` an offline image; `/Get-*` reads. */
const dism: Rule = (invocation, { signals }) => {
  const args = values(invocation).map((arg) => arg.toLowerCase());
  // health checks read; a repair or a component clean-up fixes the image from Windows Update
  if (args.some((arg) => /^\/(checkhealth|scanhealth|analyzecomponentstore)$/.test(arg)))
    return void signals.score.raise("none", "");
  if (args.some((arg) => /^\/(restorehealth|startcomponentcleanup)$/.test(arg)))
    return void signals.score.raise("medium", "dism repairs or cleans the system image");
  const verbs = args.filter((arg) =>
    /^\/(add|remove|enable|disable|set|apply|import|cleanup|restorehealth|reset|uninstall|install|export|commit|mount|unmount)/.test(
      arg,
    ),
  );
  if (verbs.length === 0 || args.some((arg) => arg === "/?")) return void signals.score.raise("none", "");
  if (args.includes("/online"))
    return void signals.score.raise(
      "critical",
      `dism ${verbs[0]} changes this machine's Windows packages or features`,
      "system_modification",
    );
  signals.score.raise("medium", `dism ${verbs[0]} changes a Windows image file`);
};

/** MpCmdRun (Defender): definitions removed or a quarantined threat restored lower it; scans use it. */
const mpcmdrun: Rule = (invocation, { signals }) => {
  const args = values(invocation).map((arg) => arg.toLowerCase());
  if (args.some((arg) => /^-(removedefinitions|disableservice|restore)$/.test(arg)))
    return void signals.score.raise(
      "critical",
      "MpCmdRun removes Defender's definitions or restores a quarantined threat",
      "system_modification",
    );
  const url = args.indexOf("-url");
  if (args.includes("-downloadfile") && url >= 0) {
    signals.network(values(invocation)[url + 1] ?? "", "GET", "command");
    const path = args.indexOf("-path");
    if (path >= 0) signals.download(values(invocation)[path + 1] ?? "");
    return;
  }
  signals.score.raise("low", "MpCmdRun runs a Defender scan or update");
};

/** Control programs of security agents: turning one off is taking the machine's defence down. */
const securityAgent: Rule = (invocation, { signals }) => {
  const args = values(invocation).map((arg) => arg.toLowerCase());
  if (
    args.some((arg) =>
      /^(-{0,2}|\/)(disable|uninstall|unload|stop|remove|unprotect|off|kill|pause)$/.test(arg),
    )
  )
    return void signals.score.raise(
      "critical",
      `${invocation.program} ${args.find((arg) => /disable|uninstall|unload|stop|remove|unprotect|off|kill|pause/.test(arg))} takes a security agent down`,
      "system_modification",
    );
  signals.score.raise("medium", `${invocation.program} controls a security agent`);
};

/** regedit /s and regini import keys from a file (what they change is not on the line); /e exports. */
const registryImport: Rule = (invocation, { signals }) => {
  const args = values(invocation).map((arg) => arg.toLowerCase());
  if (invocation.program === "regedit" && (args.length === 0 || args.some((arg) => /^[-/](e|a)$/.test(arg))))
    return void signals.score.raise("low", "regedit exports keys or opens the editor");
  signals.score.raise(
    "high",
    `${invocation.program} imports registry keys from a file: what it changes is not on the line`,
  );
};

/**
 * The directory's command-line tools: `dsadd`, `dsmod`, `dsmove`, `dsrm` change accounts and
 * objects every joined machine trusts (critical); `ldifde -i`/`csvde -i` import changes from a
 * file (critical); `dsquery`, `dsget` and the exports read.
 */
const directoryTool: Rule = (invocation, { signals }) => {
  const args = values(invocation).map((arg) => arg.toLowerCase());
  const imports = /^(ldifde|csvde)$/.test(invocation.program) && args.some((arg) => /^[-/]i$/.test(arg));
  if (/^ds(add|mod|move|rm)$/.test(invocation.program) || imports)
    return void signals.score.raise(
      "critical",
      `${invocation.program} changes the directory (accounts and objects every joined machine trusts)`,
      "system_modification",
    );
  // `dsquery * -filter "(ms-Mcs-AdmPwd=*)" -attr ms-Mcs-AdmPwd`: a LAPS or gMSA password read out
  if (credentialDump(invocation.program, values(invocation), signals)) return;
  signals.score.raise("none", "");
};

/** `tscon 2 /dest:console`: another logged-on user's session attached to this console (taken over). */
const tscon: Rule = (invocation, { signals }) => {
  const args = values(invocation);
  if (args.length === 0 || args.some((arg) => /^\/\?$/.test(arg)))
    return void signals.score.raise("low", "tscon help");
  signals.score.raise(
    "high",
    "tscon attaches another session to this console (a logged-on user's session taken over)",
  );
};

/**
 * Programs that copy or unpack a file (`esentutl /y SRC /d DEST`, `expand SRC DEST`, `extrac32 /c
 * SRC DEST`): from another machine's share the copy is a download, remembered (running it later
 * in the line is a download run); what they are handed is judged as for any program.
 */
const copier: Rule = (invocation, context) => {
  const { signals } = context;
  const argv = values(invocation);
  if (credentialDump(invocation.program, argv, signals) || windowsHandoff(invocation.program, argv, signals))
    return;
  const files = argv.filter((arg) => !/^[-/][\w?]*(:.*)?$/.test(arg) || arg.startsWith("//"));
  const destination = argv[argv.findIndex((arg) => /^\/d$/i.test(arg)) + 1] ?? files.at(-1);
  const share = files.find((arg) => arg.startsWith("//"));
  if (share && destination && destination !== share) {
    signals.network(`smb:${share}`, "GET", "command");
    signals.download(destination);
  }
  signals.score.raise("medium", `${invocation.program} copies or unpacks files`);
};

/** `forfiles … /c "cmd /c …"`: the command runs for each file (registered here for size). */
const forfiles: Rule = (invocation, context) => {
  const args = values(invocation);
  const at = args.findIndex((arg) => /^[-/]c$/i.test(arg));
  context.signals.score.raise("medium", "forfiles runs a command for each file");
  if (at < 0 || !args[at + 1]) return;
  const command = args[at + 1]!;
  // with /s a delete runs on every file under /p: the tree is deleted, as `rm -r` would, unless
  // a mask or a date narrows which files (`/m *.log`, `/d -30`), as `find -name … -delete`
  const option = (name: RegExp) => {
    const i = args.findIndex((arg) => name.test(arg));
    return i < 0 ? undefined : args[i + 1];
  };
  const root = option(/^[-/]p$/i) ?? ".";
  const mask = option(/^[-/]m$/i) ?? "*";
  const narrowed = !/^['"]?\*(\.\*)?['"]?$/.test(mask) || args.some((arg) => /^[-/]d$/i.test(arg));
  if (
    !narrowed &&
    args.some((arg) => /^[-/]s$/i.test(arg)) &&
    /(^|[\s"/])(del|erase|rd|rmdir|rm|remove-item)(\.exe)?\s/i.test(command)
  )
    return void context.nested(
      staticWord(`rm -r -f -- '${root.replace(/'/g, `'\\''`)}'`),
      "forfiles /s deletes each file under",
    );
  context.nested(staticWord(command.replace(/@\w+/g, "x")), "forfiles runs");
};

/**
 * `klist purge`, `klist -li 0x3e7 purge`: a logon session's Kerberos ticket cache emptied (the
 * tickets are asked for again at the next use, as `kdestroy` drops one's own); its other forms list.
 */
const klist: Rule = (invocation, { signals }) => {
  const args = values(invocation).map((arg) => arg.toLowerCase());
  if (args.includes("purge"))
    return void signals.score.raise("medium", "klist purge empties a logon session's ticket cache");
  signals.score.raise(
    args.includes("get") ? "low" : "none",
    args.includes("get") ? "klist get asks for a ticket" : "",
  );
};

/** `Resolve-DnsName x -Server 10.0.0.1`, `nslookup x 10.0.0.1`: a question to a resolver. */
const dnsLookup: Rule = (invocation, { signals }) => {
  signals.score.raise("low", `${invocation.program} asks a DNS resolver`);
};

/**
 * `sdelete [-s] PATH…`: Sysinternals' secure delete, judged as `rm` of the same paths (`-s`
 * recurses); `-c`/`-z` clean a drive's free space (its files stay: medium), but given a physical
 * disk's number they overwrite the whole disk.
 */
const secureDelete: Rule = (invocation, context) => {
  const args = values(invocation);
  const operands = args.filter((arg, i) => !/^[-/]/.test(arg) && !/^[-/]p$/i.test(args[i - 1] ?? ""));
  if (operands.length === 0) return void context.signals.score.raise("low", `${invocation.program}`);
  if (args.some((arg) => /^[-/][cz]$/i.test(arg))) {
    if (operands.some((arg) => /^\d+$/.test(arg)))
      return void context.signals.score.raise(
        "critical",
        `${invocation.program} overwrites physical disk ${operands.find((arg) => /^\d+$/.test(arg))} (a disk has no undo)`,
        "destructive_command",
      );
    return void context.signals.score.raise("medium", `${invocation.program} cleans a drive's free space`);
  }
  const recursive = args.some((arg) => /^[-/]s$/i.test(arg));
  const quoted = operands.map((path) => `'${path.replace(/'/g, `'\\''`)}'`).join(" ");
  context.nested(
    staticWord(`rm ${recursive ? "-r " : ""}-f -- ${quoted}`),
    `${invocation.program}${recursive ? " -s" : ""} overwrites and deletes`,
  );
};

/**
 * `movefile SRC DEST` (Sysinternals): a move scheduled for the next boot, judged as `mv`; an empty
 * destination (`""`) deletes SRC then, judged as `rm`.
 */
const bootMove: Rule = (invocation, context) => {
  const args = values(invocation);
  const [source, destination] = args;
  if (!source || /^[-/]\?$/.test(source)) return void context.signals.score.raise("low", "movefile");
  const quote = (path: string) => `'${path.replace(/'/g, `'\\''`)}'`;
  context.nested(
    staticWord(destination ? `mv -- ${quote(source)} ${quote(destination)}` : `rm -f -- ${quote(source)}`),
    `${invocation.program} at the next boot`,
  );
};

/**
 * WSL's own management (wrappers.ts hands the Linux commands it runs to their own rules):
 * `--unregister` deletes a distribution's whole file system, a physical disk mounted into Linux
 * is raw access to the device; installs, imports, exports, stops and settings are medium; lists,
 * status, version and help read.
 */
const wsl: Rule = (invocation, { signals }) => {
  const args = values(invocation).map((arg) => arg.toLowerCase());
  const option = args.find((arg) => arg.startsWith("-")) ?? "";
  if (/^--(list|status|version|help)$|^-[lv]$/.test(option)) return void signals.score.raise("none", "");
  if (option === "--unregister")
    return void signals.score.raise(
      "high",
      "wsl --unregister deletes a distribution's whole file system (its files, settings and software)",
      "destructive_command",
    );
  if (option === "--mount" && args.some((arg) => /physicaldrive\d/.test(arg)))
    return void signals.score.raise(
      "critical",
      "wsl --mount attaches a physical disk to Linux (raw access to the device)",
      "system_modification",
    );
  signals.score.raise("medium", `wsl ${option} manages WSL`);
};

/**
 * `setx /m NAME value`: a machine-wide environment variable (every user's, every service's PATH),
 * as a write under a system directory; without `/m` it sets the user's own (medium, as editing a
 * shell's start-up file).
 */
const setx: Rule = (invocation, { signals }) => {
  if (values(invocation).some((arg) => /^[/-]m$/i.test(arg)))
    return void signals.score.raise(
      "critical",
      "setx /m sets a machine-wide environment variable (every user and service)",
      "system_modification",
    );
  signals.score.raise("medium", "setx sets the user's own environment variable");
};

export const WINDOWS_TOOL_RULES: RuleTable = {
  setx,
  "manage-bde": manageBde,
  mountvol,
  citool,
  bootrec,
  caspol,
  compact,
  sn: strongName,
  ...Object.fromEntries(
    "notmyfault notmyfault64 notmyfaultc notmyfaultc64".split(" ").map((name) => [name, notmyfault]),
  ),
  sdelete: secureDelete,
  sdelete64: secureDelete,
  movefile: bootMove,
  movefile64: bootMove,
  wsl,
  runas,
  dism,
  mpcmdrun,
  tscon,
  regedit: registryImport,
  forfiles,
  esentutl: copier,
  expand: copier,
  extrac32: copier,
  ...Object.fromEntries(
    "dsadd dsmod dsmove dsrm dsquery dsget ldifde csvde".split(" ").map((name) => [name, directoryTool]),
  ),
  regini: registryImport,
  "resolve-dnsname": dnsLookup,
  nslookup: dnsLookup,
  klist,
  ...Object.fromEntries(
    "cytool elastic-agent elastic-endpoint sentinelctl falconctl xagt repcli"
      .split(" ")
      .map((name) => [name, securityAgent]),
  ),
};
