/**
 * GitHub Copilot (CLI and coding agent): `.github/hooks/*.json`, events `preToolUse` and
 * `postToolUse`. The payload names no event: `{timestamp, cwd, toolName, toolArgs}` with
 * `toolArgs` a JSON *string*; a postToolUse adds `toolResult {resultType, textResultForLlm}`.
 * Tools: `bash` and `powershell` ({command}), file tools (`view`, `create`, `edit`: {path}),
 * `rg` and `glob` (reads of their `paths`), `apply_patch` (Copilot CLI 1.0 sends the patch itself
 * as `toolArgs`, a string that is not JSON: every file of it is judged), MCP tools. The real
 * Copilot CLI names the session `sessionId`. Answer: `{"permissionDecision": "deny", "permissionDecisionReason"}` — only deny is
 * acted on, so an ask is a deny (unless `cannot_ask: allow`) and an allow is answered with nothing.
 */

import { join } from "node:path";
import type { ActionTarget } from "../action/index.js";
import { type HookCall, makeAction, type Verdict, withCarried } from "./adapters.js";
import { patchTargets } from "./codex.js";
import { type Json, objectField, stringField } from "./payload.js";
import { answerSays, defineAgent, exitBlocks } from "./spec.js";
import { carriedTargets, POWERSHELL_TOOLS, str } from "./targets.js";

const READ_TOOLS = new Set(["view", "read", "glob", "grep", "rg", "list", "search"]);

function target(tool: string, input: Json): ActionTarget {
  if (tool === "bash" || tool === "shell" || POWERSHELL_TOOLS.has(tool))
    return { kind: "command", command: str(input, "command", "script") };
  // write_bash types `input` into a running shell session (`read_bash` reads its output): what
  // is typed runs as a command line.
  if (tool === "write_bash" || tool === "write_powershell")
    return { kind: "command", command: str(input, "input", "command", "text").replace(/\{enter\}/gi, "\n") };
  const mcp = /^mcp__(.+?)__(.+)$/.exec(tool) ?? /^([^/]+)\/(.+)$/.exec(tool);
  if (mcp) return { kind: "mcp", server: mcp[1]!, tool: mcp[2]!, args: input };
  if (tool === "web_fetch" || tool === "fetch")
    return { kind: "network", method: "GET", url: str(input, "url") };
  return { kind: "other", description: tool };
}

export function copilotCall(payload: Json): HookCall {
  const post = payload.toolResult !== undefined;
  const event = stringField(payload, "hook_event_name", 128) ?? (post ? "postToolUse" : "preToolUse");
  const tool = stringField(payload, "toolName", 512, true)!;
  const input = objectField(payload, "toolArgs");
  const own = target(tool, input);
  const patch = typeof input.raw === "string" ? patchTargets(input.raw) : [];
  const carried =
    own.kind === "mcp" ? [] : [...patch, ...carriedTargets(input, READ_TOOLS.has(tool) ? "read" : "write")];
  const [primary, extra] = withCarried(own, carried);
  const action = makeAction("copilot", tool, primary, input, payload);
  if (typeof payload.sessionId === "string" && payload.sessionId !== "")
    action.session = payload.sessionId.slice(0, 512);
  const call: HookCall = {
    phase: post ? "post" : "pre",
    event,
    extra,
    powershell: POWERSHELL_TOOLS.has(tool) || tool === "write_powershell",
    canAsk: false,
    action,
  };
  if (post) call.outcome = payload.toolResult;
  return call;
}

export function copilotAnswer(call: Pick<HookCall, "phase">, verdict: Verdict, reason: string): string {
  if (call.phase !== "pre" || verdict !== "deny") return "";
  return JSON.stringify({ permissionDecision: "deny", permissionDecisionReason: reason });
}

export const copilot = defineAgent({
  name: "copilot",
  label: "GitHub Copilot",
  events: [
    { name: "preToolUse", phase: "pre" },
    { name: "postToolUse", phase: "post" },
  ],
  call: copilotCall,
  answer: copilotAnswer,
  canAllow: false,
  postFailureExit: 1,
  // The pre-tool payload of a shell command (`trailseal policy test`).
  shell: (command, cwd) => ({ timestamp: 0, cwd, toolName: "bash", toolArgs: JSON.stringify({ command }) }),
  install: {
    kind: "settings",
    path: ({ scope, cwd, user }) =>
      scope === "project"
        ? join(cwd, ".github", "hooks", "trailseal.json")
        : join(user, ".copilot", "hooks", "trailseal.json"),
    nested: false,
    entry: (command, pre) => {
      // PowerShell has no `||` before 7: the exit status is mapped explicitly.
      const powershell = `${command.replace(/ \|\| exit \d$/, "")}; if ($LASTEXITCODE -ne 0) { exit ${pre ? 2 : 1} }`;
      return { type: "command", bash: command, powershell };
    },
    defaults: { version: 1 },
    timeout: {
      field: "timeoutSec",
      unit: "s",
      source: "https://docs.github.com/en/copilot/how-tos/copilot-cli/customize-copilot/use-hooks",
    },
    // On Linux and macOS Copilot runs the `bash` member with bash.
    commandOf: (entry) => entry.bash,
    shell: "bash",
  },
  probe: (cwd) => ({
    timestamp: 0,
    cwd,
    sessionId: "trailseal-hook-status",
    toolName: "view",
    toolArgs: JSON.stringify({ path: cwd }),
  }),
  blocks: (reply) => exitBlocks(reply, true, (out) => answerSays(out, ["permissionDecision"], "deny")),
});
