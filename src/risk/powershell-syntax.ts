/**
 * PowerShell lines the POSIX grammar cannot read. `(Get-Date).DayOfYear`, `@('a', $null)` and
 * `(Get-Content x)[-1]` are syntax errors to bash, and a line the parser cannot read is high
 * (what it runs is not known). A PowerShell line is known, though, when every command it
 * starts is a cmdlet that only reads (`Get-*`, `Select-Object`, `Measure-Object`, …) and the
 * rest is values: variables, members, indexes, literals. The read-only query forms of .NET
 * count as values too (docs/risk.md, "Read-only query forms"): a static member of a type that
 * describes the machine, its network, its accounts or its domain called with a reading verb
 * (`[System.Net.Dns]::GetHostName()`, `[Environment]::GetEnvironmentVariable('PATH')`,
 * `[Security.Principal.WindowsIdentity]::GetCurrent().Groups`), and an object's method named
 * for a reading verb (`.GetOwner()`, `.FindAll()`, `.IsInRole(…)`) on a line that touches no
 * type that loads or runs code (reflection, interop, sockets, web clients). Anything else — a
 * .NET call that starts, writes, sets or loads, the call operator, a script, `Invoke-*`, a
 * cmdlet that changes something, a program — keeps the line unreadable.
 */

/** Cmdlet verbs and names that only read or format what they are given. */
const READ_CMDLET =
  /^(get|test|select|where|format|measure|sort|group|compare|convertto|convertfrom|resolve|join|split|find|search|foreach|tee-object$)-[a-z]+$|^(out-string|out-null|out-host|write-output|write-host)$/i;
/** .NET methods that only compute a value from the object they are called on. */
const PURE_METHOD =
  /^(tostring|trim|trimstart|trimend|split|replace|toupper|tolower|substring|contains|startswith|endswith|indexof|lastindexof|padleft|padright|equals|gettype|compareto|toarray|format|join|getvalue|tolocaltime|touniversaltime|adddays|addhours|addminutes|addseconds|toshortdatestring|tolongdatestring)$/i;
/** Windows programs' listing forms (`CiTool -lp -json`, `manage-bde -status`). */
const READ_FORM =
  /^(citool(\.exe)?\s+(-lp|--list-policies|-lt|--list-tokens|-id|--device-id)|manage-bde(\.exe)?\s+-status)\b/i;
/** Aliases of read-only cmdlets. */
const READ_ALIAS = /^(dir|ls|gci|gc|cat|type|gi|gp|gps|gsv|gm|gcm|select|where|sort|measure|ft|fl|fw|%|\?)$/i;

/**
 * .NET types whose static members describe the machine, its network, its accounts or its
 * domain (`[System.Net.Dns]`, `[Environment]`, `[System.DirectoryServices.ActiveDirectory.Domain]`).
 */
const INFO_TYPE =
  /^(system\.)?(environment|net\.dns|net\.networkinformation\.\w+|directoryservices\.activedirectory\.\w+|security\.principal\.\w+|io\.driveinfo|timezoneinfo|globalization\.cultureinfo|datetime|math|version|guid|string|int32|int64)$/i;
/** Methods named for reading: get, is, has, find, look up, resolve, to (a conversion). */
const READ_METHOD =
  /^(get[A-Z]?\w*|is[A-Z]\w*|has[A-Z]\w*|find\w*|lookup\w*|resolve\w*|to[A-Z]\w*|convertto\w*)$/i;
/** Types whose static members only compute a value (`[math]::Round(…)`, `[guid]::NewGuid()`). */
const COMPUTE_TYPE =
  /^(system\.)?(math|guid|datetime|timespan|string|char|int32|int64|double|decimal|version)$/i;
/** Types and words that load, run or connect: a line naming one keeps its calls unreadable. */
const CODE_TYPE =
  /reflection|interopservices|marshal|assembly|activator|appdomain|amsi|kernel32|virtualalloc|add-type|webclient|webrequest|httpclient|sockets|\.invoke|scriptblock|\bprocess\]\s*::\s*start/i;
/** Signs a line is PowerShell: a cmdlet, a .NET type's member, `$_`, `$env:`, an alias's PowerShell option. */
const POWERSHELL =
  /\b[a-z]+-[a-z]+\b|\[[\w.]+\]\s*::|\[adsi(searcher)?\]|\$_\b|\$env:|\b(select|sort|where)\s+-[a-z]+/i;

/** True when every .NET call of the line is a read-only query form (see above). */
function readsOnlyThroughDotNet(line: string): boolean {
  const code = CODE_TYPE.test(line);
  // `[System.Net.Dns]::GetHostName()`: a static call on a describing type, with a reading verb
  // (`$t::Delete(…)`, a type held in a variable, is not known)
  for (const call of line.matchAll(/::\s*(\w+)\s*\(/g)) {
    const type = /\[([\w.]+)\]\s*$/.exec(line.slice(0, call.index));
    if (code || !type) return false;
    if (!COMPUTE_TYPE.test(type[1]!) && !(INFO_TYPE.test(type[1]!) && READ_METHOD.test(call[1]!)))
      return false;
  }
  // a method call on an object can do anything (`$_.Delete()`, `.Invoke()`): only pure ones and
  // reading ones (`.GetOwner()`, `.FindAll()`) pass, and those only where no code is loaded
  // (`New-Object System.Net.WebClient(…)`: a type name's dots and its arguments, not a method)
  const calls = line.replace(/new-object\s+(-typename\s+)?[\w.]+/gi, "New-Object T");
  for (const call of calls.matchAll(/\.\s*(\w+)\s*\(/g))
    if (!PURE_METHOD.test(call[1]!) && (code || !READ_METHOD.test(call[1]!))) return false;
  return true;
}

/** True when the line is PowerShell whose every command only reads (see above). */
export function readOnlyPowerShell(line: string): boolean {
  // (`&` inside a string is text: an LDAP filter's `(&(…)(…))`; outside one, the call operator)
  if (!POWERSHELL.test(line) || /&/.test(line.replace(/'[^']*'|"[^"$`]*"/g, "")) || /`\(|\biex\b/i.test(line))
    return false;
  // two backquotes outside single quotes are a command substitution to bash (PowerShell's escape is one)
  if ((line.replace(/'[^']*'/g, "").match(/`/g)?.length ?? 0) >= 2) return false;
  if (!readsOnlyThroughDotNet(line)) return false;
  // strings are values; a `$(…)` inside double quotes runs, so it is kept as a statement
  const code = line
    .replace(/'[^']*'/g, "''")
    .replace(
      /"([^"]*)"/g,
      (_, body: string) =>
        [...body.matchAll(/\$\(([^)]*)\)/g)].map((match) => `; ${match[1]} ;`).join("") || '""',
    );
  // an AD cmdlet's `-Filter { … }` is a filter string PowerShell passes to the directory, not a block it runs
  // a web request that only fetches (no -OutFile, no other method) reads
  const fetchOnly = !/-(outfile|method|body|infile)\b/i.test(code);
  // a hashtable's keys (`@{n='Owner';e={…}}`, a calculated property) name values, they run nothing
  const statements = code.replace(/(@\{|;)\s*[a-z]\w*\s*=(?!=)/gi, "$1");
  for (const segment of statements.split(/[;|(){}=\n]|\$\(|@\(/)) {
    const first = segment.trim().split(/\s+/)[0] ?? "";
    if (first === "" || /^(\$[\w:]|['"\d-]|\.[a-z]|\[[^\]]*\]?$|\[)/i.test(first)) continue;
    // the language's own structure: a loop over values, a condition
    if (/^(foreach|if|elseif|else|in)$/i.test(first)) continue;
    // an object of a describing type made to be asked (`New-Object System.Security.Principal.WindowsPrincipal`)
    const made = /^new-object\s+(-typename\s+)?\[?([\w.]+)/i.exec(segment.trim());
    if (made && INFO_TYPE.test(made[2]!)) continue;
    if (READ_CMDLET.test(first) || READ_ALIAS.test(first) || READ_FORM.test(segment.trim())) continue;
    if (fetchOnly && /^(invoke-webrequest|invoke-restmethod|iwr|irm)$/i.test(first)) continue;
    return false;
  }
  return true;
}
