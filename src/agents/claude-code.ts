/**
 * Claude Code (and Cursor running Claude Code hooks, which renames Bash to Shell).
 *
 * Events: PreToolUse {tool_name, tool_input, tool_use_id, cwd, session_id, permission_mode}
 * is judged; PostToolUse (+ tool_response), PostToolUseFailure (+ error, is_interrupt) and
 * PermissionDenied (+ reason) are outcomes, recorded and never answered with a decision.
 * Answer to PreToolUse: `{"hookSpecificOutput": {"hookEventName": "PreToolUse",
 * "permissionDecision": "deny" | "ask" | "allow", "permissionDecisionReason"}}`, or nothing
 * at all for `pass` (Claude Code then asks or not, by its own settings).
 */

import { join } from "node:path";
import { type ActionTarget, claudeCodeTarget } from "../action/index.js";
import { type HookCall, ignored, makeAction, type Verdict, withCarried } from "./adapters.js";
import { invalid, type Json, objectField, stringField } from "./payload.js";
import { answerSays, defineAgent, exitBlocks } from "./spec.js";
import { carriedTargets, POWERSHELL_TOOLS, str } from "./targets.js";

/** Tools whose whole input is a command line. */
const COMMAND_TOOLS = new Set(["Bash", "Shell", "Monitor", "BashBackground", ...POWERSHELL_TOOLS]);
/** Tools that only read what they name. */
const READ_TOOLS = new Set(["Read", "NotebookRead", "Glob", "Grep", "LS", "View"]);

/**
 * Claude Code's tools as of 2.1.330 (what it offers the model, deferred tools included): those
 * with a reading of their own, and those that carry nothing of their own to judge (they are
 * still judged by any command, path or URL in their input). A test compares this list with what
 * the installed binary offers, so a new tool is noticed.
 */
export const CLAUDE_CODE_TOOLS = [
  ...COMMAND_TOOLS,
  ...READ_TOOLS,
  "Write",
  "Edit",
  "MultiEdit",
  "NotebookEdit",
  "WebFetch",
  "WebSearch",
  "Task",
  "Agent",
  // carry nothing of their own:
  "ListAgents",
  "ReportFindings",
  "ScheduleWakeup",
  "Skill",
  "ToolSearch",
  "Workflow",
  "DeferredToolPlaceholder",
  "TodoWrite",
  "ExitPlanMode",
  "EnterPlanMode",
  "AskUserQuestion",
  "BashOutput",
  "KillShell",
  "SlashCommand",
];

function target(tool: string, input: Json, cwd: string | null): ActionTarget {
  if (COMMAND_TOOLS.has(tool)) return { kind: "command", command: str(input, "command", "cmd", "script") };
  if (tool === "Delete" || tool === "DeleteFile")
    return { kind: "file", op: "delete", path: str(input, "file_path", "path", "target_file") };
  // Cursor's preToolUse names MCP tools MCP:<server>:<tool>.
  const cursorMcp = /^MCP:([^:]+):(.+)$/.exec(tool);
  if (cursorMcp) return { kind: "mcp", server: cursorMcp[1]!, tool: cursorMcp[2]!, args: input };
  return claudeCodeTarget(tool, input, cwd);
}

function isCommandInput(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return ["command", "cmd", "script"].some((key) => typeof (value as Json)[key] === "string");
}

/** The tool call of a Claude-style payload (also Cursor's preToolUse/postToolUse). */
export function toolCall(agent: string, payload: Json, phase: HookCall["phase"], event: string) {
  const tool = stringField(payload, "tool_name", 512, true)!;
  const input = objectField(payload, "tool_input");
  const cwd = stringField(payload, "cwd", 4096);
  const own = target(tool, input, cwd);
  // A command tool without a command string (`tool_input` a bare string, a list, no `command`)
  // is not a call Claude Code makes: fail closed rather than judge an empty command as none.
  if (own.kind === "command" && own.command.trim() === "" && !isCommandInput(payload.tool_input))
    throw invalid(`${tool} tool_input must be an object with a command string`);
  const carried = own.kind === "mcp" ? [] : carriedTargets(input, READ_TOOLS.has(tool) ? "read" : "write");
  const [primary, extra] = withCarried(own, carried);
  return {
    phase,
    event,
    extra,
    powershell: POWERSHELL_TOOLS.has(tool),
    canAsk: true,
    action: makeAction(agent, tool, primary, input, payload),
  } satisfies HookCall;
}

export function claudeCodeCall(payload: Json): HookCall {
  const event = stringField(payload, "hook_event_name", 128) ?? "PreToolUse";
  switch (event) {
    case "PreToolUse":
      return toolCall("claude-code", payload, "pre", event);
    case "PostToolUse":
      return { ...toolCall("claude-code", payload, "post", event), outcome: payload.tool_response ?? null };
    case "PostToolUseFailure":
      return {
        ...toolCall("claude-code", payload, "post", event),
        outcome: { failed: true, error: payload.error ?? null, is_interrupt: payload.is_interrupt ?? false },
      };
    case "PermissionDenied":
      return {
        ...toolCall("claude-code", payload, "post", event),
        outcome: { denied: true, reason: payload.reason ?? null },
      };
    default:
      return ignored(event);
  }
}

export function claudeCodeAnswer(
  call: Pick<HookCall, "event" | "phase">,
  verdict: Verdict,
  reason: string,
): string {
  if (call.phase !== "pre" || verdict === "pass") return "";
  return JSON.stringify({
    hookSpecificOutput: {
      hookEventName: call.event,
      permissionDecision: verdict,
      permissionDecisionReason: reason,
    },
  });
}

/** The pre-tool payload of a shell command (`trailseal policy test`); Codex sends the same. */
export function claudeCodeShell(command: string, cwd: string): Json {
  return {
    hook_event_name: "PreToolUse",
    session_id: "trailseal-policy-test",
    cwd,
    tool_name: "Bash",
    tool_input: { command },
  };
}

export const claudeCode = defineAgent({
  name: "claude-code",
  label: "Claude Code",
  events: [
    { name: "PreToolUse", phase: "pre" },
    { name: "PostToolUse", phase: "post" },
    { name: "PostToolUseFailure", phase: "post" },
    { name: "PermissionDenied", phase: "post" },
  ],
  call: claudeCodeCall,
  answer: claudeCodeAnswer,
  canAllow: true,
  postFailureExit: 1,
  shell: claudeCodeShell,
  install: {
    kind: "settings",
    // <project>/.claude/settings.json, or $CLAUDE_CONFIG_DIR/settings.json (default ~/.claude).
    path: ({ scope, cwd, user, env }) =>
      scope === "project"
        ? join(cwd, ".claude", "settings.json")
        : join(env.CLAUDE_CONFIG_DIR || join(user, ".claude"), "settings.json"),
    // The project's personal file: Claude Code keeps it out of git (it adds it to .gitignore).
    local: ({ cwd }) => join(cwd, ".claude", "settings.local.json"),
    nested: true,
    entry: (command, pre) =>
      pre ? { type: "command", command, onFailure: "block" } : { type: "command", command },
    // Claude Code's default is 60 s; a hook that hangs (a witness_before that cannot reach its
    // witness) is cut at 30 s, which its `|| exit 2` then blocks.
    timeout: { field: "timeout", unit: "s", source: "https://code.claude.com/docs/en/hooks" },
  },
  probe: (cwd) => ({
    hook_event_name: "PreToolUse",
    session_id: "trailseal-hook-status",
    tool_use_id: "trailseal-hook-status",
    cwd,
    tool_name: "LS",
    tool_input: { path: cwd },
  }),
  blocks: (reply) =>
    exitBlocks(reply, true, (out) => answerSays(out, ["hookSpecificOutput", "permissionDecision"], "deny")),
});
