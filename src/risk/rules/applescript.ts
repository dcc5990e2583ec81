/**
 * What AppleScript does besides running shell text (`do shell script`, Terminal's `do script`:
 * judged as the commands they are, rules/interpreters.ts): a login item added is a program
 * started at every login (persistence, as a LaunchAgent); `with administrator privileges` runs
 * the shell text as root after a password prompt (as sudo). A password dialog with a hidden
 * answer: rules/host.ts (code hazards of every language).
 */
import type { Signals } from "../signals.js";

export function judgeAppleScript(code: string, signals: Signals): void {
  if (/\bwith\s+administrator\s+privileges\b/i.test(code))
    signals.score.raise(
      "critical",
      "osascript runs shell text as root (with administrator privileges)",
      "privilege_escalation",
    );
  if (/\bmake\s+(new\s+)?login\s+item\b/i.test(code))
    signals.score.raise(
      "high",
      "osascript adds a login item (a program started at every login)",
      "system_modification",
    );
}
