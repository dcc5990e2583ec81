/**
 * Agent hooks: payloads of Claude Code, Cursor, Gemini CLI, Codex CLI, GitHub Copilot, Windsurf,
 * Cline, Kiro CLI and OpenCode become actions that are classified, checked against the policy and
 * recorded (secrets redacted) before the agent gets its answer; outcomes (post events, failures,
 * denials) are recorded too. Invariants: a pre-tool call is answered only
 * after its event is durable; trailseal only ever tightens (no approval unless an explicit
 * allow rule matched); any failure on a pre call is a deny (never crash open); a post call is
 * never denied; no secret reaches the answer. docs/hooks.md describes the contracts.
 */

export { AGENTS } from "../agents/index.js";
export type { AgentName, HookCall, Verdict } from "./adapters.js";
export { CLAUDE_CODE_TOOLS, claudeCodeCall } from "./claude-code.js";
export { clineCall } from "./cline.js";
export { codexCall, patchTargets } from "./codex.js";
export { copilotCall } from "./copilot.js";
export { cursorCall } from "./cursor.js";
export { GEMINI_TOOLS, geminiCall } from "./gemini.js";
export type { InstallOptions, InstallResult, InstallScope } from "./install.js";
export { installHooks, settingsPath } from "./install.js";
export { kiroCall } from "./kiro.js";
export { opencodeCall } from "./opencode.js";
export { MAX_PAYLOAD_BYTES, parsePayload } from "./payload.js";
export type { HookOptions, HookResult } from "./run.js";
export { answer, CALLS, runHook } from "./run.js";
export { windsurfCall } from "./windsurf.js";
