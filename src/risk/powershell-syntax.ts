/**
 * PowerShell lines the POSIX grammar cannot read. `(Get-Date).DayOfYear`, `@('a', $null)` and
 * `(Get-Content x)[-1]` are syntax errors to bash, and a line the parser cannot read is high
 * (what it runs is not known). A PowerShell line is known, though, when every command it
 * starts is a cmdlet that only reads (`Get-*`, `Select-Object`, `Measure-Object`, …) and the
 * rest is values: variables, members, indexes, literals. Anything else — a .NET call
 * (`[X]::Y()`), the call operator, a script, `Invoke-*`, a cmdlet that changes something, a
 * program — keeps the line unreadable.
 */

/** Cmdlet verbs and names that only read or format what they are given. */
const READ_CMDLET =
  /^(get|test|select|where|format|measure|sort|group|compare|convertto|convertfrom|resolve|join|split|find|search|foreach|tee-object$)-[a-z]+$|^(out-string|out-null|out-host|write-output|write-host)$/i;
/** .NET methods that only compute a value from the object they are called on. */
const PURE_METHOD =
  /^(tostring|trim|trimstart|trimend|split|replace|toupper|tolower|substring|contains|startswith|endswith|indexof|lastindexof|padleft|padright|equals|gettype|compareto|toarray|format|join|getvalue|tolocaltime|touniversaltime|adddays|addhours|addminutes|addseconds|toshortdatestring|tolongdatestring)$/i;
/** Aliases of read-only cmdlets. */
const READ_ALIAS = /^(dir|ls|gci|gc|cat|type|gi|gp|gps|gsv|gm|gcm|select|where|sort|measure|ft|fl|fw|%|\?)$/i;

/** True when the line is PowerShell whose every command only reads (see above). */
export function readOnlyPowerShell(line: string): boolean {
  // a .NET static method call runs code; a static property (`[TimeSpan]::MaxValue`) is a value
  if (!/\b[a-z]+-[a-z]+\b/i.test(line) || /::\s*\w+\s*\(|&|`\(|\biex\b/i.test(line)) return false;
  // a method call on an object can do anything (`$_.Delete()`, `.Invoke()`): only pure ones pass
  for (const call of line.matchAll(/\.\s*(\w+)\s*\(/g)) if (!PURE_METHOD.test(call[1]!)) return false;
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
  for (const segment of code.split(/[;|(){}=\n]|\$\(|@\(/)) {
    const first = segment.trim().split(/\s+/)[0] ?? "";
    if (first === "" || /^(\$[\w:]|['"\d-]|\.[a-z]|\[[^\]]*\]?$|\[)/i.test(first)) continue;
    if (READ_CMDLET.test(first) || READ_ALIAS.test(first)) continue;
    if (fetchOnly && /^(invoke-webrequest|invoke-restmethod|iwr|irm)$/i.test(first)) continue;
    return false;
  }
  return true;
}
