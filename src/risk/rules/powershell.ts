/**
 * PowerShell run from a shell: `pwsh -Command CODE` is judged as PowerShell (download and run,
 * recursive deletes, Windows administration), `-EncodedCommand` hides what runs (high), and
 * `iex`/`Invoke-Expression` run a string as code.
 */
import type { Rule, RuleContext, RuleTable } from "../command/rule.js";
import { judgeWindowsCode } from "./windows.js";

const DOWNLOAD_IN_POWERSHELL =
  /\b(iwr|irm|invoke-webrequest|invoke-restmethod|downloadstring|downloadfile|net\.webclient|curl|wget|start-bitstransfer)\b/i;

/** PowerShell code: download-and-run, encoded commands, recursive deletes. */
function judgePowerShell(code: string, context: RuleContext): void {
  const { score } = context.signals;
  if (/\b(iex|invoke-expression)\b/i.test(code) && DOWNLOAD_IN_POWERSHELL.test(code)) {
    score.raise("critical", "PowerShell runs downloaded code", "pipe_to_shell", "network_request");
  } else if (/\b(iex|invoke-expression)\b/i.test(code)) {
    score.raise("high", "PowerShell runs a string as code");
  }
  if (savedAndRun(code))
    score.raise("critical", "PowerShell downloads a file and runs it", "pipe_to_shell", "network_request");
  if (/\b(start-process|saps|start)\b[^;|]*-verb\s+['"]?runas\b/i.test(code))
    score.raise(
      "critical",
      "PowerShell starts a program as administrator (-Verb RunAs)",
      "privilege_escalation",
    );
  if (/\b(remove-item|rm|del|rmdir|rd)\b[^;|]*-r(ecurse)?\b/i.test(code)) {
    score.raise("high", "PowerShell deletes recursively", "destructive_command");
  }
  judgeWindowsCode(code, context.signals);
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
  if (args.some((word) => /^[-/](e|ec)$/i.test(word.value) || abbreviates(word.value, "encodedcommand", 2)))
    return void context.signals.score.raise(
      "high",
      "PowerShell runs an encoded command: encoding hides what runs",
    );
  let at = 0;
  while (at < args.length && /^[-/]/.test(args[at]!.value) && !abbreviates(args[at]!.value, "command", 1)) {
    if (abbreviates(args[at]!.value, "file", 1)) {
      // a script file: medium, as any script run; from a share, another machine's code (high)
      const file = args[at + 1]?.value ?? "";
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

export const POWERSHELL_RULES: RuleTable = {
  iex: invokeExpression,
  "invoke-expression": invokeExpression,
  pwsh: powershell,
  powershell,
  powershell_ise: powershell,
};
