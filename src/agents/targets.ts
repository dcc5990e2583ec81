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
/** Any other key named for a command line (`shell_command`, `cmdline`, `runCmd`). */
const COMMAND_KEY = /(command|cmd|cmd_?line|command_?line)$/i;
/** Keys naming the program of an argv (`{program: "rm", args: ["-rf", "~"]}`). */
const PROGRAM_KEYS = ["program", "executable", "exe", "binary", "bin"];
const ARGV_KEYS = ["args", "argv", "arguments"];
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
  "file",
  "filename",
  "fileName",
  "file_name",
  "pathname",
  "folder",
  "dir",
];
/** Input keys that hold lists of command lines (Cline's run_commands). */
const COMMAND_LIST_KEYS = ["commands"];
/** Input keys that hold lists of paths or path patterns (or of objects that carry them). */
const PATH_LIST_KEYS = ["paths", "include", "file_paths", "files", "glob"];
const URL_KEYS = ["url", "uri", "href", "endpoint"];
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>)\]]+/g;

/** Tools whose input is a PowerShell command line (judged as PowerShell, see powershell.ts). */
export const POWERSHELL_TOOLS = new Set(["PowerShell", "powershell", "pwsh"]);

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/** A list of strings (an argv), or null. */
function strings(value: unknown): string[] | null {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string")
    ? (value as string[])
    : null;
}

/** POSIX single quoting, so an argv joined into a line keeps its words. */
export function argvLine(argv: string[]): string {
  return argv
    .map((word) => (/^[\w./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`))
    .join(" ");
}

/** A path, or the path a `file:` URL names. */
function filePath(value: string): string | null {
  if (/^file:/i.test(value)) {
    const path = value.replace(/^file:(\/\/[^/]*)?/i, "");
    try {
      return decodeURIComponent(path) || null;
    } catch {
      return path || null; // a stray `%` is part of the name
    }
  }
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? null : value;
}

/** How deep into nested objects and lists a tool input is read, and how many objects at most. */
const MAX_DEPTH = 8;
const MAX_OBJECTS = 512;

/**
 * Every command, path and URL in a tool input (top level, and one level into nested objects,
 * where some agents wrap arguments). `pathOp` is how a path of this tool is taken: a tool that
 * is not known to only read is taken as writing (the stricter reading).
 */
export function carriedTargets(input: Json, pathOp: "read" | "write" = "write"): ActionTarget[] {
  const targets: ActionTarget[] = [];
  const path = (value: string) => {
    const file = filePath(value);
    if (file) targets.push({ kind: "file", op: pathOp, path: file });
  };
  let budget = MAX_OBJECTS;
  const visit = (object: Json, depth: number) => {
    budget -= 1;
    for (const key of COMMAND_KEYS) {
      const command = text(object[key]);
      if (command) targets.push({ kind: "command", command });
      const argv = strings(object[key]); // `{command: ["rm", "-rf", "~"]}`
      if (argv) targets.push({ kind: "command", command: argvLine(argv) });
    }
    for (const [key, value] of Object.entries(object)) {
      const command = text(value);
      if (command && !COMMAND_KEYS.includes(key) && COMMAND_KEY.test(key))
        targets.push({ kind: "command", command });
    }
    // `{program: "rm", args: ["-rf", "~"]}`: the program and its argv, one command line
    const program = PROGRAM_KEYS.map((key) => text(object[key])).find(Boolean);
    const argv = ARGV_KEYS.map((key) => strings(object[key])).find(Boolean);
    if (program) targets.push({ kind: "command", command: argvLine([program, ...(argv ?? [])]) });
    for (const key of PATH_KEYS) {
      const value = object[key];
      for (const item of (Array.isArray(value) ? value : [value]).slice(0, 64)) {
        const single = text(item);
        if (single) path(single);
      }
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
        const single = text(item);
        if (single) path(single);
      }
    }
    for (const key of URL_KEYS) {
      const url = text(object[key]);
      if (url && /^file:/i.test(url)) path(url);
      else if (url) targets.push({ kind: "network", method: "GET", url });
    }
    if (depth >= MAX_DEPTH) return;
    // Into nested objects and lists, however a server wraps its arguments ({params: {arguments: …}},
    // {steps: [[{cmd}]]}), within a bound on depth and on the objects read.
    const walk = (value: unknown, level: number) => {
      if (budget <= 0 || value === null || typeof value !== "object") return;
      if (Array.isArray(value)) {
        if (level < MAX_DEPTH) for (const item of value.slice(0, 64)) walk(item, level + 1);
      } else visit(value as Json, level);
    };
    for (const value of Object.values(object)) walk(value, depth + 1);
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
