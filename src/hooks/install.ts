/**
 * `trailseal hook install <agent>`: adds trailseal's hooks to an agent's settings file.
 *
 * - Claude Code: <project>/.claude/settings.json, or (--user) $CLAUDE_CONFIG_DIR/settings.json
 *   (default ~/.claude); PreToolUse with `"onFailure": "block"`, and the outcomes PostToolUse,
 *   PostToolUseFailure and PermissionDenied.
 * - Cursor: <project>/.cursor/hooks.json or ~/.cursor/hooks.json (version 1), every entry
 *   `"failClosed": true`.
 * - Gemini CLI: <project>/.gemini/settings.json or ~/.gemini/settings.json, BeforeTool and AfterTool.
 * - Codex CLI: <project>/.codex/hooks.json or $CODEX_HOME/hooks.json (default ~/.codex), Claude
 *   Code's shape: PreToolUse and PostToolUse.
 * - GitHub Copilot: <project>/.github/hooks/trailseal.json (`bash` and `powershell` commands),
 *   preToolUse and postToolUse; user scope ~/.copilot/hooks/trailseal.json.
 * - Windsurf: <project>/.windsurf/hooks.json or ~/.codeium/windsurf/hooks.json, the pre_* and
 *   post_* events of commands, reads, writes and MCP tools.
 * - Kiro CLI: an agent configuration of its own, .kiro/agents/trailseal.json (or ~/.kiro/…),
 *   preToolUse and postToolUse.
 * - Cline (scripts) and OpenCode (a plugin): install-files.ts.
 *
 * Fail closed: a pre-tool command ends in `|| exit 2`, so a hook that cannot start (trailseal
 * not on PATH: status 127, a crash) is a blocking error in every agent; an outcome's command
 * ends in `|| exit 1`, the agents' non-blocking error (Gemini would replace a tool's result
 * with a blocking AfterTool). The home is written into the command as an absolute path: agents
 * may run hooks with a stripped environment (Gemini in CI drops TRAILSEAL_HOME).
 *
 * Idempotent: an entry that already runs `trailseal hook <agent>` is updated in place (a new
 * --home replaces the old one) or left alone; everything else in the file is kept. A file that
 * is not valid JSON is an error and is never overwritten; the file is replaced atomically.
 */
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileCalls, writeFileAtomic } from "../durable/index.js";
import { configError } from "../errors/index.js";
import type { AgentName } from "./adapters.js";
import { fileHookPaths, installFileHooks } from "./install-files.js";
import type { InstallOptions, InstallResult } from "./install-options.js";

export type { InstallOptions, InstallResult, InstallScope } from "./install-options.js";

interface EventSpec {
  event: string;
  pre: boolean;
}

const EVENTS: Record<AgentName, EventSpec[]> = {
  "claude-code": [
    { event: "PreToolUse", pre: true },
    { event: "PostToolUse", pre: false },
    { event: "PostToolUseFailure", pre: false },
    { event: "PermissionDenied", pre: false },
  ],
  cursor: [
    { event: "beforeShellExecution", pre: true },
    { event: "beforeMCPExecution", pre: true },
    { event: "beforeReadFile", pre: true },
    { event: "preToolUse", pre: true },
    { event: "afterShellExecution", pre: false },
    { event: "afterMCPExecution", pre: false },
    { event: "afterFileEdit", pre: false },
    // preToolUse covers every tool (reads, writes, …): their results only come as postToolUse.
    { event: "postToolUse", pre: false },
    { event: "postToolUseFailure", pre: false },
  ],
  gemini: [
    { event: "BeforeTool", pre: true },
    { event: "AfterTool", pre: false },
  ],
  codex: [
    { event: "PreToolUse", pre: true },
    { event: "PostToolUse", pre: false },
  ],
  copilot: [
    { event: "preToolUse", pre: true },
    { event: "postToolUse", pre: false },
  ],
  kiro: [
    { event: "preToolUse", pre: true },
    { event: "postToolUse", pre: false },
  ],
  // Files, not settings entries: install-files.ts.
  cline: [],
  opencode: [],
  windsurf: [
    { event: "pre_run_command", pre: true },
    { event: "pre_read_code", pre: true },
    { event: "pre_write_code", pre: true },
    { event: "pre_mcp_tool_use", pre: true },
    { event: "post_run_command", pre: false },
    { event: "post_write_code", pre: false },
    { event: "post_mcp_tool_use", pre: false },
  ],
};

/** Claude Code, Gemini and Codex nest commands in matcher groups; the others list them flat. */
const NESTED = new Set<AgentName>(["claude-code", "gemini", "codex"]);

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** POSIX shell single quoting (the agents run hook commands through sh/bash). */
function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

export function hookCommand(agent: AgentName, home: string, pre: boolean, program = "trailseal"): string {
  return `${shellQuote(program)} hook ${agent} --home ${shellQuote(home)} || exit ${pre ? 2 : 1}`;
}

export function settingsPath(
  options: Pick<InstallOptions, "agent" | "scope" | "cwd" | "userHome" | "env">,
): string {
  const user = options.userHome ?? homedir();
  const env = options.env ?? process.env;
  switch (options.agent) {
    case "claude-code":
      if (options.scope === "project") return join(options.cwd, ".claude", "settings.json");
      return join(env.CLAUDE_CONFIG_DIR || join(user, ".claude"), "settings.json");
    case "cursor":
      return join(options.scope === "project" ? options.cwd : user, ".cursor", "hooks.json");
    case "gemini":
      return join(options.scope === "project" ? options.cwd : user, ".gemini", "settings.json");
    case "codex":
      if (options.scope === "project") return join(options.cwd, ".codex", "hooks.json");
      return join(env.CODEX_HOME || join(user, ".codex"), "hooks.json");
    case "copilot":
      if (options.scope === "project") return join(options.cwd, ".github", "hooks", "trailseal.json");
      return join(user, ".copilot", "hooks", "trailseal.json");
    case "windsurf":
      if (options.scope === "project") return join(options.cwd, ".windsurf", "hooks.json");
      return join(user, ".codeium", "windsurf", "hooks.json");
    case "kiro":
      return join(options.scope === "project" ? options.cwd : user, ".kiro", "agents", "trailseal.json");
    case "cline":
    case "opencode":
      return fileHookPaths(options, user)[0]!.path;
  }
}

function invalid(path: string, what: string) {
  return configError("HOOK_SETTINGS_INVALID", `${path}: ${what}; nothing was changed`, {
    hint: "fix the file (or move it away) and run the install again",
  });
}

async function readSettings(path: string): Promise<{ settings: JsonObject; existed: boolean }> {
  let text: string;
  try {
    text = await fileCalls.readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { settings: {}, existed: false };
    throw error;
  }
  if (text.trim() === "") return { settings: {}, existed: true };
  let settings: unknown;
  try {
    settings = JSON.parse(text);
  } catch (cause) {
    throw configError("HOOK_SETTINGS_INVALID", `${path} is not valid JSON; nothing was changed`, {
      cause,
      hint: "fix the file (or move it away) and run the install again",
    });
  }
  if (!isObject(settings)) throw invalid(path, "not a JSON object");
  return { settings, existed: true };
}

/** Whether a hook entry's command runs trailseal's hook for `agent` (any program path, any home). */
function isOurs(agent: AgentName, command: unknown): boolean {
  return (
    typeof command === "string" &&
    new RegExp(
      `(^|[\\s/'"])trailseal(\\.js|\\.cjs)?['"]?\\s+hook\\s+${agent}(\\s|$)|cli\\.js['"]?\\s+hook\\s+${agent}(\\s|$)`,
    ).test(command)
  );
}

/** Sets `entry` to `wanted`'s fields; reports whether anything changed. */
function update(entry: JsonObject, wanted: JsonObject): boolean {
  let changed = false;
  for (const [key, value] of Object.entries(wanted)) {
    if (entry[key] !== value) {
      entry[key] = value;
      changed = true;
    }
  }
  return changed;
}

/** The hook entry an agent's file gets: fail-closed where the agent offers it. */
function entryFor(agent: AgentName, command: string, pre: boolean): JsonObject {
  switch (agent) {
    case "claude-code":
      return pre ? { type: "command", command, onFailure: "block" } : { type: "command", command };
    case "gemini":
      return { type: "command", command, name: "trailseal" };
    case "codex":
      return { type: "command", command };
    case "cursor":
      return { command, failClosed: true };
    case "copilot": {
      // PowerShell has no `||` before 7: the exit status is mapped explicitly.
      const powershell = `${command.replace(/ \|\| exit \d$/, "")}; if ($LASTEXITCODE -ne 0) { exit ${pre ? 2 : 1} }`;
      return { type: "command", bash: command, powershell, timeoutSec: 30 };
    }
    case "windsurf":
      return { command, show_output: false };
    case "kiro":
      return { command, matcher: "*" };
    case "cline":
    case "opencode":
      return {};
  }
}

export async function installHooks(options: InstallOptions): Promise<InstallResult> {
  if (options.agent === "cline" || options.agent === "opencode")
    return installFileHooks(options, options.userHome ?? homedir());
  const path = settingsPath(options);
  const { settings, existed } = await readSettings(path);
  const hooks = settings.hooks ?? {};
  if (!isObject(hooks)) throw invalid(path, '"hooks" is not an object');
  const result: InstallResult = { path, added: [], updated: [], unchanged: [] };
  const nested = NESTED.has(options.agent);
  for (const { event, pre } of EVENTS[options.agent]) {
    const list = hooks[event] ?? [];
    if (!Array.isArray(list)) throw invalid(path, `hooks.${event} is not a list`);
    const command = hookCommand(options.agent, options.home, pre, options.program);
    const wanted = entryFor(options.agent, command, pre);
    const entries: JsonObject[] = [];
    for (const [index, item] of list.entries()) {
      if (!isObject(item)) throw invalid(path, `hooks.${event}[${index}] is not an object`);
      if (!nested) {
        entries.push(item);
        continue;
      }
      const inner = item.hooks ?? [];
      if (!Array.isArray(inner) || !inner.every(isObject))
        throw invalid(path, `hooks.${event}[${index}] is not a matcher group with a "hooks" list`);
      entries.push(...(inner as JsonObject[]));
    }
    const ours = entries.filter((entry) => isOurs(options.agent, entry.command ?? entry.bash));
    if (ours.length === 0) {
      hooks[event] = [...list, nested ? { matcher: "*", hooks: [wanted] } : wanted];
      result.added.push(event);
    } else if (ours.map((entry) => update(entry, wanted)).some(Boolean)) {
      result.updated.push(event);
    } else {
      result.unchanged.push(event);
    }
  }
  if ((options.agent === "cursor" || options.agent === "copilot") && settings.version === undefined)
    settings.version = 1;
  if (options.agent === "kiro") {
    // A new agent configuration of its own: `kiro-cli chat --agent trailseal` (docs/hooks.md).
    settings.name ??= "trailseal";
    settings.description ??= "Kiro with every tool call judged and recorded by trailseal";
    settings.tools ??= ["*"];
  }
  if (result.added.length + result.updated.length > 0) {
    settings.hooks = hooks;
    await fileCalls.mkdir(dirname(path), { recursive: true });
    const mode = existed ? (await fileCalls.stat(path)).mode & 0o777 : 0o644;
    await writeFileAtomic(path, `${JSON.stringify(settings, null, 2)}\n`, { mode });
  }
  return result;
}
