/**
 * PowerShell cmdlets by what they change (docs/risk.md, "Windows: cmdlets by what they
 * change"): a cmdlet is a verb and a noun, and the noun says what the verb reaches. A changing
 * verb on the machine's own state — the firewall and IPsec, network adapters, addresses, routes
 * and DNS, services and scheduled tasks, disks, volumes, BitLocker and Secure Boot, SMB shares
 * and their access, Windows features, drivers and packages, exploit mitigations, event tracing —
 * is a system change (critical, as the level table rates firewalls, services, disks and cron on
 * Unix); on the directory (users, groups, computers, ACLs, DNS records, group policy, SCCM
 * deployments) it changes every machine that trusts it (critical). What makes the same verb
 * harmless is also in the line: the defences raised rather than lowered (`Set-MpPreference
 * -SignatureScheduleDay`, `Set-ProcessMitigation -Enable`), an offline Windows image (`-Path
 * C:\offline`: a file, not this machine), a cache emptied, an object built in memory
 * (`New-ScheduledTaskAction`), the user's own language settings. Read verbs add nothing.
 */
import { protectionOff } from "./windows-protection.js";

type Level = "none" | "low" | "medium" | "high" | "critical";
export type CmdletFinding = [level: Level, reason: string, credential?: true];

/** Verbs that change what their noun names. */
const CHANGE =
  /^(set|new|remove|add|enable|disable|clear|reset|register|unregister|start|stop|restart|suspend|resume|install|uninstall|initialize|mount|dismount|connect|disconnect|revoke|grant|block|unblock|update|repair|rename|move|copy|import|publish|unpublish|lock|unlock|protect|unprotect|optimize|sync|restore|expand|split|use|switch|approve|deny|invoke|send|merge|edit|submit)$/;

/** Nouns of the machine's own state (a change is critical: the level table's system changes). */
const SYSTEM_NOUN =
  /^(net(firewall|ipsec|adapter|ipaddress|ipinterface|ipv[46]protocol|route|nat|transportfilter|tcpsetting|connectionprofile|qospolicy|lbfoteam|switchteam|neighbor|offload|eventsession)|dnsclient|service|scheduledtask|clusteredscheduledtask|disk|partition|volume|storage|physicaldisk|virtualdisk|diskimage|iscsi|bitlocker|securebootuefi|tpm|processmitigation|smb|windows\w*|appxprovisionedpackage|wimbootentry|computer|localuser|localgroup|printer|printerdriver|autologger|etwtrace|eventlog|mp(preference|computerstatus)|applockerpolicy|userinternationalsettingstosystem|winsystemlocale|timezone|date|bcd|vpnconnection|item|ciminstance|wmiinstance|wsman|pssessionconfiguration|certificate|pfxcertificate|tlsciphersuite|tlsecccurve|bitstransfer|rd(?!s?$)|wsus|vmnetworkadapteracl|bc|dfs|msdsm|nfs)/i;

/** Nouns of the directory, which every joined machine trusts (users, groups, ACLs, DNS, GPO, SCCM). */
const DIRECTORY_NOUN =
  /^(ad(?!d)|adidns|addbsidhistory|domain|machineaccount|gpo|gp(link|permission|registryvalue|prefregistryvalue|inheritance)|sccm|cm(?!d)|dnsserver|dhcpserver)/i;

/** Nouns only kept as caches or built in memory: emptying or building one changes nothing kept. */
const INERT_NOUN =
  /^(dnsclientcache|netneighbor|bccache|arpcache|scheduledtask(action|trigger|settingsset|principal)|cipolicyrule|netipsec(auth|quickmodecrypto|mainmodecrypto)proposal|etwtracesession|autologgerconfig|etwtraceprovider)$/i;

/** The user's own settings (language, input, culture): theirs to change. */
const USER_NOUN =
  /^win(userlanguagelist|languagebaroption|defaultinputmethodoverride|culturefromlanguagelistoptout|acceptlanguagefromlanguagelistoptout|uilanguageoverride|homelocation|cultureoverride)|^appxpackageautoupdatesettings$/i;

/**
 * Nouns of PowerShell's own session, the user's files and data formats: a changing verb on them
 * (`Set-Location`, `Start-Sleep`, `Import-Module`, `Expand-Archive`, `Send-MailMessage`) changes
 * the session or a file the line names, judged elsewhere.
 */
const SESSION_NOUN =
  /^(location|content|variable|object|alias|strictmode|psdebug|host|sleep|transcript|job|threadjob|module|modulemanifest|scriptfileinfo|type|member|timespan|guid|psbreakpoint|help|argumentcompleter|event|engineevent|objectevent|psdrive|pssession|cimsession|cimsessionoption|psrepository|clipboard|csv|clixml|archive|file|filecatalog|mailmessage|webrequest|restmethod|command|expression|process|culture|uiculture|tracesource|markdownoption|psreadline\w*|authenticodesignature|cmsmessage|secret\w*|item\w*|acl|executionpolicy|history|printer|bitsfile|signerrule|cipolicy\w*|\w*context|\w*account|selfsignedcertificate|securestring|formatdata|typedata|temporaryfile|package|packagesource|packageprovider|script|psresource|psresourcerepository|experimentalfeature)$/;

/** Defender settings that lower its protection: `-Disable…` not set to false, exclusions, actions that allow. */
function lowersDefender(args: string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const name = args[i]!;
    const value = (args[i + 1] ?? "").replace(/^['"]|['",]+$/g, "");
    // `-DisableRealtimeMonitoring`, `-SignatureDisableUpdateOnStartupWithoutEngine`: a switch that disables
    if (/^-\w*disable\w*$/.test(name) && !/^(\$false|0|false)$/.test(value)) return name;
    if (/^-\w*disable\w*:\$?(true|1)$/.test(name)) return name;
    // a scheduled scan or remediation on day 8: never
    if (/^-(scanscheduleday|remediationscheduleday)$/.test(name) && value === "8") return name;
    if (/^-exclusion\w+$/.test(name)) return name;
    if (
      /^-(\w+action(s|_actions)?|attacksurfacereductionrules_actions)$/.test(name) &&
      /^(allow|noaction|6|9|disabled|auditmode|0)$/.test(value)
    )
      return name;
    if (
      /^-(mapsreporting|submitsamplesconsent|puaprotection|enablenetworkprotection|enablecontrolledfolderaccess)$/.test(
        name,
      ) &&
      /^(0|disabled?|auditmode|2)$/.test(value)
    )
      return name;
  }
  return null;
}

/** What a `Verb-Noun` cmdlet changes, or null when the noun model has nothing to say. */
export function cmdletFinding(program: string, args: string[]): CmdletFinding | null {
  const dash = program.indexOf("-");
  const verb = program.slice(0, dash);
  const noun = program.slice(dash + 1);
  if (!CHANGE.test(verb)) return null;
  // Defender acting (a scan, new signatures, a threat removed) is the defence working
  // the offline scan restarts the machine into Defender's offline environment (power: critical)
  if (program === "start-mpwdoscan")
    return ["critical", "Start-MpWDOScan restarts the machine for an offline scan"];
  if (/^(start-mpscan|update-mpsignature|remove-mpthreat)$/.test(program))
    return ["low", `${program} runs Microsoft Defender`];
  if (noun === "mppreference") {
    const lowered = verb === "remove" ? null : lowersDefender(args);
    if (lowered) return ["critical", `${program} ${lowered} lowers Microsoft Defender's protection`];
    return ["medium", `${program} changes Microsoft Defender's settings without lowering its protection`];
  }
  if (noun === "processmitigation") {
    if (args.some((arg) => /^-(disable|reset|remove)$/.test(arg)))
      return [
        args.includes("-system") ? "critical" : "high",
        `${program} turns exploit mitigations off or back to defaults`,
      ];
    return ["medium", `${program} turns exploit mitigations on`];
  }
  // a system logger or the event log turned off (a trace session of one's own is routine)
  if (
    /^(autologgerconfig|etwtrace\w*|eventlog)$/.test(noun) &&
    /^(remove|stop|disable|clear)$/.test(verb) &&
    ((noun !== "etwtracesession" && noun !== "etwtraceprovider") ||
      args.some((arg) =>
        /eventlog|security|defender|sysmon|microsoft-windows|diagtrack|threat|audit/.test(arg),
      ))
  )
    return ["high", `${program} turns a system log off (what the machine records)`];
  if (INERT_NOUN.test(noun) || program === "new-scheduledtask")
    return ["low", `${program} empties a cache or builds an object in memory`];
  if (USER_NOUN.test(noun)) return ["low", `${program} changes the user's own settings`];
  if (noun === "appxpackage") return ["medium", `${program} installs or removes an app for the user`];
  // DISM's cmdlets on an image file (`-Path C:\offline`, `-ImagePath x.wim`) change a file, not
  // this machine; a drive root as the image (`-Path C:\`) is the running system
  if (/^(windows|appxprovisioned|wimboot)/.test(noun) && !args.includes("-online")) {
    const at = args.findIndex((arg) => /^-(path|imagepath)$/.test(arg));
    if (at >= 0 && !/^['"]?[a-z]:\/?['"]?$/.test(args[at + 1] ?? ""))
      return ["medium", `${program} changes a Windows image file, not this machine`];
  }
  // an option that opts out of or turns off a security feature (`-VirtualizationBasedSecurityOptOut
  // $true`, `-EnableSecureBoot Off`): a protection switched off (the machine's own nouns: critical, below)
  const off = protectionOff(args);
  if (off && !SYSTEM_NOUN.test(noun)) return ["high", `${program} ${off} turns a protection off`];
  // a machine or its checkpoints deleted, the machine taken back to a checkpoint (what changed since
  // is lost) or its power pulled (`Stop-VM -TurnOff`): as `virsh undefine`, `snapshot-revert` and
  // `destroy` are (docs/risk.md, "Hypervisors and virtualisation hosts")
  const forced = verb === "stop" && noun === "vm" && args.includes("-turnoff");
  if (
    forced ||
    (/^(remove|restore)$/.test(verb) &&
      /^vm(snapshot|checkpoint)?$/.test(noun) &&
      !(verb === "restore" && noun === "vm"))
  )
    return [
      "high",
      `${program} ${forced ? "pulls a machine's power" : "deletes a virtual machine or its checkpoints, or takes it back to one"}`,
    ];
  // a virtual machine's settings or a virtual disk file (`New-VHD`, `Set-VMFirmware`): the guest's,
  // not this machine's (its network ACLs are the host's firewall, above)
  if (/^(vm|vhd)/.test(noun) && !/acl$|^vm(replication|host|switch|migration)/.test(noun))
    return ["medium", `${program} changes a virtual machine's settings or a virtual disk file`];
  if (DIRECTORY_NOUN.test(noun))
    return [
      "critical",
      `${program} changes the directory (accounts, groups, computers, ACLs, DNS or deployments every joined machine trusts)`,
    ];
  // `Repair-VirtualDisk`, `Repair-Volume`: a repair brings the object back to its intended state
  // (redundancy rebuilt, errors fixed); nothing is removed or lowered (maintenance: medium)
  if (noun === "bitlocker" && verb === "resume")
    return ["medium", `${program} turns BitLocker's protection back on`];
  if (verb === "repair" && SYSTEM_NOUN.test(noun))
    return ["medium", `${program} repairs the machine's ${noun}`];
  if (SYSTEM_NOUN.test(noun)) {
    // items are paths: a registry or file change is judged where the path says (windows.ts)
    if (/^(item|ciminstance|wmiinstance|certificate|pfxcertificate|printer|bitstransfer)$/.test(noun))
      return null;
    return ["critical", `${program} changes the machine's ${noun.replace(/^net/, "network ")}`];
  }
  // any other noun is a module's object the rules do not know: what the change reaches is not
  // known (at least high), unless it is PowerShell's session or a data file the line names
  if (SESSION_NOUN.test(noun) || !UNKNOWN_CHANGE.test(verb)) return null;
  // `Install-WinGetPackage -Id X`, `Update-WinGetPackage`: a package manager's install or update
  // without elevation (medium, as the level table rates an install without sudo)
  if (/package$/.test(noun) && /^(install|update)$/.test(verb))
    return ["medium", `${program} installs or updates a package without elevation`];
  if (args.some((arg) => /\.(xml|json|csv|txt|psd1|ps1xml|ini|yaml|yml|ps1|psm1|cs|md)['"]?$/.test(arg)))
    return ["medium", `${program} changes a data file the line names`];
  return [
    "high",
    `${program} changes ${noun}, an object no rule knows: what the change reaches is not known`,
  ];
}

/** Verbs that change an object whatever it is (not `Update`, `Save`, `Copy`, `Invoke`, …). */
const UNKNOWN_CHANGE =
  /^(set|new|remove|add|enable|disable|clear|reset|register|unregister|start|stop|restart|suspend|install|uninstall|initialize|mount|dismount|revoke|grant|block|unblock|rename|move|publish|lock|unlock|sync|restore|approve|deny)$/;

/** A PowerShell cmdlet name: Verb-Noun. */
export const CMDLET = /^[a-z]+-[a-z][a-z0-9]*$/;
/** A cmdlet whose verb only reads or shows (`Get-`, `Find-`, `Format-`, …): rated none. */
export const READING_CMDLET =
  /^(get|test|show|find|measure|select|where|format|out|write|read|compare|resolve|search)-[a-z][a-z0-9]*$/;

/** Cmdlets by name, where the noun table (`cmdletFinding`) has no opinion. */
const CMDLET_RULES: [RegExp, CmdletFinding][] = [
  [
    /^(new|remove|set|enable|disable|rename)-local(user|group)$|^(add|remove)-localgroupmember$/,
    ["critical", "changes local users or groups"],
  ],
  [
    /^(new|remove|set)-aduser$|^(add|remove)-adgroupmember$/,
    ["critical", "changes directory users or groups"],
  ],
  [/^(stop|start|restart|suspend|set|new|remove)-service$/, ["critical", "changes a service"]],
  [/^(register|unregister|set|disable|enable|start)-scheduledtask$/, ["critical", "changes scheduled tasks"]],
  [/^(remove|uninstall)-windowsdefender/, ["critical", "changes Microsoft Defender's protection"]],
  [/^(new|set|remove|disable|enable)-netfirewall(rule|profile)$/, ["critical", "changes the firewall"]],
  [/^(set|new|remove|disable|enable|rename|restart)-netadapter/, ["critical", "changes a network adapter"]],
  [
    /^(new|set|remove)-netipaddress$|^(new|remove|set)-netroute$|^set-dnsclientserveraddress$/,
    ["critical", "changes the network configuration"],
  ],
  [
    /^(stop|restart)-computer$|^(add|remove|rename)-computer$/,
    ["critical", "stops, renames or moves the machine"],
  ],
  [
    /^(format-volume|clear-disk|initialize-disk|remove-partition|new-partition|resize-partition|set-disk|clear-recyclebin)$/,
    ["critical", "changes disks or partitions"],
  ],
  [
    /^(enable|disable)-(windowsoptionalfeature|psremoting|uac)$|^(install|uninstall)-windowsfeature$/,
    ["critical", "changes Windows features"],
  ],
  [/^clear-eventlog$|^remove-eventlog$|^limit-eventlog$/, ["critical", "clears event logs"]],
  [
    /^(new|set|remove|add|clear|enable|disable)-web\w+$|^(new|remove|set|start|stop)-(website|webapppool|webbinding)$/,
    ["high", "changes IIS (its modules, sites or logging)"],
  ],
  [/^set-acl$/, ["high", "changes file permissions"]],
  [/^(set|remove)-(itemproperty|item)$/, ["medium", "changes an item"]],
  [/^stop-process$/, ["medium", "stops a process"]],
  [/^(install|uninstall)-(module|package|script)$/, ["medium", "installs or removes PowerShell modules"]],
];

/** A cmdlet's finding: reading verbs none, then by what its noun names, then by its name. */
export function cmdletVerdict(program: string, args: string[]): CmdletFinding | null {
  if (READING_CMDLET.test(program)) return ["none", ""];
  const byNoun = cmdletFinding(program, args);
  if (byNoun) return byNoun;
  for (const [pattern, finding] of CMDLET_RULES) if (pattern.test(program)) return finding;
  return null;
}
