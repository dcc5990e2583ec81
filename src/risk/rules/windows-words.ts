/**
 * What the Windows rule files (windows-exec, windows-invoke, windows-system, windows-transfer)
 * read alike from a program's arguments: their values, lower-cased, and whether one names a
 * remote place (a URL or a UNC share, where code or a file comes from elsewhere), and the
 * processes that are the system or its defences.
 */
import type { Word } from "../shell-model.js";

export const REMOTE = /^(https?|ftp):\/\/|^\/\/[\w.$-]+\//i;
export const values = (args: Word[]): string[] => args.map((word) => word.value);
export const lower = (args: Word[]): string[] => values(args).map((value) => value.toLowerCase());
/** Processes that are the system or its defences: stopping one takes the machine or its guard down. */
export const SYSTEM_PROCESS =
  /^(lsass|csrss|wininit|winlogon|services|smss|svchost|spoolsv|lsaiso|trustedinstaller|msmpeng|mssense|sense|nissrv|securityhealthservice|sysmon|sysmon64|windefend|mpdefendercoreservice|elastic-agent|sentinelagent|csfalconservice|cb|cylancesvc)(\.exe)?$/i;
