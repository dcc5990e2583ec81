/**
 * MCP tool calls (docs/risk.md), judged from the tool name's verbs and its arguments:
 * read/get/list/search → read (none), create/update/write/push/post/send → write (medium),
 * execute/run/shell/exec/terminal/command → exec (medium at least, then the command itself),
 * delete/drop/destroy → destructive (high). Paths, URLs and SQL in the arguments are judged
 * too (a `query` tool given `DROP TABLE` is critical).
 */
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

const COMMAND_KEYS = ["command", "cmd", "script", "shell_command", "commandLine", "command_line"];
const PATH_KEYS = [
  "path",
  "file_path",
  "filepath",
  "filename",
  "file",
  "source",
  "destination",
  "target",
  "dir",
  "directory",
];
const URL_KEYS = ["url", "uri", "endpoint", "href"];
const SQL_KEYS = ["sql", "query", "statement", "statements"];
const DATABASE_NAME =
  /sql|postgres|maria|sqlite|duckdb|clickhouse|bigquery|snowflake|supabase|redshift|cockroach|database|(^|[^a-z])(db|pg)([^a-z]|$)/i;

export interface McpCall {
  server: string;
  tool: string;
  args: Record<string, unknown>;
}

/** Judges an MCP call; returns the command text to classify for exec tools (or null). */
export function classifyMcp(call: McpCall, signals: Signals): string | null {
  const kind = mcpKind(call.tool);
  const { score } = signals;
  const label = `mcp ${call.server}.${call.tool}`;
  const str = (key: string) => (typeof call.args[key] === "string" ? (call.args[key] as string) : null);
  for (const key of URL_KEYS) {
    const url = str(key);
    if (url) signals.network(url, kind === "write" ? "POST" : "GET", "tool");
  }
  for (const key of PATH_KEYS) {
    const path = str(key);
    if (!path) continue;
    if (kind === "read" || kind === null) signals.read(path);
    else if (kind !== "exec") signals.write(path, kind === "destructive" ? "deletes" : "writes");
  }
  // SQL in the arguments is judged by what it does, whatever the tool is called (`query`).
  // `query` is SQL only for a database tool: a search tool's query is text to look for.
  const database = DATABASE_NAME.test(`${call.server} ${call.tool}`);
  for (const key of SQL_KEYS) {
    const sql = str(key);
    if (!sql || (key === "query" && !database) || (key !== "sql" && !looksLikeSql(sql))) continue;
    if (judgeSql(sql, label, score) && kind === "read") return null;
  }
  switch (kind) {
    case "read":
      score.raise("none", `${label}: read tool`);
      return null;
    case "write":
      score.raise("medium", `${label}: write tool`);
      return null;
    case "destructive":
      score.raise("high", `${label}: destructive tool`, "destructive_command");
      return null;
    case "exec": {
      score.raise("medium", `${label}: command-execution tool`);
      for (const key of COMMAND_KEYS) {
        const command = str(key);
        if (command) return command;
      }
      const argv = call.args.args;
      if (Array.isArray(argv) && argv.every((item) => typeof item === "string"))
        return (argv as string[]).join(" ");
      return null;
    }
    default:
      score.raise("medium", `${label}: tool of unknown kind`);
      return null;
  }
}
