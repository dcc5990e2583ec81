/**
 * Credentials `reg query` prints (docs/risk.md, "Windows administration"): a value whose name says
 * it holds a password, and the keys whose values are credentials by what the key is, printed
 * whole (no `/v`) or under a recursive query (`/s`) of the key or a parent: Winlogon's
 * `DefaultPassword`, SNMP's community strings, PuTTY's and WinSCP's saved sessions (proxy and
 * session passwords), VNC servers' passwords. One value named under such a key (`Winlogon /v
 * Shell`) prints that value only.
 */

/**
 * A setting about passwords (`fPromptForPassword`, `MaximumPasswordAge`, `PasswordComplexity`)
 * holds a flag or a number, not a password; `DefaultPassword` holds one.
 */
const PASSWORD_SETTING =
  /password(s)?(prompt|age|length|complexity|history|change|expir\w*|polic\w*|required|warning|hint|reveal)|(prompt|age|length|complexity|history|change|expir\w*|polic\w*|require|blank|limit|warn\w*|lockout|minimum|maximum|notif\w*|reveal|reversible|cleartext)\w*password/i;

/** Keys whose values are credentials, in the form `canonicalKey` gives. */
const CREDENTIAL_KEYS: [key: string, what: string][] = [
  ["hklm\\software\\microsoft\\windows nt\\currentversion\\winlogon", "Winlogon's values (DefaultPassword)"],
  [
    "hklm\\system\\currentcontrolset\\services\\snmp\\parameters\\validcommunities",
    "SNMP's community strings",
  ],
  ["hkcu\\software\\simontatham\\putty\\sessions", "PuTTY's saved sessions (proxy passwords)"],
  ["hkcu\\software\\martin prikryl\\winscp 2\\sessions", "WinSCP's saved sessions (their passwords)"],
  ["hkcu\\software\\orl\\winvnc3", "a VNC server's password"],
  ["hklm\\software\\orl\\winvnc3", "a VNC server's password"],
  ["hklm\\software\\realvnc\\winvnc4", "a VNC server's password"],
  ["hkcu\\software\\tightvnc\\server", "a VNC server's password"],
  ["hklm\\software\\tightvnc\\server", "a VNC server's password"],
];

/** `HKEY_LOCAL_MACHINE\…`, `HKLM:\…`, `\\host\HKLM\…`, a user's hive by SID, 32-bit views, numbered control sets: one spelling. */
function canonicalKey(word: string): string {
  return word
    .replace(/^["']|["']$/g, "")
    .replace(/^registry::/i, "")
    .replace(/\//g, "\\") // (the command line reaches rules with Windows paths' `\` as `/`)
    .toLowerCase()
    .replace(/^\\\\[^\\]+\\/, "")
    .replace(/^hkey_local_machine\b/, "hklm")
    .replace(/^hkey_current_user\b/, "hkcu")
    .replace(/^hkey_users\\[^\\]+/, "hkcu")
    .replace(/^hku\\[^\\]+/, "hkcu")
    .replace(/^(hk\w+):/, "$1")
    .replace(/\\wow6432node\\/, "\\")
    .replace(/\\controlset\d+\\/, "\\currentcontrolset\\")
    .replace(/\\+$/, "");
}

/** Why `reg query ARGV` (and the filters it is piped to) prints a credential, or null. */
export function regQueryCredential(argv: string[], pipedTo: string[]): string | null {
  if (!/^query$/i.test(argv[0] ?? "")) return null;
  // `reg query … /v password`, `reg query …\Winlogon | findstr DefaultPassword`: a stored password
  if (
    [...argv.slice(1), ...pipedTo].some(
      (word) => /pass(word)?|pwd/i.test(word) && !PASSWORD_SETTING.test(word),
    )
  )
    return "reg query prints a stored password";
  const key = canonicalKey(argv[1] ?? "");
  const options = argv.slice(2).map((word) => word.toLowerCase());
  const recursive = options.includes("/s");
  const oneValue = options.some((option) => option === "/v" || option === "/ve");
  for (const [credentialKey, what] of CREDENTIAL_KEYS) {
    const within = key === credentialKey || key.startsWith(`${credentialKey}\\`);
    const above = recursive && key !== "" && credentialKey.startsWith(`${key}\\`);
    // SNMP's community strings are the values' names: one named is one printed
    const named = oneValue && !credentialKey.endsWith("validcommunities");
    if ((within && (recursive || !named)) || above) return `reg query prints ${what}`;
  }
  return null;
}

/** PowerShell's readers of registry values: an item's properties, the item, its children. */
const REGISTRY_READER = /^(get-itemproperty|gp|get-itempropertyvalue|gpv|get-item|gi|get-childitem|gci)$/;

/**
 * Why a PowerShell reader given a registry path prints a credential (`Get-ItemProperty
 * HKLM:\…\Winlogon`, `gci HKCU:\…\PuTTY\Sessions`, `… -Name DefaultPassword`), or null: judged
 * as the `reg query` of the same key (`-Name` as `/v`, `-Recurse` as `/s`, `\*` as the key's
 * children).
 */
export function registryReaderCredential(program: string, args: string[]): string | null {
  if (!REGISTRY_READER.test(program)) return null;
  const optionAfter = (option: RegExp) => {
    const at = args.findIndex((arg) => option.test(arg));
    return at >= 0 ? args[at + 1] : undefined;
  };
  const positional = args.filter((arg, i) => !arg.startsWith("-") && !/^-/.test(args[i - 1] ?? ""));
  const path = optionAfter(/^-(path|literalpath|pspath)$/i) ?? positional[0];
  if (!path || !/^["']?(registry::|hk\w+:)/i.test(path)) return null;
  const key = path.replace(/["']$/, "").replace(/[\\/]\*$/, "");
  const name =
    optionAfter(/^-name$/i) ??
    (/^(get-itemproperty|gp|gpv|get-itempropertyvalue)$/.test(program) ? positional[1] : undefined);
  const recursive = args.some((arg) => /^-rec/i.test(arg));
  const why = regQueryCredential(
    ["query", key, ...(name ? ["/v", name] : []), ...(recursive ? ["/s"] : [])],
    [],
  );
  return why?.replace(/^reg query/, program) ?? null;
}
