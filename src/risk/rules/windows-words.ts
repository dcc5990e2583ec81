/**
 * What the Windows rule files (windows-exec, windows-invoke, windows-system, windows-transfer)
 * read alike from a program's arguments: their values, lower-cased, and whether one names a
 * remote place (a URL or a UNC share, where code or a file comes from elsewhere).
 */
import type { Word } from "../shell-model.js";

export const REMOTE = /^(https?|ftp):\/\/|^\/\/[\w.$-]+\//i;
export const values = (args: Word[]): string[] => args.map((word) => word.value);
export const lower = (args: Word[]): string[] => values(args).map((value) => value.toLowerCase());
