/**
 * PowerShell cmdlets that reach beyond the session (docs/risk.md, "Windows: code run through
 * another program"): WMI and CIM methods (a `Win32_Process` created runs its command line), C#
 * compiled in (`Add-Type -TypeDefinition`: code the line does not show), and the web cmdlets (a
 * request with its method, a download remembered when saved). Registered through windows-exec.ts.
 */
import type { Rule, RuleTable } from "../command/rule.js";
import { staticWord } from "../shell-model.js";
import { lower, REMOTE, values } from "./windows-words.js";

/** `Invoke-WmiMethod -Class Win32_Process -Name Create -ArgumentList CMD` (or the CIM form) starts CMD. */
const wmiMethod: Rule = (invocation, context) => {
  const args = values(invocation.args);
  const text = args.join(" ");
  if (!/win32_process/i.test(text) || !/\bcreate\b/i.test(text))
    return void context.signals.score.raise("medium", `${invocation.program} calls a WMI method`);
  context.signals.score.raise("medium", `${invocation.program} starts a process through WMI`);
  const list = args[args.findIndex((arg) => /^-(argumentlist|arguments|args)$/i.test(arg)) + 1] ?? "";
  const command = /commandline\s*=\s*['"]?([^'";}]+)/i.exec(list)?.[1] ?? list;
  if (command && !/^[-@]/.test(command)) context.nested(staticWord(command), `${invocation.program} starts`);
  else
    context.signals.score.raise(
      "high",
      `${invocation.program} starts a process whose command is not on the line`,
    );
};

/** `Add-Type -TypeDefinition …`: C# compiled and loaded into the session; what it does is not read. */
const addType: Rule = (invocation, { signals }) => {
  const args = lower(invocation.args);
  if (args.some((arg) => /^-(typedefinition|memberdefinition|path|literalpath)$/.test(arg)))
    return void signals.score.raise(
      "high",
      "Add-Type compiles and loads code into PowerShell: what it does is not read",
    );
  signals.score.raise("low", "Add-Type loads an assembly by name");
};

/** PowerShell's web cmdlets: a request (its -Method), and with -OutFile/-Destination a download, remembered. */
const webRequest: Rule = (invocation, { signals }) => {
  const args = values(invocation.args);
  const option = (name: RegExp) => {
    const at = args.findIndex((arg) => name.test(arg));
    return at >= 0 ? args[at + 1] : undefined;
  };
  const url = option(/^-(uri|source|u)$/i) ?? args.find((arg) => REMOTE.test(arg));
  const method = (option(/^-(method|custommethod)$/i) ?? "GET").toUpperCase();
  if (url) signals.network(url, method, "command");
  const out = option(/^-(outfile|destination|o)$/i);
  if (out) signals.download(out);
  if (!url && !out) signals.score.raise("medium", `${invocation.program} makes a web request`);
};

export const WINDOWS_INVOKE_RULES: RuleTable = {
  "invoke-wmimethod": wmiMethod,
  iwmi: wmiMethod,
  "invoke-cimmethod": wmiMethod,
  "add-type": addType,
  "invoke-webrequest": webRequest,
  iwr: webRequest,
  "invoke-restmethod": webRequest,
  irm: webRequest,
  "start-bitstransfer": webRequest,
};
