/**
 * OpenCode: a plugin (`.opencode/plugin/trailseal.js`, installed by `trailseal hook install
 * opencode`) whose `tool.execute.before(input: {tool, sessionID, callID}, output: {args})` and
 * `tool.execute.after` pass `{hook_event_name, tool, sessionID, callID, args, output?}` to
 * `trailseal hook opencode`. The plugin throws (which blocks the tool) when the answer is a deny,
 * or when trailseal cannot run. Tools: `bash` ({command}), `read`/`write`/`edit` ({filePath}),
 * `patch`, `glob`/`grep`/`list`, `webfetch` ({url}), MCP tools `<server>_<tool>` (judged by what
 * they carry). There is no ask through a plugin: an ask is a deny (unless `cannot_ask: allow`).
 */
import type { ActionTarget } from "../action/index.js";
import { type HookCall, ignored, makeAction, type Verdict, withCarried } from "./adapters.js";
import { patchTargets } from "./codex.js";
import { type Json, objectField, stringField } from "./payload.js";
import { carriedTargets, str } from "./targets.js";

function target(tool: string, args: Json): [ActionTarget, ActionTarget[]] {
  switch (tool) {
    case "bash":
      return [{ kind: "command", command: str(args, "command") }, []];
    case "read":
      return [{ kind: "file", op: "read", path: str(args, "filePath", "file_path") }, []];
    case "write":
      return [{ kind: "file", op: "write", path: str(args, "filePath", "file_path") }, []];
    case "edit":
    case "multiedit":
      return [{ kind: "file", op: "edit", path: str(args, "filePath", "file_path") }, []];
    case "patch": {
      const files = patchTargets(str(args, "patchText", "patch"));
      return [files[0] ?? { kind: "file", op: "edit", path: "" }, files.slice(1)];
    }
    case "glob":
    case "grep":
    case "list":
      return [
        { kind: "file", op: "search", path: str(args, "path") || ".", pattern: str(args, "pattern") },
        [],
      ];
    case "webfetch":
      return [{ kind: "network", method: "GET", url: str(args, "url") }, []];
    case "task":
      return [{ kind: "agent", description: str(args, "description", "prompt") }, []];
    default:
      return withCarried({ kind: "other", description: tool }, carriedTargets(args));
  }
}

export function opencodeCall(payload: Json): HookCall {
  const event = stringField(payload, "hook_event_name", 128) ?? "tool.execute.before";
  const phase = event === "tool.execute.before" ? "pre" : event === "tool.execute.after" ? "post" : "ignore";
  if (phase === "ignore") return ignored(event);
  const tool = stringField(payload, "tool", 512, true)!;
  const args = objectField(payload, "args");
  const [primary, extra] = target(tool, args);
  const context = { ...payload, session_id: payload.sessionID };
  const call: HookCall = {
    phase,
    event,
    extra,
    canAsk: false,
    action: makeAction("opencode", tool, primary, args, context),
  };
  if (phase === "post") call.outcome = payload.output ?? null;
  return call;
}

export function opencodeAnswer(call: Pick<HookCall, "phase">, verdict: Verdict, reason: string): string {
  if (call.phase === "pre" && verdict === "deny") return JSON.stringify({ decision: "deny", reason });
  return "{}";
}
