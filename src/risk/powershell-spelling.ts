/**
 * PowerShell's own spelling removed before its code is judged (docs/risk.md, "PowerShell
 * spellings"). The judges read cmdlet names and parameters; PowerShell accepts the same command
 * written in ways no name table follows, so the code is first rewritten as it will run:
 *
 * - a backtick escapes the next character outside single quotes (`Remove-It`em` is Remove-Item);
 * - literal strings joined with `+` are one string (`'Remove-'+'Item'`), and the format operator
 *   over literals is its result (`"{1}{0}" -f 'Item','Remove-'`);
 * - the call and dot operators given a literal name run that command (`& ('Remove-Item')`,
 *   `. 'Remove-Item'`), also through a variable the code assigned a literal (`$c='ri'; & $c`);
 * - .NET's file calls are the cmdlets they equal (`[IO.Directory]::Delete(p, $true)` deletes
 *   recursively as `Remove-Item -Recurse -Force p`; `[IO.File]::WriteAllText(p, …)` writes p);
 * - `Start-Process P -ArgumentList 'A'` runs `P A`, added as a statement of its own.
 *
 * What still names its command at run time (`& $x` of a value not in the code, `& (Get-X)`,
 * `&$f.Invoke`) is returned as unknown: the caller rates it high and says so.
 */

export interface PlainPowerShell {
  /** The code as it will run, as far as the code itself says. */
  code: string;
  /** The call that names its command at run time, or null. */
  unknown: string | null;
  /** Command lines Start-Process runs (`cmd /c del …`), to be judged as command lines. */
  started: string[];
}

const LITERAL = String.raw`'[^']*'|"[^"$\x60]*"`;
const CONCAT = new RegExp(String.raw`(${LITERAL})\s*\+\s*(${LITERAL})`, "g");
const FORMAT = new RegExp(
  String.raw`\(?\s*(${LITERAL})\s+-f\s+((?:(?:${LITERAL})\s*,\s*)*(?:${LITERAL}))\s*\)?`,
  "gi",
);
const unquote = (text: string) => text.slice(1, -1);

/** Backtick escapes removed outside single-quoted strings (a backtick before a line end joins lines). */
function removeBackticks(code: string): string {
  if (!code.includes("`")) return code;
  let out = "";
  let single = false;
  for (let i = 0; i < code.length; i += 1) {
    const char = code[i]!;
    if (char === "'") single = !single;
    if (char === "`" && !single && i + 1 < code.length) {
      const next = code[i + 1]!;
      out += next === "\n" || next === "\r" ? " " : next;
      i += next === "\r" && code[i + 2] === "\n" ? 2 : 1;
    } else out += char;
  }
  return out;
}

/** `+` of literal strings and `-f` over literals folded into one literal (a few rounds). */
function foldStrings(code: string): string {
  let folded = code;
  for (let round = 0; round < 8; round += 1) {
    const next = folded
      .replace(CONCAT, (_, a: string, b: string) => `'${unquote(a)}${unquote(b)}'`)
      .replace(FORMAT, (whole, format: string, list: string) => {
        const items = [...list.matchAll(new RegExp(LITERAL, "g"))].map((m) => unquote(m[0]));
        const text = unquote(format).replace(/\{(\d+)\}/g, (ref, n: string) => items[Number(n)] ?? ref);
        return /\{\d+\}/.test(text) ? whole : `'${text}'`;
      });
    if (next === folded) break;
    folded = next;
  }
  return folded;
}

/** .NET file-system calls rewritten as the cmdlets they equal. */
function dotNetFiles(code: string): string {
  if (!code.includes("::")) return code;
  const type = String.raw`\[\s*(?:System\.)?(?:IO\.)?`;
  return code
    .replace(
      new RegExp(
        String.raw`${type}Directory\s*\]\s*::\s*Delete\s*\(\s*([^,)]+?)\s*(,\s*\$?(true|1))?\s*\)`,
        "gi",
      ),
      (_, path: string, recursive?: string) => `Remove-Item ${recursive ? "-Recurse -Force " : ""}${path}`,
    )
    .replace(
      new RegExp(String.raw`${type}File\s*\]\s*::\s*Delete\s*\(\s*([^,)]+?)\s*\)`, "gi"),
      "Remove-Item $1",
    )
    .replace(
      new RegExp(
        String.raw`${type}File\s*\]\s*::\s*(?:Write|Append)All(?:Text|Bytes|Lines)\s*\(\s*([^,)]+?)\s*,([^)]*)\)`,
        "gi",
      ),
      "Set-Content $1 -Value $2",
    )
    .replace(
      new RegExp(
        String.raw`${type}File\s*\]\s*::\s*(?:ReadAll(?:Text|Bytes|Lines)|ReadLines|OpenRead|OpenText)\s*\(\s*([^,)]+?)\s*[,)]`,
        "gi",
      ),
      "(Get-Content $1)",
    )
    .replace(
      new RegExp(
        String.raw`${type}File\s*\]\s*::\s*(Copy|Move)\s*\(\s*([^,)]+?)\s*,\s*([^,)]+?)\s*[,)]`,
        "gi",
      ),
      (_, verb: string, from: string, to: string) => `${verb}-Item ${from} ${to}`,
    );
}

/** `Start-Process P -ArgumentList 'A'` (or `saps`, `start`, positional): `P A` as a statement of its own. */
function startedProcesses(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/\b(?:start-process|saps|start)\s+([^;\n|]+)/gi)) {
    const words = [...match[1]!.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => ({
      text: m[1] ?? m[2] ?? m[3]!,
      quoted: m[3] === undefined,
    }));
    let file = "";
    let list = "";
    for (let i = 0; i < words.length; i += 1) {
      const word = words[i]!.text;
      if (!words[i]!.quoted && /^-(filepath|file|path|fi)$/i.test(word)) file = words[++i]?.text ?? "";
      else if (!words[i]!.quoted && /^-(argumentlist|args|arguments|a\w*)$/i.test(word))
        list = (words[++i]?.text ?? "").replace(/,\s*$/, "");
      else if (!words[i]!.quoted && word.startsWith("-"))
        i += /^-(verb|windowstyle|workingdirectory|credential)$/i.test(word) ? 1 : 0;
      else if (!file) file = word;
      else if (!list) list = word;
    }
    if (file && list) found.push(`${file} ${list}`);
  }
  return found;
}

/** The code as it will run, and a call whose command is named at run time (see the file comment). */
export function plainPowerShell(code: string): PlainPowerShell {
  let plain = dotNetFiles(foldStrings(removeBackticks(code)));
  // variables assigned one literal string in the code (`$c = 'Remove-Item'`)
  const assigned = new Map<string, string>();
  for (const m of plain.matchAll(new RegExp(String.raw`\$(\w+)\s*=\s*(${LITERAL})`, "g")))
    assigned.set(m[1]!.toLowerCase(), unquote(m[2]!));
  // `Set-Alias x Remove-Item; x …`, `sal`, `New-Alias -Name x -Value …`: the alias is its command
  for (const m of plain.matchAll(
    /\b(?:set-alias|sal|new-alias|nal)\s+(?:-name\s+)?['"]?([\w-]+)['"]?\s+(?:-value\s+)?['"]?([\w-]+)['"]?/gi,
  )) {
    const [alias, command] = [m[1]!, m[2]!];
    plain = plain.replace(
      new RegExp(`(^|[;\\n|{(]\\s*)${alias.replace(/-/g, "\\-")}(?=\\s|$)`, "gim"),
      (_, lead: string) => `${lead}${command}`,
    );
  }
  // `& 'X'`, `& ('X')`, `.("X")`, `& $c` of a literal: the command X
  const operator = String.raw`(^|[;\n|{(]\s*|\s)[&.]\s*`;
  plain = plain
    .replace(
      new RegExp(String.raw`${operator}\(\s*(${LITERAL})\s*\)`, "g"),
      (_, lead: string, name: string) => `${lead}${unquote(name)}`,
    )
    .replace(
      new RegExp(`${operator}(${LITERAL})`, "g"),
      (_, lead: string, name: string) => `${lead}${unquote(name)}`,
    )
    .replace(
      new RegExp(String.raw`${operator}\$(\w+)\b(?!\s*[.(\[])`, "g"),
      (whole, lead: string, name: string) => {
        const value = assigned.get(name.toLowerCase());
        return value === undefined ? whole : `${lead}${value}`;
      },
    );
  const started = startedProcesses(plain);
  if (started.length > 0) plain = `${plain}\n${started.join("\n")}`;
  // the call operator still given something else: a variable, an expression, a script block's result
  // (`. (expr)` too; `. $PROFILE` dot-sources a file, a script run)
  const unknown = /(?:^|[;\n|{(]\s*|\s)(?:&\s*([$(][^;\n|]{0,40})|\.\s*(\([^;\n|]{0,40}))/.exec(plain);
  return {
    code: plain,
    unknown: unknown ? (unknown[1] ? `& ${unknown[1].trim()}` : `. ${unknown[2]!.trim()}`) : null,
    started,
  };
}
