/**
 * Cline: executable hook scripts named after the event, `.clinerules/hooks/PreToolUse` and
 * `PostToolUse` (user: ~/Documents/Cline/Hooks/). Payload `{clineVersion, hookName, timestamp,
 * taskId, workspaceRoots, userId, preToolUse: {toolName, parameters}}` (PostToolUse:
 * `postToolUse: {toolName, parameters, result, success, executionTimeMs}`). The VS Code
 * extension names the event `PreToolUse`; Cline 3 (the `cline` CLI, @cline/core) sends
 * `hookName: "tool_call"` / `"tool_result"` with the same `preToolUse` / `postToolUse` members,
 * so the member decides. Tools of both: the extension's (`execute_command`, `read_file`, …,
 * parameters as strings, MCP arguments a JSON string) and Cline 3's (`run_commands {commands}`,
 * `read_files {files}`, `editor {path}`, `apply_patch {input}`, `fetch_web_content {requests}`). Answer: `{"cancel": true, "errorMessage"}` blocks;
 * `{"cancel": false}` lets Cline's own approval run. No ask: an ask cancels (unless
 * `cannot_ask: allow`), and nothing is ever approved.
 */

import { join } from "node:path";
import type { ActionTarget } from "../action/index.js";
import { type HookCall, ignored, makeAction, type Verdict, withCarried } from "./adapters.js";
import { patchTargets } from "./codex.js";
import { invalid, type Json, objectField, stringField } from "./payload.js";
import { answerSays, defineAgent, exitBlocks, hookCommandLine, INSTALLED_MARK } from "./spec.js";
import { carriedTargets, str } from "./targets.js";

function target(tool: string, params: Json): [ActionTarget, ActionTarget[]] {
  switch (tool) {
    case "execute_command":
      return [{ kind: "command", command: str(params, "command") }, []];
    case "run_commands":
    case "read_files":
    case "fetch_web_content": {
      const carried = carriedTargets(params, tool === "read_files" ? "read" : "write");
      return carried.length > 0
        ? [carried[0]!, carried.slice(1)]
        : [{ kind: "other", description: tool }, []];
    }
    case "editor": {
      const op = params.old_text == null && params.insert_line == null ? "write" : "edit";
      return [{ kind: "file", op, path: str(params, "path") }, []];
    }
    case "apply_patch": {
      const files = patchTargets(str(params, "input", "patch"));
      return [files[0] ?? { kind: "file", op: "edit", path: "" }, files.slice(1)];
    }
    case "search_codebase":
      return [{ kind: "file", op: "search", path: ".", pattern: "" }, []];
    case "read_file":
      return [{ kind: "file", op: "read", path: str(params, "path") }, []];
    case "write_to_file":
      return [{ kind: "file", op: "write", path: str(params, "path") }, []];
    case "replace_in_file":
    case "apply_diff":
      return [{ kind: "file", op: "edit", path: str(params, "path") }, []];
    case "list_files":
    case "search_files":
    case "list_code_definition_names":
      return [
        { kind: "file", op: "search", path: str(params, "path") || ".", pattern: str(params, "regex") },
        [],
      ];
    case "web_fetch":
    case "browser_action":
      return str(params, "url")
        ? [{ kind: "network", method: "GET", url: str(params, "url") }, []]
        : [{ kind: "other", description: `browser ${str(params, "action")}` }, []];
    case "use_mcp_tool": {
      const args = objectField(params, "arguments");
      const target: ActionTarget = {
        kind: "mcp",
        server: str(params, "server_name") || "mcp",
        tool: str(params, "tool_name"),
        args,
      };
      return [target, carriedTargets(args)];
    }
    case "access_mcp_resource":
      return [
        { kind: "mcp", server: str(params, "server_name") || "mcp", tool: "resource", args: params },
        [],
      ];
    default:
      return withCarried({ kind: "other", description: tool }, carriedTargets(params));
  }
}

/**
 * Cline passes every parameter as a string: arrays and objects arrive as their JSON text
 * (`commands: "[\"ls\", \"rm -rf /\"]"`). Those are read back, so each entry is judged.
 */
function unstring(params: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(params)) {
    out[key] = value;
    if (typeof value !== "string" || !/^\s*[[{]/.test(value)) continue;
    try {
      out[key] = JSON.parse(value) as unknown;
    } catch {
      // plain text that starts with a bracket: kept as it is
    }
  }
  return out;
}

export function clineCall(payload: Json): HookCall {
  const key = payload.preToolUse ? "preToolUse" : payload.postToolUse ? "postToolUse" : null;
  const event =
    stringField(payload, "hookName", 128) ?? (key === "postToolUse" ? "PostToolUse" : "PreToolUse");
  // A pre-tool event without its `preToolUse` member names no tool: fail closed (deny), never
  // an unjudged pass. Other events without a member are not tool calls.
  if (!key && /^(PreToolUse|tool_call)$/.test(event)) throw invalid(`${event} payload lacks preToolUse`);
  if (!key) return ignored(event);
  const body = objectField(payload, key);
  const tool = stringField(body, "toolName", 512, true)!;
  const params = unstring(objectField(body, "parameters"));
  const [primary, extra] = target(tool, params);
  const session = { ...payload, session_id: payload.taskId, cwd: null };
  const call: HookCall = {
    phase: key === "preToolUse" ? "pre" : "post",
    event,
    extra,
    canAsk: false,
    action: makeAction("cline", tool, primary, params, session),
  };
  if (call.phase === "post") call.outcome = { result: body.result ?? null, success: body.success ?? null };
  return call;
}

export function clineAnswer(call: Pick<HookCall, "phase">, verdict: Verdict, reason: string): string {
  if (call.phase === "pre" && verdict === "deny")
    return JSON.stringify({ cancel: true, errorMessage: reason });
  return JSON.stringify({ cancel: false });
}

/**
 * The installed script: fail closed inside the file, since a script that cannot run trailseal
 * would otherwise let Cline go on; it prints Cline's cancel answer itself.
 */
function clineScript(home: string | undefined, pre: boolean, program: string): string {
  const run = hookCommandLine("cline", home, program);
  const fallback = pre
    ? `echo '{"cancel":true,"errorMessage":"trailseal could not run: tool call blocked (fail closed)"}'`
    : `echo '{"cancel":false}'`;
  return `#!/bin/sh\n# trailseal: judge and record Cline's tool calls; ${INSTALLED_MARK} cline\`.\n${run} && exit 0\n${fallback}\nexit 0\n`;
}

export const cline = defineAgent({
  name: "cline",
  label: "Cline",
  // The VS Code extension's names, then Cline 3's for the same hooks.
  events: [
    { name: "PreToolUse", phase: "pre" },
    { name: "tool_call", phase: "pre" },
    { name: "PostToolUse", phase: "post" },
    { name: "tool_result", phase: "post" },
  ],
  call: clineCall,
  answer: clineAnswer,
  canAllow: false,
  postFailureExit: 0,
  // The pre-tool payload of a shell command (`trailseal policy test`).
  shell: (command) => ({
    hookName: "PreToolUse",
    taskId: "trailseal-policy-test",
    preToolUse: { toolName: "execute_command", parameters: { command } },
  }),
  install: {
    kind: "files",
    // Executable scripts named after the event: .clinerules/hooks/ or ~/Documents/Cline/Hooks/.
    files: ({ scope, cwd, user }) => {
      const dir =
        scope === "project" ? join(cwd, ".clinerules", "hooks") : join(user, "Documents", "Cline", "Hooks");
      return [
        { event: "PreToolUse", path: join(dir, "PreToolUse"), pre: true },
        { event: "PostToolUse", path: join(dir, "PostToolUse"), pre: false },
      ];
    },
    text: ({ home, program }, pre) => clineScript(home, pre, program),
    mode: 0o755,
    // Cline executes the file itself, the payload on stdin.
    run: (path, payload) => ({ argv: [path], input: JSON.stringify(payload) }),
    timeout:
      "none to set: a Cline hook is a bare executable file with no configuration (https://docs.cline.bot/customization/hooks)",
  },
  probe: (cwd) => ({
    clineVersion: "trailseal-hook-status",
    hookName: "PreToolUse",
    timestamp: "0",
    taskId: "trailseal-hook-status",
    workspaceRoots: [cwd],
    preToolUse: { toolName: "list_files", parameters: { path: cwd } },
  }),
  // The script answers `{"cancel": true}` itself when trailseal cannot run (and exits 0).
  blocks: (reply) => exitBlocks(reply, true, (out) => answerSays(out, ["cancel"], true)),
});
