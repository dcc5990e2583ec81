/**
 * What the Windows rule files (windows-exec, windows-invoke, windows-system, windows-transfer)
 * read alike from a program's arguments: their values, lower-cased, and whether one names a
 * remote place (a URL or a UNC share, where code or a file comes from elsewhere), the
 * processes that are the system or its defences, and the words a pipeline hands a command.
 */
import type { RuleContext } from "../command/rule.js";
import type { Word } from "../shell-model.js";

export const REMOTE = /^(https?|ftp):\/\/|^\/\/[\w.$-]+\//i;
export const values = (args: Word[]): string[] => args.map((word) => word.value);
export const lower = (args: Word[]): string[] => values(args).map((value) => value.toLowerCase());
/** Processes that are the system or its defences: stopping one takes the machine or its guard down. */
export const SYSTEM_PROCESS =
  /^(lsass|csrss|wininit|winlogon|services|smss|svchost|spoolsv|lsaiso|trustedinstaller|msmpeng|mssense|sense|nissrv|securityhealthservice|sysmon|sysmon64|windefend|mpdefendercoreservice|elastic-agent|sentinelagent|csfalconservice|cb|cylancesvc)(\.exe)?$/i;

/** The words of the commands feeding this one through a pipe (`Get-Process lsass | Stop-Process`). */
export function pipedFrom(context: RuleContext, program: string): string[] {
  const commands = context.script.commands;
  const here = commands.findIndex(
    (command) => (command.words[0]?.value ?? "").toLowerCase().replace(/\.exe$/, "") === program,
  );
  const command = commands[here];
  if (!command || command.position === 0) return [];
  return commands
    .filter((other) => other.pipeline === command.pipeline && other.position < command.position)
    .flatMap((other) => other.words.slice(1).map((word) => word.value));
}

/** The words of the commands this one pipes into (`reg query … | findstr DefaultPassword`). */
export function pipedTo(context: RuleContext, program: string): string[] {
  const commands = context.script.commands;
  const command = commands.find(
    (other) => (other.words[0]?.value ?? "").toLowerCase().replace(/\.exe$/, "") === program,
  );
  if (!command) return [];
  return commands
    .filter((other) => other.pipeline === command.pipeline && other.position > command.position)
    .flatMap((other) => other.words.map((word) => word.value));
}
