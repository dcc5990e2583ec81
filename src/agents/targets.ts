/**
 * What a tool call carries, whatever the tool is called. An agent adds tools faster than any
 * table follows (Claude Code's Monitor and PowerShell, Cursor's Shell, Gemini's grep_search),
 * so a tool is never judged by its name alone: every command, path and URL in its input is
 * judged as such, and the call's level is the highest of them (src/hooks/run.ts merges).
 * An unknown tool is therefore never judged below what it carries.
 */
import type { ActionTarget } from "../action/index.js";
import type { Json } from "./payload.js";

/** Input keys that hold a command line, by how agents name them. */
const COMMAND_KEYS = ["command", "cmd", "script", "command_line", "commandLine"];
/** Input keys that hold one file or directory path. */
const PATH_KEYS = [
  "file_path",
  "filePath",
  "path",
  "absolute_path",
  "notebook_path",
  "target_file",
  "targetFile",
  "dir_path",
  "directory",
  "target_directory",
  "source",
  "destination",
];
/** Input keys that hold lists of command lines (Cline's run_commands). */
const COMMAND_LIST_KEYS = ["commands"];
/** Input keys that hold lists of paths or path patterns (or of objects that carry them). */
const PATH_LIST_KEYS = ["paths", "include", "file_paths", "files"];
const URL_KEYS = ["url", "uri", "href", "endpoint"];
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>)\]]+/g;

/** Tools whose input is a PowerShell command line (judged as PowerShell, see powershell.ts). */
export const POWERSHELL_TOOLS = new Set(["PowerShell", "powershell", "pwsh"]);

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/**
 * Every command, path and URL in a tool input (top level, and one level into nested objects,
 * where some agents wrap arguments). `pathOp` is how a path of this tool is taken: a tool that
 * is not known to only read is taken as writing (the stricter reading).
 */
export function carriedTargets(input: Json, pathOp: "read" | "write" = "write"): ActionTarget[] {
  const targets: ActionTarget[] = [];
  const visit = (object: Json, depth: number) => {
    for (const key of COMMAND_KEYS) {
      const command = text(object[key]);
      if (command) targets.push({ kind: "command", command });
    }
    for (const key of PATH_KEYS) {
      const path = text(object[key]);
      if (path && !/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) targets.push({ kind: "file", op: pathOp, path });
    }
    for (const key of COMMAND_LIST_KEYS) {
      const list = object[key];
      const items = Array.isArray(list) ? list : typeof list === "string" ? [list] : [];
      for (const item of items.slice(0, 64)) {
        const command = text(item);
        if (command) targets.push({ kind: "command", command });
      }
    }
    for (const key of PATH_LIST_KEYS) {
      const list = object[key];
      const items = Array.isArray(list) ? list : typeof list === "string" ? [list] : [];
      for (const item of items.slice(0, 64)) {
        const path = text(item);
        if (path) targets.push({ kind: "file", op: pathOp, path });
      }
    }
    for (const key of URL_KEYS) {
      const url = text(object[key]);
      if (url) targets.push({ kind: "network", method: "GET", url });
    }
    if (depth > 0) return;
    // One level into nested objects and lists of objects ({files: [{path}]}, {requests: [{url}]}).
    for (const value of Object.values(object)) {
      const items = Array.isArray(value) ? value.slice(0, 64) : [value];
      for (const item of items)
        if (item !== null && typeof item === "object" && !Array.isArray(item)) visit(item as Json, depth + 1);
    }
  };
  visit(input, 0);
  return targets;
}

/** URLs written in free text (Gemini's web_fetch takes them inside its prompt). */
export function urlsIn(value: unknown): ActionTarget[] {
  if (typeof value !== "string") return [];
  return [...value.matchAll(URL_IN_TEXT)]
    .slice(0, 20)
    .map((m) => ({ kind: "network", method: "GET", url: m[0] }));
}

/** A string input member, or "". */
export function str(input: Json, ...keys: string[]): string {
  for (const key of keys) if (typeof input[key] === "string") return input[key] as string;
  return "";
}
