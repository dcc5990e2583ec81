/**
 * Gemini CLI (gemini-cli-core's HookRunner): BeforeTool {tool_name, tool_input, mcp_context?,
 * original_request_name?, session_id, cwd, timestamp} is judged; AfterTool (+ tool_response)
 * is recorded. MCP tools are named `mcp_<server>_<tool>` and come with `mcp_context
 * {server_name, tool_name, command?, args?, url?}` (older docs: `mcp__server__tool`).
 * Answer: `{"decision": "deny" | "ask" | "allow", "reason", "systemMessage"}` — Gemini shows
 * the user only `systemMessage` on ask — or nothing for `pass`. AfterTool is never answered
 * with a decision: Gemini would replace the tool's result with it.
 * Tool names and arguments follow gemini-cli-core 0.61 (tools/tool-names.ts).
 */

import { join } from "node:path";
import type { ActionTarget } from "../action/index.js";
import { type HookCall, ignored, makeAction, type Verdict, withCarried } from "./adapters.js";
import { type Json, objectField, stringField } from "./payload.js";
import { answerSays, defineAgent, exitBlocks } from "./spec.js";
import { carriedTargets, str, urlsIn } from "./targets.js";

function mcpTarget(tool: string, input: Json, payload: Json): ActionTarget | null {
  const context = payload.mcp_context;
  if (context && typeof context === "object" && !Array.isArray(context)) {
    const server = str(context as Json, "server_name");
    const name = str(context as Json, "tool_name");
    if (server && name) return { kind: "mcp", server, tool: name, args: input };
  }
  const match =
    /^mcp__(.+?)__(.+)$/.exec(tool) ?? /^mcp_([^_]+)_(.+)$/.exec(tool) ?? /^(.+?)__(.+)$/.exec(tool);
  return match ? { kind: "mcp", server: match[1]!, tool: match[2]!, args: input } : null;
}

function search(input: Json): ActionTarget {
  return {
    kind: "file",
    op: "search",
    path: str(input, "dir_path", "path") || ".",
    pattern: str(input, "pattern"),
  };
}

function targets(tool: string, input: Json, payload: Json): ActionTarget[] {
  const mcp = mcpTarget(tool, input, payload);
  if (mcp) return [mcp, ...carriedTargets(input)];
  switch (tool) {
    case "run_shell_command":
      return [
        { kind: "command", command: str(input, "command") },
        ...carriedTargets({ dir_path: input.dir_path }, "read"),
      ];
    case "read_file":
      return [{ kind: "file", op: "read", path: str(input, "file_path", "absolute_path", "path") }];
    case "read_many_files": {
      const include = Array.isArray(input.include)
        ? input.include
        : Array.isArray(input.paths)
          ? input.paths
          : [];
      const reads: ActionTarget[] = include
        .filter((p): p is string => typeof p === "string" && p !== "")
        .slice(0, 64)
        .map((path) => ({ kind: "file", op: "read", path }));
      return reads.length > 0 ? reads : [{ kind: "file", op: "read", path: "" }];
    }
    case "write_file":
      return [{ kind: "file", op: "write", path: str(input, "file_path", "absolute_path") }];
    case "replace":
    case "edit":
      return [{ kind: "file", op: "edit", path: str(input, "file_path", "absolute_path") }];
    case "glob":
    case "grep_search":
    case "search_file_content":
    case "grep":
    case "list_directory":
      return [search(input)];
    case "web_fetch": {
      const urls = [...carriedTargets({ url: input.url }), ...urlsIn(input.prompt)];
      return urls.length > 0 ? urls : [{ kind: "other", description: "web fetch" }];
    }
    case "google_web_search":
      return [{ kind: "other", description: `web search: ${str(input, "query")}` }];
    case "invoke_agent":
      return [{ kind: "agent", description: str(input, "prompt", "description", "agent_name") }];
    case "read_mcp_resource":
    case "list_mcp_resources": {
      const server = str(input, "server_name", "serverName") || "mcp";
      const mcpTool = tool === "read_mcp_resource" ? "read_resource" : "list_resources";
      return [{ kind: "mcp", server, tool: mcpTool, args: input }];
    }
    default:
      return [{ kind: "other", description: tool }, ...carriedTargets(input)];
  }
}

/**
 * Every built-in tool of gemini-cli-core 0.61 (tools/tool-names.ts): those above get their own
 * reading; the rest carry no command, path or URL (planning, todos, questions to the user,
 * skills, its own docs) and are judged by what they carry, like any unknown tool. A test
 * compares this list with the installed gemini-cli-core, so a new tool is noticed.
 */
export const GEMINI_TOOLS = [
  "run_shell_command",
  "read_file",
  "read_many_files",
  "write_file",
  "replace",
  "glob",
  "grep_search",
  "list_directory",
  "web_fetch",
  "google_web_search",
  "invoke_agent",
  "read_mcp_resource",
  "list_mcp_resources",
  // carry nothing to judge:
  "write_todos",
  "ask_user",
  "activate_skill",
  "get_internal_docs",
  "enter_plan_mode",
  "exit_plan_mode",
  "update_topic",
  "complete_task",
  "tracker_create_task",
  "tracker_update_task",
  "tracker_get_task",
  "tracker_list_tasks",
  "tracker_add_dependency",
  "tracker_visualize",
];

export function geminiCall(payload: Json): HookCall {
  const event = stringField(payload, "hook_event_name", 128) ?? "BeforeTool";
  const phase = event === "BeforeTool" ? "pre" : event === "AfterTool" ? "post" : "ignore";
  if (phase === "ignore") return ignored(event);
  const tool = stringField(payload, "tool_name", 512, true)!;
  const input = objectField(payload, "tool_input");
  const [first, ...rest] = targets(tool, input, payload);
  const [primary, extra] = withCarried(first!, rest);
  const call: HookCall = {
    phase,
    event,
    canAsk: true,
    extra,
    action: makeAction("gemini", tool, primary, input, payload),
  };
  if (phase === "post") call.outcome = payload.tool_response ?? null;
  return call;
}

export function geminiAnswer(
  call: Pick<HookCall, "event" | "phase">,
  verdict: Verdict,
  reason: string,
): string {
  if (call.phase !== "pre" || verdict === "pass") return "";
  if (verdict === "allow") return JSON.stringify({ decision: "allow", reason });
  return JSON.stringify({ decision: verdict, reason, systemMessage: reason });
}

export const gemini = defineAgent({
  name: "gemini",
  label: "Gemini CLI",
  events: [
    { name: "BeforeTool", phase: "pre" },
    { name: "AfterTool", phase: "post" },
  ],
  call: geminiCall,
  answer: geminiAnswer,
  canAllow: true,
  postFailureExit: 1,
  // The pre-tool payload of a shell command (`trailseal policy test`).
  shell: (command, cwd) => ({
    hook_event_name: "BeforeTool",
    session_id: "trailseal-policy-test",
    cwd,
    tool_name: "run_shell_command",
    tool_input: { command },
  }),
  install: {
    kind: "settings",
    path: ({ scope, cwd, user }) => join(scope === "project" ? cwd : user, ".gemini", "settings.json"),
    nested: true,
    entry: (command) => ({ type: "command", command, name: "trailseal" }),
    // Milliseconds (Gemini CLI's default is 60000).
    timeout: { field: "timeout", unit: "ms", source: "https://geminicli.com/docs/hooks/" },
  },
  probe: (cwd) => ({
    hook_event_name: "BeforeTool",
    session_id: "trailseal-hook-status",
    cwd,
    tool_name: "list_directory",
    tool_input: { dir_path: cwd },
  }),
  blocks: (reply) => exitBlocks(reply, true, (out) => answerSays(out, ["decision"], "deny")),
});
