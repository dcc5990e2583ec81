/**
 * Agent hooks (DESIGN §3 "hooks (agent adapters)", SPEC §7 policy effect): Claude Code
 * PreToolUse/PostToolUse, Cursor (beforeShellExecution, beforeMCPExecution, beforeReadFile,
 * afterFileEdit) and Gemini CLI (BeforeTool/AfterTool) payloads become actions that are
 * classified, checked against the policy and recorded before the agent gets its answer.
 * Invariants: a pre-tool call is answered only after its event is durable; any failure is a
 * deny with the reason (never crash open). docs/hooks.md describes the contracts.
 */
export type { AgentName, HookCall } from "./adapters.js";
export { answer, CALLS, claudeCodeCall, cursorCall, geminiCall } from "./adapters.js";
export type { InstallOptions, InstallResult, InstallScope } from "./install.js";
export { installClaudeCode, settingsPath } from "./install.js";
export { MAX_PAYLOAD_BYTES, parsePayload } from "./payload.js";
export type { HookOptions, HookResult } from "./run.js";
export { runHook } from "./run.js";

export const AGENTS = ["claude-code", "cursor", "gemini"] as const;
