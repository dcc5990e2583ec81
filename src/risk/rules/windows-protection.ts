/**
 * Windows protections switched off by an option (docs/risk.md, "Windows: protections switched
 * off"): BitLocker decrypted, suspended or stripped of its protectors (`manage-bde -off`,
 * `-protectors -disable|-delete`), its recovery passwords printed (`manage-bde -protectors -get`,
 * `(Get-BitLockerVolume).KeyProtector`: a recovery password unlocks the disk), volumes mounted
 * or unmounted (`mountvol X: /s` mounts the EFI system partition, where the boot loader lives),
 * and a cmdlet told to opt out of or turn off a security feature (`Set-VMSecurity
 * -VirtualizationBasedSecurityOptOut $true`, `Set-VMFirmware -EnableSecureBoot Off`). Their read
 * forms (`manage-bde -status`, `mountvol` alone or `/l`, `/?`) add nothing. Registered through
 * windows-tools.ts.
 */
import type { Rule } from "../command/rule.js";
import type { Signals } from "../signals.js";

const values = (invocation: Parameters<Rule>[0]) => invocation.args.map((word) => word.value.toLowerCase());

/** manage-bde: what it does to BitLocker is in its first option. */
export const manageBde: Rule = (invocation, { signals }) => {
  const args = values(invocation);
  const { score } = signals;
  const has = (pattern: RegExp) => args.some((arg) => pattern.test(arg));
  if (
    args.length === 0 ||
    has(/^[-/](\?|h|help)$/) ||
    (has(/^-(status|cs|computername)$/) &&
      !has(/^-(off|on|lock|unlock|protectors|pr|forcerecovery|fr|wipefreespace|w)$/))
  )
    return void score.raise("none", "");
  if (has(/^-(protectors|pr)$/)) {
    if (has(/^-(get|g)$/))
      return void score.raise(
        "high",
        "manage-bde -protectors -get prints the volume's recovery password (it unlocks the disk)",
        "sensitive_file_access",
      );
    if (has(/^-(disable|delete|d)$/))
      return void score.raise(
        "critical",
        "manage-bde -protectors suspends BitLocker or removes a way to unlock the disk",
        "system_modification",
      );
    if (has(/^-(enable|e|adbackup|aadbackup)$/))
      return void score.raise("low", "manage-bde turns BitLocker's protectors back on or backs one up");
    return void score.raise("high", "manage-bde adds a way to unlock the disk");
  }
  if (has(/^-(off|forcerecovery|fr|wipefreespace|w|lock|l)$/))
    return void score.raise(
      "critical",
      "manage-bde decrypts, locks or wipes a volume (BitLocker's protection off or the data made unreachable)",
      "system_modification",
    );
  if (has(/^-(unlock|ul)$/)) return void score.raise("medium", "manage-bde unlocks a volume");
  score.raise("high", "manage-bde changes a volume's encryption (a lost protector loses the disk)");
};

/** mountvol: alone or `/l` lists; any other form mounts, unmounts or changes automount (critical). */
export const mountvol: Rule = (invocation, { signals }) => {
  const args = values(invocation);
  if (args.length === 0 || args.some((arg) => /^\/(\?|l)$/.test(arg)))
    return void signals.score.raise("none", "");
  signals.score.raise(
    "critical",
    args.includes("/s")
      ? "mountvol /s mounts the EFI system partition (the boot loader's)"
      : "mountvol mounts or unmounts volumes or changes automount",
    "system_modification",
  );
};

/** A security feature's name in an option (`-VirtualizationBasedSecurityOptOut`, `-EnableSecureBoot`). */
const PROTECTION =
  /security|protection|integrity|guard|signing|signature|encrypt|tamper|smartscreen|amsi|antivirus|antimalware|firewall|audit|bitlocker|secureboot|tpm|lsa|shielded|hvci|defender|realtime|sandbox|isolation/;

/** The option that turns a protection off (`-…OptOut $true`, `-EnableSecureBoot Off`), or null. */
export function protectionOff(args: string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const name = args[i]!.toLowerCase();
    if (!name.startsWith("-") || !PROTECTION.test(name)) continue;
    const [option, inline] = name.split(":");
    const value = (inline ?? args[i + 1] ?? "").replace(/^['"]|['",]+$/g, "").toLowerCase();
    const on = /^(\$?true|1|on|yes)$/.test(value) || (inline === undefined && /^-?$/.test(value));
    const off = /^(\$?false|0|off|no|disabled?)$/.test(value);
    if (/optout$|^-(disable|no|skip|bypass|allowunsigned)/.test(option!) && on && !off) return option!;
    if (/^-(enable|require|use)?\w*$/.test(option!) && off) return option!;
  }
  return null;
}

/**
 * The KeyProtector property expanded, selected or taken from each volume: PowerShell prints each
 * protector's fields, the recovery password among them (a volume, or KeyProtector selected as one of
 * its columns, shows only the protectors' types).
 */
const KEY_PROTECTOR_EXPANDED = new RegExp(
  [
    /\)\s*\.keyprotector\b/, // `(Get-BitLockerVolume C:).KeyProtector`
    /\s-exp\w*[\s:]+['"]?keyprotector\b/, // `| Select -Expand KeyProtector`, `-ExpandProperty`
    /(\bforeach(-object)?|%)\s*(\{\s*\$_\.|-memberName\s+)?keyprotector\b/, // `| % { $_.KeyProtector }`, `% KeyProtector`
    /[\s,]recoverypassword\b(?!protector)/, // `… | ft KeyProtectorId,RecoveryPassword`
  ]
    .map((part) => part.source)
    .join("|"),
  "i",
);

/**
 * `$v = Get-BitLockerVolume; $v.KeyProtector`, `($v).KeyProtector | fl`, `foreach ($p in
 * $v.KeyProtector) { $p.RecoveryPassword }`: the protectors reached through a variable the line
 * assigned a volume to are printed as when expanded directly. Narrowed as PowerShell shows them: a
 * member of the protectors that is not the password (`.KeyProtectorType`, `.Count`), or columns
 * selected that do not hold it (`| Select-Object KeyProtectorId,KeyProtectorType`).
 */
function protectorsThroughVariable(line: string): boolean {
  if (/\.recoverypassword\b/i.test(line)) return true;
  const names = [...line.matchAll(/\$(\w+)\s*=\s*\(?\s*get-bitlockervolume\b/gi)].map((m) => m[1]!);
  // `foreach ($v in $vols)`: each volume of an assigned list
  for (const loop of line.matchAll(/\bforeach\s*\(\s*\$(\w+)\s+in\s+\$(\w+)\s*\)/gi))
    if (names.some((name) => name.toLowerCase() === loop[2]!.toLowerCase())) names.push(loop[1]!);
  for (const name of names) {
    const uses = new RegExp(`\\$${name}\\)?\\s*\\.keyprotector\\b([^;\\n]*)`, "gi");
    for (const use of line.matchAll(uses)) {
      const after = use[1]!;
      if (/^\s*\.(keyprotectortype|keyprotectorid|count|length|autounlockprotector)\b/i.test(after)) continue;
      // counted, discarded or described, not printed
      if (/^\s*\|\s*(measure-object|measure|out-null|get-member|gm)\b/i.test(after)) continue;
      // the next command of the pipe, when it selects columns (`| Select-Object A,B`)
      const [, next = ""] = after.split("|", 3);
      const columns = /^\s*(?:select-object|select|format-table|ft|format-list|fl)\s+(.*)$/i.exec(next)?.[1];
      if (
        after.trimStart().startsWith("|") &&
        columns &&
        /^[\w\s,-]+$/.test(columns) &&
        !/(^|[\s,])(recoverypassword|-exp\w*)([\s,]|$)/i.test(columns)
      )
        continue;
      return true;
    }
  }
  return false;
}

/** `(Get-BitLockerVolume …).KeyProtector`, `… | Select -Expand KeyProtector`: recovery passwords printed. */
export function printsRecoveryPassword(line: string, signals: Signals): void {
  if (!/get-bitlockervolume/i.test(line)) return;
  if (KEY_PROTECTOR_EXPANDED.test(line) || protectorsThroughVariable(line))
    signals.score.raise(
      "high",
      "prints BitLocker's key protectors, whose recovery password unlocks the disk",
      "sensitive_file_access",
    );
}

/** CiTool: deploying or removing App Control policies and tokens changes what code may run (critical). */
export const citool: Rule = (invocation, { signals }) => {
  const args = values(invocation);
  const verb = args.find((arg) => arg.startsWith("-")) ?? "";
  if (/^(--update-policy|-up|--remove-policy|-rp|--add-token|-at|--remove-token|-rt)$/.test(verb))
    return void signals.score.raise(
      "critical",
      `citool ${verb} changes the machine's App Control (code integrity) policies: what code may run`,
      "system_modification",
    );
  if (/^(--refresh|-r)$/.test(verb))
    return void signals.score.raise("medium", "citool refreshes the policies in force");
  signals.score.raise("none", "");
};

/** bootrec: `/fixmbr`, `/fixboot`, `/rebuildbcd` rewrite the boot code or store (critical); `/scanos` reads. */
export const bootrec: Rule = (invocation, { signals }) => {
  const args = values(invocation);
  if (args.some((arg) => /^\/(fixmbr|fixboot|rebuildbcd)$/.test(arg)))
    return void signals.score.raise(
      "critical",
      "bootrec rewrites the master boot record, the boot sector or the boot store",
      "system_modification",
    );
  signals.score.raise("none", "");
};

/** NotMyFault: `/crash`, `/hang`, `/bugcheck` (notmyfaultc: `crash 0x01`) stop the machine (a bug check: the host taken down); `/leak` exhausts memory. */
export const notmyfault: Rule = (invocation, { signals }) => {
  const args = values(invocation);
  if (args.some((arg) => /^[-/]?(crash|hang|bugcheck)$/.test(arg)))
    return void signals.score.raise(
      "critical",
      "notmyfault crashes or hangs the machine (a bug check: the host taken down)",
      "system_modification",
    );
  if (args.some((arg) => /^[-/]?leak$/.test(arg)))
    return void signals.score.raise("high", "notmyfault leaks memory until the machine runs short");
  signals.score.raise("medium", "notmyfault opens its window");
};

/**
 * caspol (the .NET Framework's code access security policy): `-s|-security off`, `-e|-execution
 * off` switch the checks off for the machine (critical); groups, permission sets, full trust and a
 * reset change what code is trusted (high); listing and resolving (`-l…`, `-rsg`, `-rsp`) read.
 */
export const caspol: Rule = (invocation, { signals }) => {
  const args = values(invocation);
  const at = args.findIndex((arg) => /^[-/](s|security|e|execution|pp|polchgprompt)$/.test(arg));
  if (at >= 0 && args[at + 1] === "off")
    return void signals.score.raise(
      "critical",
      `caspol ${args[at]} off switches the .NET Framework's code access security checks off`,
      "system_modification",
    );
  if (at >= 0 && args[at + 1] === "on")
    return void signals.score.raise("medium", `caspol ${args[at]} on switches the checks back on`);
  if (
    args.some((arg) =>
      /^[-/](ag|addgroup|cg|chggroup|rg|remgroup|ap|addpset|cp|chgpset|rp|rempset|af|addfulltrust|rf|remfulltrust|rs|reset|r|recover|s|security|e|execution)$/.test(
        arg,
      ),
    )
  )
    return void signals.score.raise("high", "caspol changes which code the .NET Framework trusts");
  signals.score.raise("none", "");
};

/** sn (strong names): `-Vr` skips the signature check for the assemblies it names (high); its other forms sign, verify or list. */
export const strongName: Rule = (invocation, { signals }) => {
  const args = values(invocation);
  if (args.some((arg) => /^[-/]vr$/.test(arg)))
    return void signals.score.raise(
      "high",
      "sn -Vr skips strong-name verification (an assembly is loaded unchecked)",
    );
  signals.score.raise("low", "sn signs, verifies or lists strong names");
};

/**
 * compact: `/c` compresses and `/u` uncompresses the files it names (or every file under `/s:DIR`):
 * a change to them, judged where they are (under the Windows directory, a system change); without
 * either it shows their state.
 */
export const compact: Rule = (invocation, { signals }) => {
  const args = invocation.args.map((word) => word.value);
  if (!args.some((arg) => /^\/[cu]$/i.test(arg))) return void signals.score.raise("none", "");
  signals.score.raise("low", "compact compresses or uncompresses files");
  for (const arg of args) {
    const dir = /^\/s:(.+)$/i.exec(arg)?.[1]?.replace(/^"|"$/g, "");
    // a whole drive (`/s:\`, `/s:D:\`): every file of it, as the seventh set's families rate it
    if (dir && /^([a-z]:)?[\\/]?$/i.test(dir))
      signals.score.raise("medium", "compact rewrites every file of a drive");
    else if (dir) signals.write(dir, "compresses the files under");
    else if (!arg.startsWith("/") && arg !== "*") signals.write(arg, "compresses");
  }
};
