/**
 * Credentials read out of Windows (docs/risk.md, "Windows administration"): dumpers by name,
 * the module syntax they share (`sekurlsa::logonpasswords`, `lsadump::dcsync`), and dumps of
 * lsass, the process holding every logged-on user's credentials, by whatever tool. Shared by
 * the Windows tables and the judge of programs no table names.
 */
import type { Signals } from "../signals.js";
import { windowsSecretReason } from "../windows-paths.js";
import { listingSubcommand } from "./attack-tools.js";

/** Directory attributes that hold a password (LAPS, gMSA, dMSA, Unix and reversible passwords). */
const PASSWORD_ATTRIBUTE =
  /(^|[\s'",=(])(ms-mcs-admpwd|mslaps-(encrypted)?password|msds-managedpassword(blob)?|msds-managedaccountpreviouskeys|unixuserpassword|userpassword|olcrootpw|unicodepwd|supplementalcredentials|dbcspwd|ntpwdhistory|lmpwdhistory)(['",)\s]|$)/i;
/** A file-name pattern that names passwords or credentials (`*passwords*`, `*cred*.xml`). */
const PASSWORD_PATTERN =
  /^['"]?[^\s]*\*[^\s]*(passw|pwd|cred|secret)[^\s]*['"]?$|^['"]?[^\s]*(passw|pwd|cred|secret)[^\s]*\*['"]?$/i;
/** A program whose own name says it reads credentials (`SharpDPAPI`, `GMSAPasswordReader`, `SharpLAPS`). */
const CREDENTIAL_TOOL = /(password|passwd|credential|creds|secrets?dump|dpapi|laps|gmsa|lsadump|katz)/i;

/** The credential store a word names, whatever option carries it (`-include:"C:\…\ntds.dit"`, `/in:…`). */
export function credentialStoreIn(argv: string[]): string | null {
  for (const word of argv) {
    if (!word.includes("/") && !word.includes("\\") && !word.includes(".")) continue;
    const path = word
      .replace(/^[-/][\w-]+[:=]/, "")
      .replace(/^['"]|['"]$/g, "")
      .replace(/\\/g, "/");
    if (path.length > 3 && windowsSecretReason(path)) return path;
  }
  return null;
}

/**
 * Programs that show a file's permissions, attributes or existence, never its content
 * (`icacls C:\Windows\System32\config\SAM`, `Get-Acl …\SAM`: who may read the hive, not the hive).
 */
export const METADATA_READER = /^(get-acl|get-item|gi|test-path|icacls|cacls|attrib|where)$/;

/** Credential dumpers by name, and the module syntax they share (`sekurlsa::logonpasswords`). */
const DUMPER =
  /^(mimikatz|mimikatz64|pypykatz|gsecdump|lazagne|rubeus|secretsdump(\.py)?|nanodump|safetykatz|sharpkatz|kekeo|invoke-mimikatz|get-gpppassword|invoke-kerberoast|get-adreplaccount|get-passwordvaultcredentials|get-credmancreds|out-minidump)$/i;
const DUMP_MODULE = /(^|["'\s])(sekurlsa|lsadump|kerberos|crypto|dpapi|vault|token|misc|sid|privilege)::\w/i;

/** True (and high) when a command reads credentials out of the system: dumpers, lsass dumps, modules. */
export function credentialDump(program: string, argv: string[], signals: Signals): boolean {
  const text = argv.join(" ");
  const lowered = text.toLowerCase();
  let reason = "";
  // `Rubeus triage`, `Rubeus hash`, `kerberoast /stats`: a dumper's listing sub-command (attack-tools.ts)
  if (DUMPER.test(program) && listingSubcommand(argv)) return true;
  // `nanodump.x64`, `mimikatz64`, `SafetyKatz_x86`: the same tool built for another architecture
  if (DUMPER.test(program.replace(/[._-]?(x64|x86|amd64|arm64|win64|win32|64|32)$/, "")))
    reason = `${program} dumps credentials`;
  // (the module may be the first word itself: `kerberos::ptt ticket.kirbi` typed at the tool's prompt)
  else if (DUMP_MODULE.test(`${program} ${text}`))
    reason = `${program} runs a credential-dumping module (${DUMP_MODULE.exec(`${program} ${text}`)![2]}::)`;
  else if (
    /(^|[\s/\\])lsass(\.exe|\.dmp)?(\s|$)/i.test(text) &&
    (/(^|\s)(-m[ampt]|minidump|-dump|dump|--full)(\s|$)/i.test(text) ||
      /dump|diag|debug|trace|adplus|cdb|ntsd|windbg|createdump/.test(program))
  )
    reason = `${program} dumps lsass (the credentials of every logged-on user)`;
  else if (!METADATA_READER.test(program) && credentialStoreIn(argv))
    reason = `${program} is given ${credentialStoreIn(argv)!.slice(0, 80)}: ${windowsSecretReason(credentialStoreIn(argv)!)}`;
  else if (/find|search|hunt/.test(program) && argv.some((word) => PASSWORD_PATTERN.test(word)))
    reason = `${program} searches for files named for passwords or credentials`;
  else if (
    ["pwd", "passw", "credentials", "rootpw"].some((word) => lowered.includes(word)) &&
    PASSWORD_ATTRIBUTE.test(text)
  )
    reason = `${program} reads a directory attribute that holds a password (${PASSWORD_ATTRIBUTE.exec(text)![2]})`;
  // `Get-LapsADPassword -AsPlainText`, `Get-AzKeyVaultSecret`, `Get-StoredCredential`: a cmdlet
  // whose noun is a password or a secret returns it (a password *policy* is settings)
  else if (/^get-\w*(password|secret|storedcredential)s?$/.test(program))
    reason = `${program} returns a stored password or secret`;
  else if (
    CREDENTIAL_TOOL.test(program) &&
    // (git's credential helpers, `git-credential-manager-core` too: what they are asked decides)
    !/^(get|test)-|^(passwd|chpasswd|git-credential-[\w-]+)$/.test(program) &&
    // a program named for making a password (`mkpasswd`, `grub-mkpasswd-pbkdf2`, `passwordgen`)
    // hashes or generates one from its input: it reads no stored credential
    !/(mk|gen|generate)-?passw|passw(or)?d-?(gen|generator|maker)\b/i.test(program)
  )
    reason = `${program}: its name says it reads credentials`;
  else if (
    /^(crackmapexec|cme|nxc|netexec)$/.test(program) &&
    /(^|\s)(-H|--sam|--lsa|--ntds)(\s|$)/.test(text)
  )
    reason = `${program} passes a hash or dumps credentials`;
  if (!reason) return false;
  signals.score.raise("high", reason, "sensitive_file_access");
  return true;
}
