/**
 * Windsurf (Cascade hooks): `.windsurf/hooks.json` or `~/.codeium/windsurf/hooks.json`.
 * Payload `{agent_action_name, trajectory_id, execution_id, timestamp, tool_info}`:
 * pre_run_command / post_run_command {command_line, cwd}, pre_read_code / post_read_code
 * {file_path}, pre_write_code / post_write_code {file_path, edits}, pre_mcp_tool_use /
 * post_mcp_tool_use {mcp_server_name, mcp_tool_name, mcp_tool_arguments}. A pre hook blocks by
 * exiting 2 with the reason on stderr; there is no ask, so an ask is a deny (unless
 * `cannot_ask: allow`) and nothing is ever approved.
 */

import { join } from "node:path";
import type { ActionTarget } from "../action/index.js";
import { type HookCall, ignored, makeAction, type Reply, type Verdict } from "./adapters.js";
import { type Json, objectField, stringField } from "./payload.js";
import { defineAgent, exitBlocks } from "./spec.js";
import { carriedTargets, str } from "./targets.js";

export function windsurfCall(payload: Json): HookCall {
  const event = stringField(payload, "agent_action_name", 128, true)!;
  const match = /^(pre|post)_(run_command|read_code|write_code|mcp_tool_use)$/.exec(event);
  if (!match) return ignored(event);
  const phase = match[1] === "pre" ? "pre" : "post";
  const info = objectField(payload, "tool_info");
  let tool: string;
  let primary: ActionTarget;
  let extra: ActionTarget[] = [];
  switch (match[2]) {
    case "run_command":
      tool = "run_command";
      primary = { kind: "command", command: str(info, "command_line", "command") };
      break;
    case "read_code":
      tool = "read_code";
      primary = { kind: "file", op: "read", path: str(info, "file_path") };
      break;
    case "write_code":
      tool = "write_code";
      primary = { kind: "file", op: "edit", path: str(info, "file_path") };
      break;
    default: {
      const server = str(info, "mcp_server_name") || "mcp";
      const name = str(info, "mcp_tool_name");
      const args = objectField(info, "mcp_tool_arguments");
      tool = `mcp__${server}__${name}`;
      primary = { kind: "mcp", server, tool: name, args };
      extra = carriedTargets(args);
    }
  }
  const cwd = str(info, "cwd");
  const action = makeAction("windsurf", tool, primary, info, {
    ...payload,
    cwd: cwd || null,
    session_id: payload.trajectory_id,
  });
  const call: HookCall = { phase, event, extra, canAsk: false, action };
  if (phase === "post") call.outcome = { response: info.response ?? info.output ?? null };
  return call;
}

export function windsurfAnswer(call: Pick<HookCall, "phase">, verdict: Verdict, reason: string): Reply {
  if (call.phase !== "pre" || verdict !== "deny") return {};
  return { stderr: reason, exitCode: 2 };
}

export const windsurf = defineAgent({
  name: "windsurf",
  label: "Windsurf",
  events: [
    { name: "pre_run_command", phase: "pre" },
    { name: "pre_read_code", phase: "pre" },
    { name: "pre_write_code", phase: "pre" },
    { name: "pre_mcp_tool_use", phase: "pre" },
    { name: "post_run_command", phase: "post" },
    { name: "post_write_code", phase: "post" },
    { name: "post_mcp_tool_use", phase: "post" },
    // Understood, and not installed (as before this list was one): a read's outcome adds nothing
    // to the judged pre_read_code but a second event per read.
    { name: "post_read_code", phase: "post", installed: false },
  ],
  call: windsurfCall,
  answer: windsurfAnswer,
  canAllow: false,
  postFailureExit: 1,
  // The pre-tool payload of a shell command (`trailseal policy test`).
  shell: (command, cwd) => ({
    agent_action_name: "pre_run_command",
    trajectory_id: "trailseal-policy-test",
    tool_info: { command_line: command, cwd },
  }),
  install: {
    kind: "settings",
    path: ({ scope, cwd, user }) =>
      scope === "project"
        ? join(cwd, ".windsurf", "hooks.json")
        : join(user, ".codeium", "windsurf", "hooks.json"),
    nested: false,
    entry: (command) => ({ command, show_output: false }),
    // A hook entry has `command`, `show_output` and `working_directory`: no time limit to set
    // (https://docs.windsurf.com/windsurf/cascade/hooks); docs/agents/windsurf.md says so.
    timeout: null,
  },
  probe: (cwd) => ({
    agent_action_name: "pre_run_command",
    trajectory_id: "trailseal-hook-status",
    execution_id: "trailseal-hook-status",
    tool_info: { command_line: "ls", cwd },
  }),
  // A block is exit 2 with the reason on stderr; nothing is read from stdout.
  blocks: (reply) => exitBlocks(reply, false, () => false),
});
