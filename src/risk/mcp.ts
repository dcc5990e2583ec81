/**
 * MCP tool calls (docs/risk.md), judged from the tool name's verbs and its arguments:
 * read/get/list/search → read (none), create/update/write/push/post/send → write (medium),
 * execute/run/shell/exec/terminal/command → exec (medium at least, then the command itself),
 * delete/drop/destroy → destructive (high). Paths, URLs and SQL in the arguments are judged
 * too (a `query` tool given `DROP TABLE` is critical).
 */
import { judgeDestroyingVerb } from "./rules/general.js";
import type { Word } from "./shell-model.js";
import type { Signals } from "./signals.js";
import { judgeSql, looksLikeSql } from "./sql.js";

type Kind = "read" | "write" | "exec" | "destructive";

const VERBS: Record<string, Kind> = {};
const add = (kind: Kind, words: string) => {
  for (const word of words.split(" ")) VERBS[word] = kind;
};
add(
  "read",
  "read get list search find query fetch view show describe lookup browse status count diff log cat head tail stat info inspect check preview open navigate screenshot snapshot resolve retrieve download",
);
add(
  "write",
  "create update write edit push post send put patch set add insert upload move rename merge commit publish comment reply close assign label fork deploy save append replace modify upsert star approve request",
);
add("exec", "execute exec run shell terminal command bash eval spawn invoke evaluate script");
add("destructive", "delete drop destroy remove purge truncate kill wipe erase revoke terminate uninstall");

/** Lowercase words of a tool name: `execute_command`, `createIssue`, `browser-navigate`. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function mcpKind(tool: string): Kind | null {
  const words = nameWords(tool);
  if (words.some((word) => VERBS[word] === "destructive")) return "destructive";
  for (const word of words) {
    const kind = VERBS[word];
    if (kind) return kind;
  }
  return null;
}

const COMMAND_KEYS = [
  "command",
  "cmd",
  "script",
  "shell_command",
  "commandLine",
  "command_line",
  "code_to_run",
];
/** Keys holding an argv: `{command: "sudo", args: ["rm", "-rf", "/"]}` or `{argv: [...]}`. */
const ARGV_KEYS = ["args", "argv", "arguments"];
/** Keys naming the program of an argv. */
const PROGRAM_KEYS = ["program", "executable", "exe", "binary", "bin"];
/** How deep nested arguments are read, and how many objects at most. */
const MAX_DEPTH = 8;
const MAX_OBJECTS = 512;
/** The path a `file:` URL names (`file:///home/dev/.ssh/id_rsa`). */
function fileUrlPath(url: string): string {
  const path = url.replace(/^file:(\/\/[^/]*)?/i, "");
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // a stray `%` is part of the name
  }
}
/** Keys holding several command lines. */
const COMMAND_LIST_KEYS = ["commands"];
const PATH_KEYS = [
  "path",
  "file_path",
  "filePath",
  "filepath",
  "filename",
  "file",
  "absolute_path",
  "source",
  "destination",
  "target",
  "dir",
  "directory",
  "dir_path",
  "target_file",
  "notebook_path",
];
const PATH_LIST_KEYS = ["paths", "files", "file_paths", "filePaths", "include"];
const URL_KEYS = ["url", "uri", "endpoint", "href"];
const SQL_KEYS = ["sql", "query", "statement", "statements"];
const DATABASE_NAME =
  /sql|postgres|maria|sqlite|duckdb|clickhouse|bigquery|snowflake|supabase|redshift|cockroach|database|(^|[^a-z])(db|pg)([^a-z]|$)/i;

export interface McpCall {
  server: string;
  tool: string;
  args: Record<string, unknown>;
}

type Json = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value : null;
const strings = (value: unknown): string[] | null =>
  Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string")
    ? (value as string[])
    : null;
/** POSIX single quoting, so an argv joined into a line keeps its words. */
const quote = (word: string) => (/^[\w./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/**
 * What an MCP tool's arguments carry, whatever the tool is called: command lines (a string, or
 * an argv: a program and its `args`, or a command tool's bare `args`), paths and path lists, URLs
 * (a `file:` URL is its path). Nested objects and lists are read to eight levels (some servers
 * wrap their arguments), at most 512 objects.
 */
function carried(args: Json, exec: boolean): { commands: string[]; paths: string[]; urls: string[] } {
  const found = { commands: [] as string[], paths: [] as string[], urls: [] as string[] };
  let budget = MAX_OBJECTS;
  const visit = (object: Json, depth: number) => {
    budget -= 1;
    // `{program: "rm", args: ["-rf", "~"]}`; a command tool's bare `{args: ["rm", "-rf", "~"]}`
    const program = PROGRAM_KEYS.map((key) => text(object[key])).find(Boolean);
    const argvOnly = ARGV_KEYS.map((name) => strings(object[name])).find(Boolean);
    if (program) found.commands.push([program, ...(argvOnly ?? [])].map(quote).join(" "));
    else if (exec && argvOnly && !COMMAND_KEYS.some((key) => object[key] !== undefined))
      found.commands.push(argvOnly.map(quote).join(" "));
    for (const key of COMMAND_KEYS) {
      const command = text(object[key]);
      const argv = ARGV_KEYS.map((name) => strings(object[name])).find(Boolean);
      const list = strings(object[key]);
      if (command && argv) found.commands.push([command, ...argv].map(quote).join(" "));
      else if (command) found.commands.push(command);
      else if (list) found.commands.push(list.map(quote).join(" "));
    }
    if (!COMMAND_KEYS.some((key) => object[key] !== undefined)) {
      const argv = (["argv"] as const).map((name) => strings(object[name])).find(Boolean);
      if (argv) found.commands.push(argv.map(quote).join(" "));
    }
    // `cli_command`, `shellCmd`, `run_cmd`: any other key that names a command line
    for (const [key, value] of Object.entries(object)) {
      const command = text(value);
      if (command && !COMMAND_KEYS.includes(key) && /(command|cmd|cmd_?line|command_?line)$/i.test(key))
        found.commands.push(command);
    }
    for (const key of COMMAND_LIST_KEYS) {
      for (const item of strings(object[key])?.slice(0, 64) ?? []) found.commands.push(item);
    }
    for (const key of PATH_KEYS) {
      const value = object[key];
      for (const item of (Array.isArray(value) ? value : [value]).slice(0, 64)) {
        const path = text(item);
        if (path && /^file:/i.test(path)) found.paths.push(fileUrlPath(path));
        else if (path && !/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) found.paths.push(path);
        else if (path) found.urls.push(path);
      }
    }
    for (const key of PATH_LIST_KEYS) {
      for (const item of (Array.isArray(object[key]) ? (object[key] as unknown[]) : []).slice(0, 64)) {
        const path = text(item);
        if (path) found.paths.push(path);
      }
    }
    for (const key of URL_KEYS) {
      const url = text(object[key]);
      if (url && /^file:/i.test(url)) found.paths.push(fileUrlPath(url));
      else if (url) found.urls.push(url);
    }
    // into nested objects and lists however deep a server wraps them, within bounds
    const walk = (value: unknown, level: number) => {
      if (budget <= 0 || level > MAX_DEPTH || value === null || typeof value !== "object") return;
      if (Array.isArray(value)) for (const item of value.slice(0, 64)) walk(item, level + 1);
      else visit(value as Json, level);
    };
    for (const value of Object.values(object)) walk(value, depth + 1);
  };
  visit(args, 0);
  return found;
}

/**
 * Judges an MCP call; returns the command lines its arguments carry, to be classified as
 * commands. Whatever the tool is called, a command string or argv it carries is judged as a
 * command, a path as a path, a URL as a URL, SQL as SQL: a name is not a verdict (a
 * "process_start" tool given `sudo rm -rf /`, a "read_multiple_files" given `~/.ssh/id_rsa`).
 */
export function classifyMcp(call: McpCall, signals: Signals): string[] {
  const kind = mcpKind(call.tool);
  const { score } = signals;
  const label = `mcp ${call.server}.${call.tool}`;
  const str = (key: string) => (typeof call.args[key] === "string" ? (call.args[key] as string) : null);
  const found = carried(call.args, kind === "exec");
  for (const url of found.urls) signals.network(url, kind === "write" ? "POST" : "GET", "tool");
  for (const path of found.paths) {
    if (kind === "write" || kind === "destructive")
      signals.write(path, kind === "destructive" ? "deletes" : "writes");
    else signals.read(path);
  }
  // SQL in the arguments is judged by what it does, whatever the tool is called (`query`).
  // `query` is SQL only for a database tool: a search tool's query is text to look for.
  const database = DATABASE_NAME.test(`${call.server} ${call.tool}`);
  let sqlRead = false;
  for (const key of SQL_KEYS) {
    const sql = str(key);
    if (!sql || (key === "query" && !database) || (key !== "sql" && !looksLikeSql(sql))) continue;
    if (judgeSql(sql, label, score) && kind === "read") sqlRead = true;
  }
  // a destroying verb and its object, as for any command (rules/general.ts): `delete_repository`
  // is a container, `delete_issue_comment` a routine object, `flushall` everything
  if (
    (kind === "destructive" || kind === null) &&
    judgeDestroyingVerb(call.server, toolWords(call), signals)
  ) {
    if (kind === null) score.raise("medium", `${label}: tool of unknown kind`);
    return sqlRead ? [] : found.commands;
  }
  switch (kind) {
    case "read":
      score.raise("none", `${label}: read tool`);
      break;
    case "write":
      score.raise("medium", `${label}: write tool`);
      break;
    case "destructive":
      score.raise("high", `${label}: destructive tool`, "destructive_command");
      break;
    case "exec":
      score.raise("medium", `${label}: command-execution tool`);
      break;
    default:
      score.raise("medium", `${label}: tool of unknown kind`);
  }
  return sqlRead ? [] : found.commands;
}

/** The tool's name as a sub-command and its flat arguments as options (`--force`, `--name=x`). */
function toolWords(call: McpCall): Word[] {
  const words: Word[] = [{ value: nameWords(call.tool).join("-"), dynamic: false, inner: [] }];
  for (const [key, value] of Object.entries(call.args).slice(0, 32)) {
    const name = key
      .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
      .toLowerCase()
      .replace(/_/g, "-");
    if (value === true) words.push({ value: `--${name}`, dynamic: false, inner: [] });
    else if (typeof value === "string" || typeof value === "number")
      words.push({ value: `--${name}=${String(value).slice(0, 200)}`, dynamic: false, inner: [] });
  }
  return words;
}
