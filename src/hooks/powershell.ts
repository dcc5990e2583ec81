/**
 * PowerShell command lines, judged as PowerShell. The shell rules (src/risk) read POSIX
 * shell; a PowerShell line read that way is either unreadable (high) or an unknown program.
 * This adds what PowerShell itself means: cmdlets and their aliases that delete, download and
 * run, escalate or change the system. Matching is case-insensitive, as PowerShell is, and an
 * unrecognised line is at least medium: never `none` for a language the rules do not parse.
 */
import type { RiskFlag, RiskLevel } from "../chain/index.js";

export interface Finding {
  level: RiskLevel;
  flags: RiskFlag[];
  reason: string;
  /** What it finds is known only at run time: in a script file's text, the script's own (medium). */
  runTime?: boolean;
}

interface Rule extends Finding {
  pattern: RegExp;
}

const RECURSIVE_DELETE = "PowerShell: recursive delete (Remove-Item -Recurse)";

/**
 * Every recursive delete in the text deletes a path its variables name (`Remove-Item -Recurse
 * $TOOLS_DIR\x`): known only at run time (in a script file, the script's own: medium).
 */
function deletesOnlyVariables(command: string): boolean {
  const deletes = [
    ...command.matchAll(/\b(remove-item|ri|del|erase|rd|rmdir)\b[^;\n|]*\s-r(ecurse)?\b[^;\n|]*/gi),
  ];
  return (
    deletes.length > 0 &&
    deletes.every((match) => {
      const operand = match[0]
        .split(/\s+/)
        .slice(1)
        .find((word) => !word.startsWith("-"));
      return operand !== undefined && /^["'(]?\$/.test(operand);
    })
  );
}

const RULES: Rule[] = [
  {
    pattern:
      /\b(iwr|irm|curl|wget|invoke-webrequest|invoke-restmethod|net\.webclient|downloadstring)\b[^;\n]*\|\s*(iex|invoke-expression)\b/i,
    level: "critical",
    flags: ["network_request", "pipe_to_shell"],
    reason: "PowerShell: downloads code and runs it (… | Invoke-Expression)",
  },
  {
    pattern:
      /\b(remove-item|rm|ri|del|erase|rd|rmdir)\b(?=[^;\n|]*\s-r(ecurse)?\b)(?=[^;\n|]*\s(-fo(rce)?|-f)\b)[^;\n|]*\s['"]?([a-z]:\\?['"]?(\s|$)|\\['"]?(\s|$)|\/['"]?(\s|$)|~|\$env:(userprofile|systemroot|windir)|\$home)/i,
    level: "critical",
    flags: ["destructive_command", "broad_file_deletion"],
    reason: "PowerShell: recursive forced delete of a drive, root or home",
  },
  {
    pattern: /\b(remove-item|ri|del|erase|rd|rmdir)\b[^;\n|]*\s-r(ecurse)?\b/i,
    level: "high",
    flags: ["destructive_command"],
    reason: RECURSIVE_DELETE,
  },
  {
    pattern:
      /\b(format-volume|clear-disk|initialize-disk|remove-partition|stop-computer|restart-computer)\b/i,
    level: "critical",
    flags: ["destructive_command", "system_modification"],
    reason: "PowerShell: formats disks or stops the machine",
  },
  {
    pattern: /\bstart-process\b[^;\n|]*-verb\s+['"]?runas\b/i,
    level: "high",
    flags: ["privilege_escalation"],
    reason: "PowerShell: starts a process as administrator (-Verb RunAs)",
  },
  {
    pattern:
      /\b(set-executionpolicy|set-itemproperty\s+[^;\n|]*hklm:|new-itemproperty\s+[^;\n|]*hklm:|reg\s+(add|delete)|set-service|new-service|bcdedit|set-mppreference|add-mppreference)\b/i,
    level: "high",
    flags: ["system_modification"],
    reason: "PowerShell: changes system configuration (policy, registry, services, Defender)",
  },
  {
    pattern: /\b(iex|invoke-expression|invoke-command|-encodedcommand|-enc)\b/i,
    level: "high",
    flags: [],
    reason: "PowerShell: runs code built at run time (Invoke-Expression, -EncodedCommand)",
    runTime: true,
  },
  {
    pattern: /\b(invoke-webrequest|invoke-restmethod|iwr|irm|start-bitstransfer|net\.webclient)\b/i,
    level: "medium",
    flags: ["network_request"],
    reason: "PowerShell: network request",
  },
  {
    pattern: /\bgit\s+push\b[^;\n|]*\s(--force\b|-f\b)/i,
    level: "high",
    flags: ["force_push"],
    reason: "PowerShell: git push --force",
  },
];

/** What the line means as PowerShell; at least medium (the POSIX rules do not parse it). */
export function judgePowerShell(command: string): Finding[] {
  const found = RULES.filter((rule) => rule.pattern.test(command)).map(({ pattern: _p, ...finding }) =>
    finding.reason === RECURSIVE_DELETE && deletesOnlyVariables(command)
      ? { ...finding, runTime: true }
      : finding,
  );
  found.push({ level: "medium", flags: [], reason: "PowerShell command line (judged at least medium)" });
  return found;
}
