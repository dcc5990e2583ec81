/**
 * Actions read from untrusted JSON (stdin of `record` and `classify`): a Claude Code hook
 * payload or the generic action JSON of docs/actions.md, validated with zod and normalised
 * to an `Action`. Kept apart from the `action` vocabulary so that importing the vocabulary
 * (the agent hook does, on every tool call) never loads zod; and zod itself loads only when a
 * schema is needed: well-formed actions are checked by hand first (./common.ts).
 */
import { type Action, claudeCodeTarget, findUnrecordableJson } from "../action/index.js";
import { describeIssues, TrailsealError } from "../errors/index.js";
import { commonClaudeCodePayload, commonGenericAction } from "./common.js";
import { actionSchemas, type ClaudeCodePayload, type GenericAction, MAX_ACTION_BYTES } from "./schema.js";

export { type ClaudeCodePayload, type GenericAction, MAX_ACTION_BYTES };

export function fromClaudeCode(payload: ClaudeCodePayload): Action {
  const cwd = payload.cwd ?? null;
  return {
    target: claudeCodeTarget(payload.tool_name, payload.tool_input, cwd),
    tool: payload.tool_name,
    agent: "claude-code",
    session: payload.session_id ?? null,
    cwd,
    input: payload.tool_input,
  };
}

export function fromGeneric(generic: GenericAction): Action {
  // agent/session/cwd are the event's own members: they do not belong in its `action` too.
  const { agent, session, cwd, ...action } = generic;
  const context = { agent: agent ?? "generic", session: session ?? null, cwd: cwd ?? null };
  switch (action.kind) {
    case "command":
      return { ...context, tool: "command", input: { command: action.command }, target: action };
    case "file":
      return { ...context, tool: `file.${action.op}`, input: { path: action.path }, target: action };
    case "network":
      return {
        ...context,
        tool: "network",
        input: { method: action.method, url: action.url },
        target: { kind: "network", method: action.method.toUpperCase(), url: action.url },
      };
    case "mcp":
      return {
        ...context,
        tool: `mcp__${action.server}__${action.tool}`,
        input: action.arguments,
        target: { kind: "mcp", server: action.server, tool: action.tool, args: action.arguments },
      };
    case "other":
      return { ...context, tool: "other", input: { description: action.description }, target: action };
  }
}

/**
 * Parses one action from untrusted JSON text: a Claude Code hook payload (has `tool_name`)
 * or a generic action (has `kind`). Throws ACTION_INVALID with the offending path.
 */
export function parseAction(text: string, where = "input"): Action {
  if (Buffer.byteLength(text, "utf8") > MAX_ACTION_BYTES) {
    throw new TrailsealError("ACTION_TOO_LARGE", `${where} is larger than ${MAX_ACTION_BYTES} bytes`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new TrailsealError("ACTION_INVALID_JSON", `${where} is not JSON`, {
      hint: "send one JSON object (a Claude Code hook payload or a generic action, docs/actions.md) or JSONL",
    });
  }
  return parseActionValue(raw, where);
}

export function parseActionValue(raw: unknown, where = "input"): Action {
  const problem = findUnrecordableJson(raw);
  if (problem !== null) throw invalid(where, problem);
  if (typeof raw === "object" && raw !== null && "tool_name" in raw) {
    const common = commonClaudeCodePayload(raw);
    if (common !== null) return fromClaudeCode(common);
    const parsed = actionSchemas().claudeCode.safeParse(raw);
    if (!parsed.success) throw invalid(where, describeIssues(parsed.error.issues));
    return fromClaudeCode(parsed.data);
  }
  const common = commonGenericAction(raw);
  if (common !== null) return fromGeneric(common);
  const parsed = actionSchemas().generic.safeParse(raw);
  if (!parsed.success) throw invalid(where, describeIssues(parsed.error.issues));
  return fromGeneric(parsed.data);
}

function invalid(where: string, detail: string) {
  return new TrailsealError("ACTION_INVALID", `${where} is not a valid action: ${detail}`, {
    hint: "see docs/actions.md for the accepted shapes",
  });
}
