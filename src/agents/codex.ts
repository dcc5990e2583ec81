/**
 * OpenAI Codex CLI: hooks.json (`<repo>/.codex/hooks.json`, `~/.codex/hooks.json`) in Claude
 * Code's shape. PreToolUse {session_id, cwd, hook_event_name, tool_name, tool_input} with
 * `Bash` ({command}), `apply_patch` (the patch text: every added, updated, moved and deleted
 * file is judged) and MCP tools `mcp__<server>__<tool>`; PostToolUse adds `tool_response`.
 *
 * Codex's output parser takes a deny; an `allow` without `updatedInput`, and an `ask`, it treats
 * as a *failed hook* (not a block). So trailseal answers deny or nothing: an ask is a deny
 * (unless `cannot_ask: allow`), and an explicit allow rule is answered with nothing.
 */

import { join } from "node:path";
import type { ActionTarget } from "../action/index.js";
import { type HookCall, ignored } from "./adapters.js";
import { claudeCodeAnswer, claudeCodeShell, toolCall } from "./claude-code.js";
import { type Json, stringField } from "./payload.js";
import { answerSays, defineAgent, exitBlocks } from "./spec.js";

/** The files an apply_patch envelope touches (`*** Add File: p`, `Update`, `Delete`, `Move to`). */
export function patchTargets(patch: string): ActionTarget[] {
  const targets: ActionTarget[] = [];
  for (const match of patch.matchAll(/^\*\*\* (Add File|Update File|Delete File|Move to): (.+)$/gm)) {
    const path = match[2]!.trim();
    const op = match[1] === "Delete File" ? "delete" : match[1] === "Update File" ? "edit" : "write";
    targets.push({ kind: "file", op, path });
    if (targets.length >= 256) break;
  }
  return targets;
}

function patchText(input: Json): string {
  for (const key of ["patch", "input", "command"]) {
    const value = input[key];
    if (typeof value === "string" && value.includes("*** Begin Patch")) return value;
    if (Array.isArray(value)) {
      const text = value.find((item) => typeof item === "string" && item.includes("*** Begin Patch"));
      if (typeof text === "string") return text;
    }
  }
  return "";
}

function codexToolCall(payload: Json, phase: "pre" | "post", event: string): HookCall {
  const call: HookCall = { ...toolCall("codex", payload, phase, event), canAsk: false };
  const tool = call.action!.tool;
  if (tool === "apply_patch" || tool === "applyPatch") {
    const targets = patchTargets(patchText(call.action!.input as Json));
    if (targets.length > 0) {
      call.action = { ...call.action!, target: targets[0]! };
      call.extra = targets.slice(1);
    } else {
      call.action = { ...call.action!, target: { kind: "file", op: "edit", path: "" } };
      call.extra = [];
    }
  }
  return call;
}

export function codexCall(payload: Json): HookCall {
  const event = stringField(payload, "hook_event_name", 128) ?? "PreToolUse";
  if (event === "PreToolUse") return codexToolCall(payload, "pre", event);
  if (event === "PostToolUse")
    return {
      ...codexToolCall(payload, "post", event),
      outcome: payload.tool_response ?? payload.tool_output ?? null,
    };
  return ignored(event);
}

export const codexAnswer = claudeCodeAnswer;

export const codex = defineAgent({
  name: "codex",
  label: "Codex CLI",
  events: [
    { name: "PreToolUse", phase: "pre" },
    { name: "PostToolUse", phase: "post" },
  ],
  call: codexCall,
  answer: codexAnswer,
  canAllow: false,
  postFailureExit: 1,
  // Claude Code's pre-tool payload of a shell command (`trailseal policy test`).
  shell: claudeCodeShell,
  install: {
    kind: "settings",
    // Claude Code's shape: <project>/.codex/hooks.json or $CODEX_HOME/hooks.json (default ~/.codex).
    path: ({ scope, cwd, user, env }) =>
      scope === "project"
        ? join(cwd, ".codex", "hooks.json")
        : join(env.CODEX_HOME || join(user, ".codex"), "hooks.json"),
    nested: true,
    entry: (command) => ({ type: "command", command }),
    // Seconds (Codex's default is 600): the JSON key is `timeout` (codex-rs/config's
    // hook_config.rs renames its timeout_sec field so; openai/codex#35382).
    timeout: { field: "timeout", unit: "s", source: "https://developers.openai.com/codex/hooks" },
  },
  probe: (cwd) => ({
    hook_event_name: "PreToolUse",
    session_id: "trailseal-hook-status",
    cwd,
    tool_name: "Bash",
    tool_input: { command: "ls" },
  }),
  blocks: (reply) =>
    exitBlocks(reply, true, (out) => answerSays(out, ["hookSpecificOutput", "permissionDecision"], "deny")),
});
