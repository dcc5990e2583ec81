/**
 * One payload builder per agent, in the agent's own format: a shell command, a file read, or the
 * outcome of a shell command (post). Shared by the tests that run every agent the same way.
 */
import type { AgentName } from "../../src/hooks/index.js";

export const AGENT_PAYLOAD_CWD = "/home/dev/project";
const CWD = AGENT_PAYLOAD_CWD;
export type Kind = "command" | "read" | "post";
type Build = (kind: Kind, value: string) => object;

const claudeStyle =
  (command: string, read: string, readKey: string, pre: string, post: string, extra: object = {}): Build =>
  (kind, value) => ({
    hook_event_name: kind === "post" ? post : pre,
    session_id: "s",
    cwd: CWD,
    tool_name: kind === "read" ? read : command,
    tool_input: kind === "read" ? { [readKey]: value } : { command: value },
    ...(kind === "post" ? { tool_response: { stdout: "" } } : {}),
    ...extra,
  });

export const BUILD: Record<AgentName, Build> = {
  "claude-code": claudeStyle("Bash", "Read", "file_path", "PreToolUse", "PostToolUse"),
  codex: claudeStyle("Bash", "Read", "file_path", "PreToolUse", "PostToolUse"),
  gemini: claudeStyle("run_shell_command", "read_file", "file_path", "BeforeTool", "AfterTool"),
  kiro: (kind, value) => ({
    hook_event_name: kind === "post" ? "postToolUse" : "preToolUse",
    cwd: CWD,
    tool_name: kind === "read" ? "fs_read" : "execute_bash",
    tool_input: kind === "read" ? { operations: [{ mode: "Line", path: value }] } : { command: value },
    ...(kind === "post" ? { tool_response: { success: true } } : {}),
  }),
  cursor: (kind, value) => ({
    conversation_id: "c",
    workspace_roots: [CWD],
    ...(kind === "command"
      ? { hook_event_name: "beforeShellExecution", command: value, cwd: CWD }
      : kind === "read"
        ? { hook_event_name: "beforeReadFile", file_path: value, content: "" }
        : { hook_event_name: "afterShellExecution", command: value, output: "", duration: 1 }),
  }),
  copilot: (kind, value) => ({
    timestamp: 1,
    cwd: CWD,
    toolName: kind === "read" ? "view" : "bash",
    toolArgs: JSON.stringify(kind === "read" ? { path: value } : { command: value }),
    ...(kind === "post" ? { toolResult: { resultType: "success", textResultForLlm: "" } } : {}),
  }),
  windsurf: (kind, value) => ({
    agent_action_name:
      kind === "post" ? "post_run_command" : kind === "read" ? "pre_read_code" : "pre_run_command",
    trajectory_id: "t",
    tool_info: kind === "read" ? { file_path: value } : { command_line: value, cwd: CWD },
  }),
  cline: (kind, value) => {
    const body = {
      toolName: kind === "read" ? "read_file" : "execute_command",
      parameters: kind === "read" ? { path: value } : { command: value },
    };
    return kind === "post"
      ? { hookName: "PostToolUse", taskId: "t", postToolUse: { ...body, result: "", success: true } }
      : { hookName: "PreToolUse", taskId: "t", preToolUse: body };
  },
  opencode: (kind, value) => ({
    hook_event_name: kind === "post" ? "tool.execute.after" : "tool.execute.before",
    tool: kind === "read" ? "read" : "bash",
    sessionID: "s",
    callID: "c",
    args: kind === "read" ? { filePath: value } : { command: value },
  }),
};

/**
 * The decision an agent reads from a hook's answer, in any of the nine formats: exit code 2 is
 * `deny`; otherwise Claude Code's `hookSpecificOutput`, Cursor's `permission`, the others'
 * `permissionDecision`/`decision`, Cline's `cancel`; undefined when the answer leaves the call to
 * the agent's own rules.
 */
export function answerDecision(result: { exitCode: number; stdout: string }): string | undefined {
  if (result.exitCode === 2) return "deny";
  const answer = result.stdout.trim() === "" ? {} : JSON.parse(result.stdout);
  return (
    answer.hookSpecificOutput?.permissionDecision ??
    answer.permission ??
    answer.permissionDecision ??
    answer.decision ??
    (answer.cancel === true ? "deny" : undefined)
  );
}
