/**
 * Kiro CLI: an agent configuration's `hooks.preToolUse` / `hooks.postToolUse` entries
 * (`{command, matcher}`). Payload `{hook_event_name: "preToolUse", cwd, tool_name, tool_input}`
 * (postToolUse adds `tool_response`). Tools: `execute_bash` / `execute_cmd` ({command}),
 * `fs_read` ({operations: [{mode, path}]}), `fs_write` ({command: create | str_replace | …,
 * path}), `use_aws`, `web_fetch`, MCP tools `@server/tool`. A pre hook blocks by exiting 2
 * with the reason on stderr; there is no ask, so an ask is a deny (unless `cannot_ask: allow`).
 */

import { join } from "node:path";
import type { ActionTarget } from "../action/index.js";
import { type HookCall, ignored, makeAction, type Reply, type Verdict, withCarried } from "./adapters.js";
import { type Json, objectField, stringField } from "./payload.js";
import { defineAgent, exitBlocks } from "./spec.js";
import { carriedTargets, str } from "./targets.js";

function targets(tool: string, input: Json): [ActionTarget, ActionTarget[]] {
  const mcp = /^@([^/]+)\/(.+)$/.exec(tool) ?? /^mcp__(.+?)__(.+)$/.exec(tool);
  if (mcp) return [{ kind: "mcp", server: mcp[1]!, tool: mcp[2]!, args: input }, carriedTargets(input)];
  switch (tool) {
    case "execute_bash":
    case "execute_cmd":
    case "shell":
      return [{ kind: "command", command: str(input, "command") }, []];
    case "fs_read": {
      const operations = Array.isArray(input.operations) ? (input.operations as Json[]) : [input];
      const reads: ActionTarget[] = operations
        .filter((op) => op && typeof op === "object")
        .slice(0, 64)
        .map((op) => ({
          kind: "file",
          op: str(op, "mode") === "Search" ? "search" : "read",
          path: str(op, "path"),
        }));
      return [reads[0] ?? { kind: "file", op: "read", path: "" }, reads.slice(1)];
    }
    case "fs_write":
      return [
        { kind: "file", op: str(input, "command") === "create" ? "write" : "edit", path: str(input, "path") },
        [],
      ];
    case "web_fetch":
      return [{ kind: "network", method: "GET", url: str(input, "url") }, []];
    case "use_aws":
      return [
        {
          kind: "command",
          command: `aws ${str(input, "service_name")} ${str(input, "operation_name")}`.trim(),
        },
        [],
      ];
    default:
      return withCarried({ kind: "other", description: tool }, carriedTargets(input));
  }
}

export function kiroCall(payload: Json): HookCall {
  const event = stringField(payload, "hook_event_name", 128) ?? "preToolUse";
  const phase = event === "preToolUse" ? "pre" : event === "postToolUse" ? "post" : "ignore";
  if (phase === "ignore") return ignored(event);
  const tool = stringField(payload, "tool_name", 512, true)!;
  const input = objectField(payload, "tool_input");
  const [primary, extra] = targets(tool, input);
  const call: HookCall = {
    phase,
    event,
    extra,
    canAsk: false,
    action: makeAction("kiro", tool, primary, input, payload),
  };
  if (phase === "post") call.outcome = payload.tool_response ?? null;
  return call;
}

export function kiroAnswer(call: Pick<HookCall, "phase">, verdict: Verdict, reason: string): Reply {
  if (call.phase !== "pre" || verdict !== "deny") return {};
  return { stderr: reason, exitCode: 2 };
}

export const kiro = defineAgent({
  name: "kiro",
  label: "Kiro",
  events: [
    { name: "preToolUse", phase: "pre" },
    { name: "postToolUse", phase: "post" },
  ],
  call: kiroCall,
  answer: kiroAnswer,
  canAllow: false,
  postFailureExit: 1,
  // The pre-tool payload of a shell command (`trailseal policy test`).
  shell: (command, cwd) => ({
    hook_event_name: "preToolUse",
    cwd,
    tool_name: "execute_bash",
    tool_input: { command },
  }),
  install: {
    kind: "settings",
    // An agent configuration of its own: `kiro-cli chat --agent trailseal` (docs/hooks.md).
    path: ({ scope, cwd, user }) =>
      join(scope === "project" ? cwd : user, ".kiro", "agents", "trailseal.json"),
    nested: false,
    entry: (command) => ({ command, matcher: "*" }),
    defaults: {
      name: "trailseal",
      description: "Kiro with every tool call judged and recorded by trailseal",
      tools: ["*"],
    },
    // Milliseconds (Kiro's default is 30000).
    timeout: { field: "timeout_ms", unit: "ms", source: "https://kiro.dev/docs/cli/hooks" },
  },
  probe: (cwd) => ({
    hook_event_name: "preToolUse",
    cwd,
    tool_name: "fs_read",
    tool_input: { operations: [{ mode: "Directory", path: cwd }] },
  }),
  // A block is exit 2 with the reason on stderr; nothing is read from stdout.
  blocks: (reply) => exitBlocks(reply, false, () => false),
});
