/**
 * Agent hooks: payloads of the agents in src/agents become actions that are classified, checked
 * against the policy and recorded (secrets redacted) before the agent gets its answer; outcomes
 * (post events, failures, denials) are recorded too. Invariants: a pre-tool call is answered only
 * after its event is durable; trailseal only ever tightens (no approval unless an explicit
 * allow rule matched); any failure on a pre call is a deny (never crash open); a post call is
 * never denied; no secret reaches the answer. docs/hooks.md describes the contracts.
 *
 * What differs per agent (payloads, events, answers, install shape) is the agent's spec in
 * src/agents; this capability runs and installs any of them the same way.
 */

export type { AgentName, HookCall, InstallScope, Verdict } from "../agents/index.js";
export {
  AGENTS,
  CLAUDE_CODE_TOOLS,
  claudeCodeCall,
  clineCall,
  codexCall,
  copilotCall,
  cursorCall,
  GEMINI_TOOLS,
  geminiCall,
  kiroCall,
  MAX_PAYLOAD_BYTES,
  opencodeCall,
  parsePayload,
  patchTargets,
  windsurfCall,
} from "../agents/index.js";
export { answerFailure } from "./failure.js";
export type { InstallOptions, InstallResult } from "./install.js";
export { installHooks, localScopeAgents, settingsPath } from "./install.js";
export { hookProgram, onPath } from "./program.js";
export { answer, type HookOptions, type HookResult } from "./reply.js";
export { CALLS, decidingRule, type JudgeOptions, judgeAction, judgeCall, runHook, verdictOf } from "./run.js";
export type { HookStatus } from "./status.js";
export { hookStatus } from "./status.js";
