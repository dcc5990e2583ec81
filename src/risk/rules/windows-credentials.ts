/**
 * Credentials read out of Windows (docs/risk.md, "Windows administration"): dumpers by name,
 * the module syntax they share (`sekurlsa::logonpasswords`, `lsadump::dcsync`), and dumps of
 * lsass, the process holding every logged-on user's credentials, by whatever tool. Shared by
 * the Windows tables and the judge of programs no table names.
 */
import type { Signals } from "../signals.js";

/** Credential dumpers by name, and the module syntax they share (`sekurlsa::logonpasswords`). */
const DUMPER =
  /^(mimikatz|mimikatz64|pypykatz|gsecdump|lazagne|rubeus|secretsdump(\.py)?|nanodump|safetykatz|sharpkatz|kekeo|invoke-mimikatz|get-gpppassword|invoke-kerberoast|get-adreplaccount|get-passwordvaultcredentials|get-credmancreds|out-minidump)$/i;
const DUMP_MODULE = /(^|["'\s])(sekurlsa|lsadump|kerberos|crypto|dpapi|vault|token|misc|sid|privilege)::\w/i;

/** True (and high) when a command reads credentials out of the system: dumpers, lsass dumps, modules. */
export function credentialDump(program: string, argv: string[], signals: Signals): boolean {
  const text = argv.join(" ");
  let reason = "";
  // `nanodump.x64`, `mimikatz64`, `SafetyKatz_x86`: the same tool built for another architecture
  if (DUMPER.test(program.replace(/[._-]?(x64|x86|amd64|arm64|win64|win32|64|32)$/, "")))
    reason = `${program} dumps credentials`;
  else if (DUMP_MODULE.test(text))
    reason = `${program} runs a credential-dumping module (${DUMP_MODULE.exec(text)![2]}::)`;
  else if (
    /(^|[\s/\\])lsass(\.exe|\.dmp)?(\s|$)/i.test(text) &&
    /(^|\s)(-m[ampt]|minidump|-dump|dump|--full)(\s|$)/i.test(text)
  )
    reason = `${program} dumps lsass (the credentials of every logged-on user)`;
  else if (
    /^(crackmapexec|cme|nxc|netexec)$/.test(program) &&
    /(^|\s)(-H|--sam|--lsa|--ntds)(\s|$)/.test(text)
  )
    reason = `${program} passes a hash or dumps credentials`;
  if (!reason) return false;
  signals.score.raise("high", reason, "sensitive_file_access");
  return true;
}
