/**
 * The well-formed actions of docs/actions.md — a generic action of any kind with its optional
 * `agent`, `session`, `cwd`, or a Claude Code hook payload — checked by hand so that recording
 * one does not load zod (~30 ms, more than the rest of a `trailseal record` call). It only ever
 * accepts: anything it does not recognise as exactly valid — an unknown kind, an extra key, a
 * wrong type, a bound crossed, a `__proto__` key — goes to the zod schemas (./schema.ts), which
 * stay the definition and give the error. test/action-input checks that whatever this accepts,
 * zod accepts with the same result.
 */
import type { ClaudeCodePayload, GenericAction } from "./schema.js";

type Bounds = [min: number, max: number];

const CONTEXT: Record<string, Bounds> = {
  agent: [1, 200],
  session: [0, 512],
  cwd: [0, 4096],
};
/** Each kind's fields; `null` marks `arguments`, a JSON object (default `{}`). */
const FIELDS: Record<string, Record<string, Bounds | null>> = {
  command: { command: [1, 8 << 20] }, // MAX_ACTION_BYTES (./schema.ts, not imported: it loads zod lazily but keeps this file type-only)
  file: { op: [1, 6], path: [1, 4096] },
  network: { method: [1, 16], url: [1, 8192] },
  mcp: { server: [1, 200], tool: [1, 200], arguments: null },
  other: { description: [1, 4096] },
};
const FILE_OPS = new Set(["read", "write", "edit", "delete", "search"]);
const METHOD = /^[A-Za-z]{1,16}$/;

/** The optional string fields of a Claude Code payload (other keys pass, as in the schema). */
const CLAUDE_STRINGS: Record<string, Bounds> = {
  cwd: [0, 4096],
  session_id: [0, 512],
  hook_event_name: [0, 128],
  transcript_path: [0, Number.POSITIVE_INFINITY],
};

function isBoundedString(value: unknown, [min, max]: Bounds): value is string {
  return typeof value === "string" && value.length >= min && value.length <= max;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** A JSON object as zod's string-keyed record gives it (a copy), or null when zod must decide. */
function plainRecord(value: unknown): Record<string, unknown> | null {
  if (!isPlainObject(value) || Object.hasOwn(value, "__proto__")) return null;
  return { ...value };
}

function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** The action as zod's generic schema would give it, or null when zod must decide. */
export function commonGenericAction(raw: unknown): GenericAction | null {
  if (!isPlainObject(raw)) return null;
  const kind = raw.kind;
  if (typeof kind !== "string") return null;
  const fields = own(FIELDS, kind);
  if (fields === undefined) return null;
  for (const key of Object.keys(raw)) {
    if (key === "kind" || (key === "arguments" && kind === "mcp")) continue;
    const bounds = own(fields, key) ?? own(CONTEXT, key);
    if (bounds === undefined || bounds === null || !isBoundedString(raw[key], bounds)) return null;
  }
  const action: Record<string, unknown> = { kind };
  for (const key of Object.keys(fields)) {
    if (key === "arguments") {
      const args = Object.hasOwn(raw, key) ? plainRecord(raw[key]) : {};
      if (args === null) return null;
      action[key] = args;
    } else if (Object.hasOwn(raw, key)) action[key] = raw[key];
    else if (kind === "network" && key === "method") action.method = "GET";
    else return null;
  }
  if (kind === "file" && !FILE_OPS.has(action.op as string)) return null;
  if (kind === "network" && !METHOD.test(action.method as string)) return null;
  for (const key of Object.keys(CONTEXT)) if (Object.hasOwn(raw, key)) action[key] = raw[key];
  return action as GenericAction;
}

/**
 * The fields of a Claude Code payload that zod's schema checks and `fromClaudeCode` reads, or
 * null when zod must decide.
 */
export function commonClaudeCodePayload(raw: unknown): ClaudeCodePayload | null {
  if (!isPlainObject(raw) || Object.hasOwn(raw, "__proto__")) return null;
  if (!isBoundedString(raw.tool_name, [1, 512])) return null;
  const toolInput = Object.hasOwn(raw, "tool_input") ? plainRecord(raw.tool_input) : {};
  if (toolInput === null) return null;
  const payload: Record<string, unknown> = { tool_name: raw.tool_name, tool_input: toolInput };
  for (const [key, bounds] of Object.entries(CLAUDE_STRINGS)) {
    if (!Object.hasOwn(raw, key)) continue;
    if (!isBoundedString(raw[key], bounds)) return null;
    payload[key] = raw[key];
  }
  return payload as ClaudeCodePayload;
}
