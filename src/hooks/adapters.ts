/**
 * Agent hook payloads → the normalised Action (src/action) and the agent's answer format.
 *
 * - Claude Code: PreToolUse / PostToolUse with tool_name, tool_input, cwd, session_id;
 *   answer `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision",
 *   "permissionDecisionReason"}}`.
 * - Cursor: beforeShellExecution {command, cwd}, beforeMCPExecution {tool_name, tool_input},
 *   beforeReadFile {file_path}, afterFileEdit {file_path}; answer `{"permission", "userMessage",
 *   "agentMessage"}` (beforeReadFile knows only allow and deny).
 * - Gemini CLI: BeforeTool / AfterTool {tool_name, tool_input, cwd, session_id} with tools such
 *   as run_shell_command, read_file, write_file, replace, web_fetch; answer `{"decision", "reason"}`.
 */
// target.js, not the door: index.ts loads zod, which the hook must not pay for (docs/hooks.md).
import { type Action, type ActionTarget, claudeCodeTarget } from "../action/target.js";
import type { Decision } from "../chain/index.js";
import { type Json, objectField, stringField } from "./payload.js";

export type AgentName = "claude-code" | "cursor" | "gemini";
export type Phase = "pre" | "post" | "ignore";

export interface HookCall {
  phase: Phase;
  event: string;
  action: Action | null;
  /** Whether the agent can ask its user (else an `ask` decision is answered as allow). */
  canAsk: boolean;
  outcome?: unknown;
}

function context(payload: Json): { cwd: string | null; session: string | null } {
  const roots = payload.workspace_roots;
  const root = Array.isArray(roots) && typeof roots[0] === "string" ? (roots[0] as string) : null;
  return {
    cwd: stringField(payload, "cwd", 4096) ?? root,
    session:
      stringField(payload, "session_id", 512) ??
      stringField(payload, "conversation_id", 512) ??
      stringField(payload, "generation_id", 512),
  };
}

function make(agent: AgentName, tool: string, target: ActionTarget, input: unknown, payload: Json): Action {
  return { target, tool, agent, input, ...context(payload) };
}

export function claudeCodeCall(payload: Json): HookCall {
  const event = stringField(payload, "hook_event_name", 128) ?? "PreToolUse";
  const phase: Phase = event === "PreToolUse" ? "pre" : event === "PostToolUse" ? "post" : "ignore";
  if (phase === "ignore") return { phase, event, action: null, canAsk: true };
  const tool = stringField(payload, "tool_name", 512, true)!;
  const input = objectField(payload, "tool_input");
  const cwd = stringField(payload, "cwd", 4096);
  const action = make("claude-code", tool, claudeCodeTarget(tool, input, cwd), input, payload);
  return { phase, event, action, canAsk: true, outcome: payload.tool_response };
}

export function cursorCall(payload: Json): HookCall {
  const event = stringField(payload, "hook_event_name", 128, true)!;
  switch (event) {
    case "beforeShellExecution": {
      const command = stringField(payload, "command", 1 << 20, true)!;
      return {
        phase: "pre",
        event,
        canAsk: true,
        action: make("cursor", "shell", { kind: "command", command }, { command }, payload),
      };
    }
    case "beforeMCPExecution": {
      const tool = stringField(payload, "tool_name", 512, true)!;
      const input = objectField(payload, "tool_input");
      const server =
        stringField(payload, "server", 200) ??
        stringField(payload, "url", 4096) ??
        stringField(payload, "command", 4096) ??
        "mcp";
      const target: ActionTarget = { kind: "mcp", server, tool, args: input };
      return {
        phase: "pre",
        event,
        canAsk: true,
        action: make("cursor", `mcp__${server}__${tool}`, target, input, payload),
      };
    }
    case "beforeReadFile": {
      const path = stringField(payload, "file_path", 4096, true)!;
      const action = make("cursor", "read", { kind: "file", op: "read", path }, { file_path: path }, payload);
      return { phase: "pre", event, canAsk: false, action };
    }
    case "afterFileEdit": {
      const path = stringField(payload, "file_path", 4096, true)!;
      const action = make(
        "cursor",
        "edit",
        { kind: "file", op: "edit", path },
        { file_path: path, edits: payload.edits },
        payload,
      );
      return { phase: "post", event, canAsk: false, action };
    }
    default:
      return { phase: "ignore", event, action: null, canAsk: false };
  }
}

function geminiTarget(tool: string, input: Json): ActionTarget {
  const str = (key: string) => (typeof input[key] === "string" ? (input[key] as string) : "");
  const mcp = /^mcp__(.+?)__(.+)$/.exec(tool) ?? /^(.+?)__(.+)$/.exec(tool);
  if (mcp) return { kind: "mcp", server: mcp[1]!, tool: mcp[2]!, args: input };
  switch (tool) {
    case "run_shell_command":
      return { kind: "command", command: str("command") };
    case "read_file":
      return { kind: "file", op: "read", path: str("absolute_path") || str("file_path") || str("path") };
    case "read_many_files":
      return {
        kind: "file",
        op: "read",
        path: Array.isArray(input.paths) ? String(input.paths[0] ?? "") : str("path"),
      };
    case "write_file":
      return { kind: "file", op: "write", path: str("file_path") || str("absolute_path") };
    case "replace":
    case "edit":
      return { kind: "file", op: "edit", path: str("file_path") || str("absolute_path") };
    case "glob":
    case "list_directory":
    case "search_file_content":
    case "grep":
      return {
        kind: "file",
        op: "search",
        path: str("path") || str("dir_path") || ".",
        pattern: str("pattern"),
      };
    case "web_fetch": {
      const url = str("url") || (/(https?:\/\/[^\s"'<>]+)/.exec(str("prompt"))?.[1] ?? "");
      return { kind: "network", method: "GET", url };
    }
    case "google_web_search":
      return { kind: "other", description: `web search: ${str("query")}` };
    default:
      return { kind: "other", description: tool };
  }
}

export function geminiCall(payload: Json): HookCall {
  const event = stringField(payload, "hook_event_name", 128) ?? "BeforeTool";
  const phase: Phase = event === "BeforeTool" ? "pre" : event === "AfterTool" ? "post" : "ignore";
  if (phase === "ignore") return { phase, event, action: null, canAsk: true };
  const tool = stringField(payload, "tool_name", 512, true)!;
  const input = objectField(payload, "tool_input");
  const action = make("gemini", tool, geminiTarget(tool, input), input, payload);
  return { phase, event, action, canAsk: true, outcome: payload.tool_response };
}

export const CALLS: Record<AgentName, (payload: Json) => HookCall> = {
  "claude-code": claudeCodeCall,
  cursor: cursorCall,
  gemini: geminiCall,
};

/** The agent's answer to a pre-tool call. */
export function answer(
  agent: AgentName,
  call: Pick<HookCall, "event">,
  decision: Exclude<Decision, "logged">,
  reason: string,
): unknown {
  switch (agent) {
    case "claude-code":
      return {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: decision,
          permissionDecisionReason: reason,
        },
      };
    case "cursor": {
      const permission = call.event === "beforeReadFile" && decision === "ask" ? "allow" : decision;
      return { permission, userMessage: reason, agentMessage: reason };
    }
    case "gemini":
      return { decision, reason };
  }
}
