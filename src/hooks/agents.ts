/**
 * The agents trailseal hooks into, one entry each: how a payload becomes a call, how a verdict
 * becomes the agent's answer, which events are pre-tool and which are outcomes (a payload that
 * cannot be parsed is answered by its event name, unknown → pre: fail closed), and whether the
 * agent can take an `allow` (Codex and Copilot treat a bare allow as a hook failure, so an
 * explicit allow rule is answered with nothing there).
 */
import type { AgentName, HookCall, Reply, Verdict } from "./adapters.js";
import { claudeCodeAnswer, claudeCodeCall } from "./claude-code.js";
import { clineAnswer, clineCall } from "./cline.js";
import { codexAnswer, codexCall } from "./codex.js";
import { copilotAnswer, copilotCall } from "./copilot.js";
import { cursorAnswer, cursorCall } from "./cursor.js";
import { geminiAnswer, geminiCall } from "./gemini.js";
import { kiroAnswer, kiroCall } from "./kiro.js";
import { opencodeAnswer, opencodeCall } from "./opencode.js";
import type { Json } from "./payload.js";
import { windsurfAnswer, windsurfCall } from "./windsurf.js";

export interface AgentSpec {
  label: string;
  call(payload: Json): HookCall;
  answer(call: Pick<HookCall, "event" | "phase">, verdict: Verdict, reason: string): string | Reply;
  pre: string[];
  post: string[];
  /** Whether an explicit allow rule may be answered `allow` (else: nothing, recorded pass). */
  canAllow: boolean;
  /** Exit status when an outcome could not be recorded (non-blocking for this agent). */
  postFailureExit: number;
}

export const AGENT_SPECS: Record<AgentName, AgentSpec> = {
  "claude-code": {
    label: "Claude Code",
    call: claudeCodeCall,
    answer: claudeCodeAnswer,
    pre: ["PreToolUse"],
    post: ["PostToolUse", "PostToolUseFailure", "PermissionDenied"],
    canAllow: true,
    postFailureExit: 1,
  },
  cursor: {
    label: "Cursor",
    call: cursorCall,
    answer: cursorAnswer,
    pre: ["beforeShellExecution", "beforeMCPExecution", "beforeReadFile", "beforeTabFileRead", "preToolUse"],
    post: [
      "afterShellExecution",
      "afterMCPExecution",
      "afterFileEdit",
      "afterTabFileEdit",
      "postToolUse",
      "postToolUseFailure",
    ],
    canAllow: true,
    postFailureExit: 0,
  },
  gemini: {
    label: "Gemini CLI",
    call: geminiCall,
    answer: geminiAnswer,
    pre: ["BeforeTool"],
    post: ["AfterTool"],
    canAllow: true,
    postFailureExit: 1,
  },
  codex: {
    label: "Codex CLI",
    call: codexCall,
    answer: codexAnswer,
    pre: ["PreToolUse"],
    post: ["PostToolUse"],
    canAllow: false,
    postFailureExit: 1,
  },
  copilot: {
    label: "GitHub Copilot",
    call: copilotCall,
    answer: copilotAnswer,
    pre: ["preToolUse"],
    post: ["postToolUse"],
    canAllow: false,
    postFailureExit: 1,
  },
  windsurf: {
    label: "Windsurf",
    call: windsurfCall,
    answer: windsurfAnswer,
    pre: ["pre_run_command", "pre_read_code", "pre_write_code", "pre_mcp_tool_use"],
    post: ["post_run_command", "post_read_code", "post_write_code", "post_mcp_tool_use"],
    canAllow: false,
    postFailureExit: 1,
  },
  cline: {
    label: "Cline",
    call: clineCall,
    answer: clineAnswer,
    pre: ["PreToolUse", "tool_call"],
    post: ["PostToolUse", "tool_result"],
    canAllow: false,
    postFailureExit: 0,
  },
  kiro: {
    label: "Kiro",
    call: kiroCall,
    answer: kiroAnswer,
    pre: ["preToolUse"],
    post: ["postToolUse"],
    canAllow: false,
    postFailureExit: 1,
  },
  opencode: {
    label: "OpenCode",
    call: opencodeCall,
    answer: opencodeAnswer,
    pre: ["tool.execute.before"],
    post: ["tool.execute.after"],
    canAllow: false,
    postFailureExit: 0,
  },
};
