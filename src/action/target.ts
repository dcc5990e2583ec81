/**
 * The normalised action and the Claude Code tool mapping, without zod: the agent hook
 * loads this on every tool call and zod's start-up cost would be paid each time
 * (docs/performance.md, "Agent hook").
 */

export type FileOp = "read" | "write" | "edit" | "delete" | "search";

export type ActionTarget =
  | { kind: "command"; command: string }
  | { kind: "file"; op: FileOp; path: string; pattern?: string }
  | { kind: "network"; method: string; url: string }
  | { kind: "mcp"; server: string; tool: string; args: Record<string, unknown> }
  | { kind: "agent"; description: string }
  | { kind: "other"; description: string };

export interface Action {
  target: ActionTarget;
  /** The tool as the agent named it (`Bash`, `mcp__github__create_issue`, `command`). */
  tool: string;
  agent: string;
  session: string | null;
  cwd: string | null;
  /** The agent's raw tool input, kept for the record. */
  input: unknown;
}

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Maps a Claude Code tool call (PreToolUse/PostToolUse payload) to an action target. */
export function claudeCodeTarget(
  tool: string,
  input: Record<string, unknown>,
  cwd: string | null,
): ActionTarget {
  const mcp = /^mcp__(.+?)__(.+)$/.exec(tool);
  if (mcp) return { kind: "mcp", server: mcp[1]!, tool: mcp[2]!, args: input };
  switch (tool) {
    case "Bash":
      return { kind: "command", command: str(input.command) };
    case "Read":
      return { kind: "file", op: "read", path: str(input.file_path) };
    case "Write":
      return { kind: "file", op: "write", path: str(input.file_path) };
    case "Edit":
    case "MultiEdit":
      return { kind: "file", op: "edit", path: str(input.file_path) };
    case "NotebookEdit":
      return { kind: "file", op: "edit", path: str(input.notebook_path) };
    case "NotebookRead":
      return { kind: "file", op: "read", path: str(input.notebook_path) };
    case "Glob":
    case "Grep":
    case "LS":
      return { kind: "file", op: "search", path: str(input.path) || cwd || ".", pattern: str(input.pattern) };
    case "WebFetch":
      return { kind: "network", method: "GET", url: str(input.url) };
    case "WebSearch":
      return { kind: "other", description: `web search: ${str(input.query)}` };
    case "Task":
    case "Agent":
      return { kind: "agent", description: str(input.description) || str(input.prompt) };
    default:
      return { kind: "other", description: tool };
  }
}

/**
 * The summary of an action as the trail stores it (`event.action`: the target's members plus
 * `tool`). Read back from a file, so nothing guarantees its members match its kind: a kind this
 * version does not know gives undefined, a missing member shows as "undefined".
 */
export function describeRecorded(action: { readonly kind: string }): string | undefined {
  const shown: Record<string, unknown> = { ...action };
  for (const [name, value] of Object.entries(shown)) {
    if (name !== "args" && isTextDigest(value)) shown[name] = recordedText(value);
  }
  return describeTarget(shown as ActionTarget);
}

function isTextDigest(value: unknown): value is { sha256: string; bytes: number; head?: unknown } {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const digest = value as Record<string, unknown>;
  return typeof digest.sha256 === "string" && typeof digest.bytes === "number";
}

/**
 * A recorded text member as one string: a string as it is; a long one, which the trail keeps
 * as a digest with its start (`{sha256, bytes, head}`, docs/trail-format.md), as that start,
 * its size and the digest's first hex digits. Anything else as `String()` gives it (a tampered
 * line can hold any JSON there).
 */
export function recordedText(value: unknown): string {
  if (typeof value === "string") return value;
  if (isTextDigest(value)) {
    const head = typeof value.head === "string" ? value.head : "";
    return `${head}… [${value.bytes} bytes, sha256 ${value.sha256.slice(0, 12)}]`;
  }
  return String(value);
}

/** A one-line human summary of what the action does. */
export function describeTarget(target: ActionTarget): string {
  switch (target.kind) {
    case "command":
      return target.command;
    case "file":
      return `${target.op} ${target.path}${target.pattern ? ` (${target.pattern})` : ""}`;
    case "network":
      return `${target.method} ${target.url}`;
    case "mcp":
      return `mcp ${target.server}.${target.tool}`;
    case "agent":
      return `agent: ${target.description}`;
    case "other":
      return target.description;
  }
}
