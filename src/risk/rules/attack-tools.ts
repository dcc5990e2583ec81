/**
 * Programs whose purpose is attack (docs/risk.md, "Attack tools by name"): the executables,
 * PowerShell modules and cmdlets, .NET assemblies and scripts of public offensive frameworks —
 * credential theft, Kerberos abuse, directory and certificate-service collection, share and
 * secret crawling, lateral movement, privilege escalation, coercion and relaying, command and
 * control, defence evasion. Running one is high whatever its sub-command (its `--help` and
 * `--version` stay low, as for any program): what it reads is what an attacker wants, and what it
 * changes is not said by a verb the general model knows. Built from public tool collections
 * (Flangvik/SharpCollection's list, GhostPack's repositories, PowerSploit's, Empire's and
 * Nishang's module lists, BloodHound's collectors, Impacket's examples); a family, not single
 * strings: a name is recognised whatever its case, path, file suffix, architecture suffix,
 * `Invoke-` wrapper (PowerSharpPack's `Invoke-Rubeus`) or `impacket-` prefix, and also when a
 * loader is handed the file (`execute-assembly Seatbelt.exe`, `Import-Module .\PowerView.ps1`,
 * a download of `…/PowerUp.ps1` run by `IEX`).
 */
import type { Signals } from "../signals.js";

/** Families of attack tools, each with the reason said when one runs. */
export const ATTACK_TOOLS: Record<string, { reason: string; names: string }> = {
  credentials: {
    reason: "steals credentials (passwords, hashes, tickets, tokens, browser and vault secrets)",
    names:
      "mimikatz mimikatz64 pypykatz safetykatz bettersafetykatz sharpkatz sharpsecdump secretsdump lsassy nanodump " +
      "handlekatz dumpert sharpdump outflankdumpert lazagne sharpdpapi sharpchrome sharpchromium sharpweb sharpcloud " +
      "getlapspassword getlapsv2password readlaps dpapi dpapidump systemdpapidump hekatomb regsecrets getbootkey " +
      "sharpsccm sharpsquid sharpcookiemonster keethief keefarce keepwn koh internalmonologue internal-monologue " +
      "sharplaps lapsdumper gmsapasswordreader gpppassword get-gpppassword get-cachedgpppassword get-sitelistpassword " +
      "get-vaultcredential get-passwordvaultcredentials get-credmancreds get-passhashes get-lsasecret get-wlan-keys " +
      "invoke-mimikatz invoke-mimikittenz invoke-credentialinjection invoke-credentialsphish invoke-ninjacopy " +
      "invoke-tokenmanipulation out-minidump install-ssp " +
      "copy-vss invoke-mimikatzwdigestdowngrade mimipenguin credninja pcredz sharpminidump sharpwifigrabber " +
      "lockless searchoutlook stickynotesextract thunderfox donpapi dploot ppldump sharpnamedpipepth adfsdump gmsadumper",
  },
  survey: {
    reason: "surveys a host for attack (saved credentials, defences, weak services and permissions)",
    names:
      "seatbelt hostenum invoke-hostenum jaws sharpedrchecker atyourservice sharpapplocker group3r grouper2",
  },
  spying: {
    reason: "spies on the user (keystrokes, screenshots, microphone, clipboard)",
    names: "get-keystrokes get-timedscreenshot get-microphoneaudio sharpclipboard invoke-keylogger",
  },
  kerberos: {
    reason: "abuses Kerberos (roasting, forged or stolen tickets, delegation)",
    names:
      "rubeus kekeo kerbrute sharproast getuserspns getnpusers gettgt getst ticketer ticketconverter raiseChild " +
      "invoke-kerberoast invoke-asreproast invoke-rubeus asreproast kerberoast krbrelay krbrelayup krbrelayx " +
      "sharpallowedtoact targetedkerberoast findDelegation getpac goldenpac keylistattack asreproaster",
  },
  directory: {
    reason:
      "collects the directory for attack paths (BloodHound collectors, AD and certificate-service enumerators)",
    names:
      "sharphound sharphound2 sharphound3 invoke-bloodhound bloodhound bloodhound-python bloodhound.py azurehound " +
      "rusthound adrecon invoke-adrecon ldapdomaindump windapsearch sharpview powerview standin adsearch sharpldap " +
      "certify certipy forgecert passthecert sharpgpoabuse pygpoabuse sharpad adcollector powermad invoke-aclscanner " +
      "invoke-userhunter invoke-stealthuserhunter invoke-enumeratelocaladmin find-localadminaccess " +
      "find-domainlocalgroupmember invoke-processhunter invoke-eventhunter get-domainspnticket find-interestingdomainacl " +
      "adidnsdump pywerview sharpzerologon zerologon nopac samtheadmin dacledit owneredit rbcd addcomputer badsuccessor exchanger " +
      "whisker pywhisker request-spnticket",
  },
  shares: {
    reason: "crawls shares for secrets",
    names:
      "snaffler sharpshares sharpdir sharpsearch trufflesnout sharefinder invoke-sharefinder invoke-filefinder find-domainshare " +
      "find-interestingdomainsharefile find-interestingfile finduncommonshares powerhuntshares invoke-huntsmbshares sharpfiles manspider",
  },
  movement: {
    reason: "moves laterally (runs code on other machines through WMI, SMB, DCOM, WinRM or RDP)",
    names:
      "sharpwmi sharpmove sharprdp sharpexec sharp-smbexec scshell sharpdcom sharpwsus wmiexec smbexec atexec " +
      "dcomexec psexec.py impacket-psexec crackmapexec cme nxc netexec evil-winrm invoke-smbexec invoke-wmiexec " +
      "invoke-thehash invoke-wmicommand invoke-dcom invoke-psremoting sharpnoPSExec sharpsphere sharpmapexec " +
      "sharpreg sharpsvc sharptask wmireg sharpcom sharpspray sharphose sharpdoor sharpchisel",
  },
  escalation: {
    reason: "escalates privileges (potato exploits, service and UAC abuse)",
    names:
      "sharpup powerup invoke-allchecks invoke-privesccheck privesccheck winpeas winpeasany winpeasx64 linpeas " +
      "juicypotato juicypotatong roguepotato sweetpotato godpotato badpotato efspotato localpotato printspoofer " +
      "rottenpotato rottenpotatong genericpotato beroot sharpbypassuac akagi uacme invoke-bypassuac " +
      "invoke-eventvwrbypass invoke-fodhelperbypass invoke-psuacme sharpimpersonation tokenvator incognito",
  },
  coercion: {
    reason: "coerces or relays authentication (spoofing name resolution, forcing a machine to authenticate)",
    names:
      "inveigh inveighzero invoke-inveigh invoke-inveighrelay inveigh-relay responder ntlmrelayx mitm6 petitpotam printerbug " +
      "spoolsample dfscoerce coercer shadowcoerce sharpspoolsample invoke-spoolsample",
  },
  control: {
    reason: "is a command-and-control implant, stager or payload builder",
    names:
      "msfconsole msfvenom meterpreter sliver-client sliver-server covenant havoc invoke-empire " +
      "invoke-psinject invoke-reflectivepeinjection invoke-dllinjection invoke-shellcode invoke-shellcodemsil " +
      "invoke-powershelltcp invoke-powershelltcponeline invoke-powershellicmp invoke-powershelludp invoke-psgcat " +
      "powercat invoke-conptyshell donut sharpshooter scarecrow nimcrypt nimplant add-persistence add-scrnsavebackdoor sharppersist " +
      "out-encodedcommand out-compresseddll out-encryptedscript invoke-obfuscation invoke-cradlecrafter",
  },
  evasion: {
    reason: "evades defences (AMSI, ETW, antivirus signatures, event logs)",
    names:
      "invoke-amsibypass amsitrigger find-avsignature defendercheck threatcheck invoke-phant0m sharpblock " +
      "sharpunhooker sharpevtmute invoke-evasion shhmon sharpcrasheventlog tokenstomp edrsandblast backstab " +
      "pplkiller purplesharp",
  },
  frameworks: {
    reason:
      "is an offensive framework's module collection (PowerSploit, Nishang, PowerSharpPack, PowerUpSQL)",
    names: "powersploit nishang powersharppack powerupsql invoke-sqlaudit invoke-sqloscmd",
  },
  cloud: {
    reason: "attacks a cloud tenant (Entra ID and Azure token abuse, secret dumping, password spraying)",
    names:
      "roadrecon roadtx roadtools aadinternals microburst get-azurepasswords invoke-enumerateazureblobs " +
      "invoke-enumerateazuresubdomains powerzure graphrunner tokentactics invoke-msolspray msolspray mfasweep " +
      "invoke-mfasweep trevorspray o365spray pacu stormspotter domainpasswordspray invoke-domainpasswordspray " +
      "sprayhound",
  },
  cracking: {
    reason: "guesses passwords (cracks stolen hashes, or tries logins against a service)",
    names: "john hashcat hashcat64 hashcat32 ophcrack rcrack rcracki_mt ncrack patator",
  },
  recon: {
    reason: "scouts a network for attack (host, DNS and web content sweeps of an attack framework)",
    names: "invoke-portscan invoke-reversednslookup get-httpstatus sharpscan invoke-sharpscan",
  },
};

/** Every name, lower-cased, to its family; built on the first command judged (a file or web call never needs it). */
let byName: Map<string, string> | null = null;
const BY_NAME = (): Map<string, string> =>
  (byName ??= new Map(
    Object.entries(ATTACK_TOOLS).flatMap(([family, { names }]) =>
      names.split(/\s+/).map((name) => [name.toLowerCase(), family] as [string, string]),
    ),
  ));

/** File suffixes a tool is run or loaded by (`.exe`, an assembly, a script, a module). */
const SUFFIX = /\.(exe|dll|ps1|psm1|psd1|py|sh|bin|bat|cmd|cs|vbs|js|hta|sct)$/i;
/** An architecture or build suffix (`nanodump.x64`, `SafetyKatz_x86`, `winPEASany_ofs`). */
const BUILD =
  /[._-]?(x64|x86|amd64|arm64|arm|i?386|win64|win32|64|32|ofs|obf|obfuscated|packed|net\d+|net|linux|windows|darwin|macos)$/i;

/** The family of the attack tool a word names (a program, path, file or URL), or null. */
export function attackToolFamily(word: string): string | null {
  const base = word
    .replace(/^['"(]+|['"),;]+$/g, "")
    .replace(/[?#].*$/, "")
    .split(/[\\/]/)
    .pop()!
    .toLowerCase();
  if (!base) return null;
  const plain = base.replace(SUFFIX, "");
  // `kerbrute_linux_amd64`: an operating system and an architecture, one after the other
  const built = plain.replace(BUILD, "").replace(BUILD, "");
  for (const name of [base, plain, built, plain.replace(/^impacket-/, "")]) {
    const family = BY_NAME().get(name);
    if (family) return family;
  }
  // AADInternals' cmdlets share an infix (`Get-AADIntAccessTokenForMSGraph`, `Invoke-AADIntReconAsOutsider`)
  if (/^[a-z]+-aadint[a-z]/.test(plain)) return "cloud";
  // PowerSharpPack and similar wrap an assembly as `Invoke-<Tool>` (`Invoke-Seatbelt`)
  const wrapped = plain.replace(/^invoke-/, "");
  return wrapped !== plain ? (BY_NAME().get(wrapped) ?? null) : null;
}

/**
 * Programs that load or run the file they are handed (`execute-assembly`, `Import-Module`, a
 * dot-source, `powershell -File`, `python`, `rundll32`): the file named is what runs.
 */
const LOADERS =
  /^(execute-assembly|inlineexecute-assembly|inline-execute-assembly|execute-pe|powerpick|psinject|import-module|ipmo|\.|&|powershell|pwsh|start-process|saps|start|python[23]?|py|dotnet|mono|rundll32|wine|iex|invoke-expression|invoke-item|ii|bash|sh|zsh|dash|ksh|source)$/;

/**
 * Sub-commands of attack tools that only list or compute (`Certify find`, `Rubeus triage`, `Rubeus
 * hash`, `SharpWMI action=query`, `noPac scan`, `Rubeus kerberoast /stats`): what they print is
 * what any user of the machine or the directory can read. A tool run without one (`SharpHound -c
 * All`, `Seatbelt -group=all`, `Snaffler -s`) runs its attack routine.
 */
const LISTING =
  /^(find|cas|pkiobjects|query|list|ls|ps|loggedon|triage|hash|describe|currentluid|logonsession|klist|scan|show|info)$/i;

/**
 * Options that only show what the tool has or how fast it is (`msfvenom -l payloads`, `--list
 * formats`, `--help-platforms`, `hashcat -b`, `hashcat -I`, `hydra -U smtp`, `john --status`,
 * `john --wordlist=w --rules --stdout`): no target, no credential input.
 */
const SHOWING =
  /^(-h|--help|-\?|--help-[\w-]+|-V|--version|-l|--list|--list-[\w-]+|--list=[\w,-]+|-I|--backend-info|-b|--benchmark|--benchmark-all|--status(=[\w-]+)?|--stdout(=\d+)?|-U|--example-hashes|--hash-info|--identify)$/;
/** Options that shape such a showing run (a hash mode, candidate rules and words). */
const SHAPING = /^(-m|--hash-type|--wordlist=\S+|-w=\S+|--rules(=\S+)?|-ru|--format=[\w-]+|-O|-w\d)$/;
/** SHOWING and SHAPING options that take the next plain word as their value. */
const VALUED = /^(-l|--list|-U|-m|--hash-type)$/;

/** The showing options of a call whose every word shows or shapes, or null. */
export function showingOptions(argv: string[]): string | null {
  let showing: string | null = null;
  for (let i = 0; i < argv.length; i += 1) {
    const word = argv[i]!;
    if (!SHOWING.test(word) && !SHAPING.test(word)) return null;
    if (SHOWING.test(word)) showing ??= word;
    // (`-l payloads`, `-U http-post-form`, `-m 1000`: a listing's or a mode's plain word)
    if (VALUED.test(word) && /^[\w,-]+$/.test(argv[i + 1] ?? "") && !/^-/.test(argv[i + 1]!)) i += 1;
  }
  return showing;
}

/** The listing sub-command of an attack tool's call, or null. */
export function listingSubcommand(argv: string[]): string | null {
  if (argv.some((arg) => /^[-/]stats$/i.test(arg))) return "/stats";
  const first = argv.find((arg) => !/^[-/]/.test(arg));
  const verb = (first ?? "").replace(/^['"]|['"]$/g, "").replace(/^action=/i, "");
  return LISTING.test(verb) ? verb : null;
}

/**
 * "runs" (and high) when a command runs an attack tool by name or hands one to a loader, "lists"
 * (medium) for its listing sub-commands, "stops" (medium) for a tool's own `Stop-` cmdlet, null
 * otherwise.
 */
export function attackTool(
  program: string,
  path: string,
  argv: string[],
  signals: Signals,
): "runs" | "lists" | "stops" | null {
  let name = path;
  let family = attackToolFamily(path) ?? attackToolFamily(program);
  if (!family && LOADERS.test(program)) {
    // `Import-Module PowerSploit`: a module's name alone; elsewhere a file the loader is handed
    const loaded = argv.find((arg) =>
      /^(import-module|ipmo)$/.test(program)
        ? !arg.startsWith("-")
        : SUFFIX.test(arg.replace(/['",;)]+$/, "")),
    );
    if (loaded) {
      family = attackToolFamily(loaded);
      name = loaded;
    }
  }
  // a tool's own cmdlets (`Get-Inveigh -NTLMv2` prints what it captured); stopping it is not an attack
  const cmdlet = /^([a-z]+)-(.+)$/.exec(program);
  if (!family && cmdlet && BY_NAME().has(cmdlet[2]!)) {
    if (cmdlet[1] === "stop") {
      signals.score.raise("medium", `${program} stops an attack tool`);
      return "stops";
    }
    family = BY_NAME().get(cmdlet[2]!)!;
  }
  // THC-Hydra by its shape (the name is also ORY Hydra's OAuth server): logins, passwords or a
  // target list handed to it (`hydra -l admin -P pw.txt ftp://host`)
  const base = path.split(/[\\/]/).pop()!.toLowerCase();
  if (!family && /^(thc-)?hydra$/.test(base) && argv.some((arg) => /^-(l|L|p|P|C|x|M|e)$/.test(arg)))
    family = "cracking";
  if (!family) return null;
  // `python3 secretsdump.py -h`: a tool's help through its loader (run directly, inert.ts says so)
  const after = name === path ? argv : argv.slice(argv.indexOf(name) + 1);
  if (after.length === 1 && /^(-h|--help|-\?|\/\?|help|--version|version)$/i.test(after[0]!)) return null;
  const shown = name
    .replace(/^['"]|['"]$/g, "")
    .split(/[\\/]/)
    .pop();
  // the words after the tool (after the file a loader is handed)
  const rest = name === path ? argv : argv.slice(argv.indexOf(name) + 1);
  const listing = listingSubcommand(rest) ?? showingOptions(rest);
  if (listing) {
    signals.score.raise(
      "medium",
      `${shown} ${listing} only lists or computes (an attack tool's reading sub-command)`,
    );
    return "lists";
  }

  signals.score.raise(
    "high",
    `${shown} is a program whose purpose is attack: it ${ATTACK_TOOLS[family]!.reason}`,
  );
  return "runs";
}

/**
 * PowerShell code that names an attack tool's file (a download of `…/PowerView.ps1` run by `IEX`,
 * `. .\PowerUp.ps1`) or turns off the script scanner or event tracing in the session
 * (`[Ref].Assembly.GetType('…AmsiUtils')`, `amsiInitFailed`, patching `AmsiScanBuffer` or
 * `EtwEventWrite`).
 */
export function attackCode(code: string, signals: Signals): boolean {
  if (/amsiutils|amsiinitfailed|amsiscanbuffer|amsiopensession|etweventwrite|amsicontext/i.test(code)) {
    signals.score.raise(
      "high",
      "PowerShell turns the script scanner (AMSI) or event tracing off in the session",
    );
    return true;
  }
  for (const match of code.matchAll(/[\w.-]+\.(?:ps1|psm1|exe|dll)\b/gi)) {
    const family = attackToolFamily(match[0]);
    if (family) {
      signals.score.raise(
        "high",
        `${match[0]} is a program whose purpose is attack: it ${ATTACK_TOOLS[family]!.reason}`,
      );
      return true;
    }
  }
  return false;
}
