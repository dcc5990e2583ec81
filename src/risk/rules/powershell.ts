/**
 * PowerShell run from a shell: `pwsh -Command CODE` is judged as PowerShell (download and run,
 * recursive deletes, Windows administration), `-EncodedCommand` hides what runs (high), and
 * `iex`/`Invoke-Expression` run a string as code.
 */
import { positionals } from "../command/argv.js";
import type { Rule, RuleContext, RuleTable } from "../command/rule.js";
import { plainPowerShell } from "../powershell-spelling.js";
import { judgeWindowsCode } from "./windows.js";

const DOWNLOAD_IN_POWERSHELL =
  /\b(iwr|irm|invoke-webrequest|invoke-restmethod|downloadstring|downloadfile|net\.webclient|curl|wget|start-bitstransfer)\b/i;

/** Whether a line matching `first` has a match of `second` within five lines of it. */
function near(code: string, first: RegExp, second: RegExp): boolean {
  const lines = code.split("\n");
  return lines.some(
    (line, i) => first.test(line) && second.test(lines.slice(Math.max(0, i - 5), i + 6).join("\n")),
  );
}

/** PowerShell code: download-and-run, encoded commands, recursive deletes (its spelling removed first). */
function judgePowerShell(written: string, context: RuleContext): void {
  const { score } = context.signals;
  const plain = plainPowerShell(written);
  const code = plain.code;
  if (plain.unknown)
    context.signals.runTime(
      `PowerShell calls a command named at run time (${plain.unknown.slice(0, 60)}): what runs is unknown`,
    );
  for (const started of plain.started)
    context.nested({ value: started, dynamic: false, inner: [] }, "PowerShell's Start-Process runs");
  // a statement writing a file's content (also .NET's File.WriteAllText, rewritten as Set-Content)
  for (const statement of statements(code))
    if (/^\s*(set-content|add-content|out-file|clear-content|ac|clc)\s/i.test(statement))
      context.nested({ value: statement.trim(), dynamic: false, inner: [] }, "PowerShell runs");
  const runsString = /\b(iex|invoke-expression)\b/i;
  // (a script file's whole text downloads and evaluates far apart: only near each other)
  const downloadRun = context.signals.inFile
    ? near(code, runsString, DOWNLOAD_IN_POWERSHELL)
    : runsString.test(code) && DOWNLOAD_IN_POWERSHELL.test(code);
  if (downloadRun) {
    score.raise("critical", "PowerShell runs downloaded code", "pipe_to_shell", "network_request");
  } else if (/\b(iex|invoke-expression)\b/i.test(code)) {
    context.signals.runTime("PowerShell runs a string as code");
  }
  if (savedAndRun(code))
    score.raise("critical", "PowerShell downloads a file and runs it", "pipe_to_shell", "network_request");
  if (/\b(start-process|saps|start)\b[^;|]*-verb\s+['"]?runas\b/i.test(code))
    score.raise(
      "critical",
      "PowerShell starts a program as administrator (-Verb RunAs)",
      "privilege_escalation",
    );
  // `[scriptblock]::Create(text)` makes code of a string, as iex runs one
  if (/\[\s*(system\.management\.automation\.)?scriptblock\s*\]\s*::\s*create\b/i.test(code)) {
    const downloaded = DOWNLOAD_IN_POWERSHELL.test(code);
    if (downloaded)
      score.raise(
        "critical",
        "PowerShell makes code of downloaded text ([scriptblock]::Create)",
        "pipe_to_shell",
        "network_request",
      );
    else score.raise("high", "PowerShell makes code of a string ([scriptblock]::Create)");
  }
  // `(Get-Item X).Delete($true)`, `gci -Recurse | % { $_.Delete() }`: .NET's Delete of a file or tree
  if (/\.delete\s*\(/i.test(code))
    score.raise(
      /\.delete\s*\(\s*\$?true\b|-r(ecurse)?\b/i.test(code) ? "high" : "medium",
      "PowerShell deletes through .NET's Delete()",
      "destructive_command",
    );
  // `Invoke-Item \\host\share\x.exe`, `& \\host\…`: another machine's program run here
  if (/(^|[;|\n]\s*|\s)(invoke-item|ii|start-process|saps|start|&|\.)\s+['"]?\\\\[\w.$-]+\\/i.test(code))
    score.raise("high", "PowerShell runs a program from a network share (another machine's code)");
  if (/\b(remove-item|rm|ri|del|erase|rmdir|rd)\b[^;|]*-r(ecurse)?\b/i.test(code)) {
    score.raise("high", "PowerShell deletes recursively", "destructive_command");
  }
  judgeWindowsCode(code, context.signals);
}

/** Statements and pipeline stages of PowerShell code, split outside quotes (unbalanced ones dropped). */
function statements(code: string): string[] {
  const found: string[] = [];
  let quote = "";
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= code.length; i += 1) {
    const char = code[i] ?? ";";
    if (quote) {
      if (char === quote) quote = "";
    } else if (char === "'" || char === '"') quote = char;
    else if (char === "(") depth += 1;
    else if (char === ")") depth -= 1;
    else if (/[;\n|]/.test(char) && depth === 0) {
      found.push(code.slice(start, i));
      start = i + 1;
    }
  }
  return quote || depth !== 0 ? [] : found;
}

/** A file saved by a download (`-OutFile a.ps1`, `DownloadFile(u, 'a.exe')`) and run later in the code. */
function savedAndRun(code: string): boolean {
  const saved = [
    ...code.matchAll(/-(?:outfile|destination|o)\s+['"]?([^\s'";|]+)/gi),
    ...code.matchAll(/downloadfile\s*\(\s*['"][^'"]*['"]\s*,\s*['"]([^'"]+)['"]/gi),
  ].map((match) => match[1]!.split(/[\\/]/).pop()!.toLowerCase());
  if (saved.length === 0 || !DOWNLOAD_IN_POWERSHELL.test(code)) return false;
  const statements = code.split(/[;\n|]|&&/).map((statement) => statement.trim().toLowerCase());
  return statements.some((statement) => {
    if (DOWNLOAD_IN_POWERSHELL.test(statement)) return false;
    const run = statement.replace(
      /^(&|\.|start-process|saps|start|invoke-item|ii|cmd(\.exe)?\s+\/c|(powershell|pwsh)(\.exe)?(\s+-file)?)\s+/,
      "",
    );
    const name =
      (run.split(/\s+/)[0] ?? "")
        .replace(/^['"]|['"]$/g, "")
        .split(/[\\/]/)
        .pop() ?? "";
    return saved.includes(name);
  });
}

/** `iex (iwr URL)`, `Invoke-Expression $text`: the string runs as PowerShell code. */
const invokeExpression: Rule = (invocation, context) => {
  judgePowerShell(`iex ${invocation.args.map((word) => word.value).join(" ")}`, context);
};

/** `-EncodedCommand`'s value: base64 of UTF-16LE text, or null when it is not that. */
function decodeCommand(value: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) return null;
  const bytes = Buffer.from(value, "base64");
  if (bytes.length === 0 || bytes.length % 2 !== 0) return null;
  const text = bytes.toString("utf16le");
  return /[\x00-\x08\x0e-\x1f\ufffd]/.test(text) ? null : text;
}

/** An abbreviation PowerShell accepts for a parameter (`-enc`, `-EncodedC`, `-co`). */
const abbreviates = (word: string, name: string, shortest: number) => {
  const given = word.replace(/^[-/]/, "").toLowerCase();
  return /^[-/]/.test(word) && given.length >= shortest && name.startsWith(given);
};

/** Options of powershell.exe/pwsh that take a value (the command starts after them). */
const VALUE_OPTIONS =
  /^[-/](executionpolicy|ep|ex|exec\w*|windowstyle|w|win\w*|version|v|configurationname|inputformat|outputformat|of|if|psconsolefile|workingdirectory|wd|settingsfile|custompipename)$/i;

/** pwsh/powershell: `-Command` (or the words after the options) is judged, `-EncodedCommand` hides it (high). */
const powershell: Rule = (invocation, context) => {
  const { args } = invocation;
  context.signals.score.raise("medium", `${invocation.program} runs PowerShell`);
  const encoded = args.findIndex(
    (word) => /^[-/](e|ec)$/i.test(word.value) || abbreviates(word.value, "encodedcommand", 2),
  );
  if (encoded >= 0) {
    context.signals.score.raise("high", "PowerShell runs an encoded command: encoding hides what runs");
    // what it decodes to (base64 of UTF-16LE text) is judged as well; text that does not decode stays unknown
    const decoded = decodeCommand(args[encoded + 1]?.value ?? "");
    if (decoded === null)
      return void context.signals.score.raise(
        "high",
        "PowerShell's encoded command does not decode to text: what runs is unknown",
      );
    judgePowerShell(decoded, context);
    context.nested({ value: decoded, dynamic: false, inner: [] }, "PowerShell's encoded command runs");
    return;
  }
  let at = 0;
  while (at < args.length && /^[-/]/.test(args[at]!.value) && !abbreviates(args[at]!.value, "command", 1)) {
    if (abbreviates(args[at]!.value, "file", 1)) {
      // a script file: medium, as any script run; from a share, another machine's code (high)
      const file = args[at + 1]?.value ?? "";
      if (args[at + 1]) context.signals.runs(args[at + 1]!, "pwsh");
      // a script the line downloaded first (`bitsadmin /transfer … a.ps1 & powershell -f a.ps1`)
      if (file && context.signals.downloads.has(context.signals.path(file)))
        context.signals.score.raise(
          "critical",
          `${invocation.program} runs ${file.slice(0, 60)}, downloaded earlier in the line`,
          "pipe_to_shell",
          "network_request",
        );
      if (/^\/\/[\w.$-]+\//.test(file) || /^(https?|ftp):\/\//i.test(file))
        context.signals.score.raise("high", `${invocation.program} runs a script from ${file.slice(0, 60)}`);
      return;
    }
    at += VALUE_OPTIONS.test(args[at]!.value) ? 2 : 1;
  }
  if (at < args.length && abbreviates(args[at]!.value, "command", 1)) at += 1;
  const code = args
    .slice(at)
    .map((word) => word.value)
    .join(" ");
  // Windows PowerShell reads the words after its options as -Command; a lone `x.ps1` is a script
  if (code && !/^[^\s;|&]+\.ps1$/i.test(code.trim())) judgePowerShell(code, context);
};

/**
 * `Set-Content ~/.bashrc x`, `Add-Content -Path $PROFILE`, `Out-File -FilePath F`, `Clear-Content F`:
 * PowerShell's cmdlets that write a file's content are a write of their path, judged as any
 * write (a start-up file, a key, a system path), as a redirect to it would be.
 */
const writesContent: Rule = (invocation, { signals }) => {
  const { args, program } = invocation;
  signals.score.raise("low", `${program} writes a file`);
  const at = args.findIndex((word) => /^-(path|literalpath|lp|pspath|filepath)(:.*)?$/i.test(word.value));
  const attached = at >= 0 ? /^-[a-z]+:(.+)$/i.exec(args[at]!.value)?.[1] : undefined;
  const path =
    attached !== undefined
      ? { ...args[at]!, value: attached }
      : at >= 0
        ? args[at + 1]
        : positionals(args, [
            "-Value",
            "-Encoding",
            "-Stream",
            "-Filter",
            "-Include",
            "-Exclude",
            "-InputObject",
            "-Width",
          ])[0];
  if (path) signals.write(path, `${program} writes`);
};

export const POWERSHELL_RULES: RuleTable = {
  "set-content": writesContent,
  "add-content": writesContent,
  "out-file": writesContent,
  "clear-content": writesContent,
  clc: writesContent,
  ac: writesContent,
  iex: invokeExpression,
  "invoke-expression": invokeExpression,
  pwsh: powershell,
  powershell,
  powershell_ise: powershell,
};
