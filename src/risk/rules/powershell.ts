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
  if (/\b(remove-item|rm|del|rmdir|rd)\b[^;|]*-r(ecurse)?\b/i.test(code)) {
    score.raise("high", "PowerShell deletes recursively", "destructive_command");
  }
  judgeWindowsCode(code, context.signals);
}

/** `iex (iwr URL)`, `Invoke-Expression $text`: the string runs as PowerShell code. */
const invokeExpression: Rule = (invocation, context) => {
  judgePowerShell(`iex ${invocation.args.map((word) => word.value).join(" ")}`, context);
};

/** pwsh/powershell: `-Command` code is judged, `-EncodedCommand` hides it (high). */
const powershell: Rule = (invocation, context) => {
  const { args } = invocation;
  const encoded = args.findIndex((word) => /^-(e|ec|enc|encodedcommand)$/i.test(word.value));
  if (encoded >= 0)
    return void context.signals.score.raise(
      "high",
      "PowerShell runs an encoded command: encoding hides what runs",
    );
  const command = args.findIndex((word) => /^-(c|command)$/i.test(word.value));
  if (command >= 0)
    judgePowerShell(
      args
        .slice(command + 1)
        .map((word) => word.value)
        .join(" "),
      context,
    );
  context.signals.score.raise("medium", `${invocation.program} runs PowerShell`);
};

export const POWERSHELL_RULES: RuleTable = {
  iex: invokeExpression,
  "invoke-expression": invokeExpression,
  pwsh: powershell,
  powershell,
};
