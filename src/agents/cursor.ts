/**
 * Cursor (hooks.json, version 1). Common fields: conversation_id, generation_id,
 * hook_event_name, workspace_roots, cursor_version, model, user_email, transcript_path.
 *
 * Judged: beforeShellExecution {command, cwd}, beforeMCPExecution {tool_name, tool_input (a
 * JSON *string*), mcp_server_name, url | command}, beforeReadFile {file_path, content,
 * attachments}, beforeTabFileRead, and preToolUse {tool_name, tool_input, tool_use_id}.
 * Recorded outcomes: afterShellExecution {command, output, duration}, afterMCPExecution
 * {tool_name, tool_input, result_json, duration}, afterFileEdit {file_path, edits},
 * afterTabFileEdit, postToolUse {tool_output}, postToolUseFailure {error_message,
 * failure_type}. Answer: `{"permission", "user_message", "agent_message"}`; `{}` for `pass`
 * and for outcomes. Only beforeShellExecution and beforeMCPExecution can ask the user; where
 * Cursor cannot ask, an `ask` is a deny unless the policy says `cannot_ask: allow`.
 */

import { join } from "node:path";
import { type HookCall, ignored, makeAction, type Verdict } from "./adapters.js";
import { toolCall } from "./claude-code.js";
import { type Json, objectField, stringField } from "./payload.js";
import { answerSays, defineAgent, exitBlocks } from "./spec.js";
import { carriedTargets } from "./targets.js";

function mcpServer(payload: Json): string {
  return (
    stringField(payload, "mcp_server_name", 512) ??
    stringField(payload, "server_name", 512) ??
    stringField(payload, "server", 512) ??
    stringField(payload, "url", 4096) ??
    stringField(payload, "command", 4096) ??
    "mcp"
  );
}

function mcpCall(payload: Json, event: string, phase: "pre" | "post"): HookCall {
  const tool = stringField(payload, "tool_name", 512, true)!;
  const input = objectField(payload, "tool_input");
  const server = mcpServer(payload);
  return {
    phase,
    event,
    canAsk: true,
    extra: carriedTargets(input),
    action: makeAction(
      "cursor",
      `mcp__${server}__${tool}`,
      { kind: "mcp", server, tool, args: input },
      input,
      payload,
    ),
  };
}

function fileCall(payload: Json, event: string, phase: "pre" | "post", op: "read" | "edit"): HookCall {
  const path = stringField(payload, "file_path", 65536, true)!;
  // beforeReadFile carries the whole file: the trail keeps the digest of its redacted text,
  // never the text (a short .env would otherwise be stored), and size is never a verdict.
  const input: Json = { file_path: path };
  if (payload.edits !== undefined) input.edits = payload.edits;
  const extra = Array.isArray(payload.attachments)
    ? (payload.attachments as Json[]).flatMap((a) =>
        a && typeof a === "object" ? carriedTargets(a as Json, "read") : [],
      )
    : [];
  const tool = op === "read" ? "read" : "edit";
  return {
    phase,
    event,
    canAsk: false,
    extra,
    ...(typeof payload.content === "string" ? { digest: { content: payload.content } } : {}),
    action: makeAction("cursor", tool, { kind: "file", op, path }, input, payload),
  };
}

export function cursorCall(payload: Json): HookCall {
  const event = stringField(payload, "hook_event_name", 128, true)!;
  switch (event) {
    case "beforeShellExecution":
    case "afterShellExecution": {
      const command = stringField(payload, "command", MAX_COMMAND, true)!;
      const pre = event === "beforeShellExecution";
      return {
        phase: pre ? "pre" : "post",
        event,
        canAsk: true,
        extra: [],
        action: makeAction("cursor", "shell", { kind: "command", command }, { command }, payload),
        ...(pre ? {} : { outcome: { output: payload.output ?? null, duration: payload.duration ?? null } }),
      };
    }
    case "beforeMCPExecution":
      return mcpCall(payload, event, "pre");
    case "afterMCPExecution":
      return { ...mcpCall(payload, event, "post"), outcome: { result_json: payload.result_json ?? null } };
    case "beforeReadFile":
    case "beforeTabFileRead":
      return fileCall(payload, event, "pre", "read");
    case "afterFileEdit":
    case "afterTabFileEdit":
      return fileCall(payload, event, "post", "edit");
    case "preToolUse":
      return { ...toolCall("cursor", payload, "pre", event), canAsk: false };
    case "postToolUse":
      return { ...toolCall("cursor", payload, "post", event), outcome: payload.tool_output ?? null };
    case "postToolUseFailure":
      return {
        ...toolCall("cursor", payload, "post", event),
        outcome: {
          failed: true,
          error: payload.error_message ?? null,
          failure_type: payload.failure_type ?? null,
          is_interrupt: payload.is_interrupt ?? false,
        },
      };
    default:
      return ignored(event);
  }
}

/** Cursor's commands may be long (heredocs); the bound is the payload's. */
const MAX_COMMAND = Number.MAX_SAFE_INTEGER;

export function cursorAnswer(
  call: Pick<HookCall, "event" | "phase">,
  verdict: Verdict,
  reason: string,
): string {
  if (call.phase !== "pre" || verdict === "pass") return "{}";
  if (verdict === "allow") return JSON.stringify({ permission: "allow" });
  return JSON.stringify({ permission: verdict, user_message: reason, agent_message: reason });
}

export const cursor = defineAgent({
  name: "cursor",
  label: "Cursor",
  events: [
    { name: "beforeShellExecution", phase: "pre" },
    { name: "beforeMCPExecution", phase: "pre" },
    { name: "beforeReadFile", phase: "pre" },
    { name: "preToolUse", phase: "pre" },
    { name: "afterShellExecution", phase: "post" },
    { name: "afterMCPExecution", phase: "post" },
    { name: "afterFileEdit", phase: "post" },
    // preToolUse covers every tool (reads, writes, …): their results only come as postToolUse.
    { name: "postToolUse", phase: "post" },
    { name: "postToolUseFailure", phase: "post" },
    // Tab's hooks (inline completions, not the agent): understood when the user adds them.
    { name: "beforeTabFileRead", phase: "pre", installed: false },
    { name: "afterTabFileEdit", phase: "post", installed: false },
  ],
  call: cursorCall,
  answer: cursorAnswer,
  canAllow: true,
  // Cursor reads a failing outcome hook's exit status as nothing to act on.
  postFailureExit: 0,
  // The pre-tool payload of a shell command (`trailseal policy test`).
  shell: (command, cwd) => ({
    hook_event_name: "beforeShellExecution",
    conversation_id: "trailseal-policy-test",
    workspace_roots: [cwd],
    command,
    cwd,
  }),
  install: {
    kind: "settings",
    // <project>/.cursor/hooks.json or ~/.cursor/hooks.json (version 1), every entry fail-closed.
    path: ({ scope, cwd, user }) => join(scope === "project" ? cwd : user, ".cursor", "hooks.json"),
    nested: false,
    entry: (command) => ({ command, failClosed: true }),
    defaults: { version: 1 },
    // Per-script `timeout`, in seconds.
    timeout: { field: "timeout", unit: "s", source: "https://cursor.com/docs/agent/hooks" },
  },
  probe: (cwd) => ({
    hook_event_name: "beforeShellExecution",
    conversation_id: "trailseal-hook-status",
    generation_id: "trailseal-hook-status",
    workspace_roots: [cwd],
    command: "ls",
    cwd,
  }),
  blocks: (reply) => exitBlocks(reply, true, (out) => answerSays(out, ["permission"], "deny")),
});
