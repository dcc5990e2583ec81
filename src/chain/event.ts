import { canonicalJson, sha256Hex } from "../encoding/index.js";

export const RISK_LEVELS = ["none", "low", "medium", "high", "critical"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const RISK_FLAGS = [
  "destructive_command",
  "system_modification",
  "privilege_escalation",
  "sensitive_file_access",
  "config_file_modification",
  "network_request",
  "pipe_to_shell",
  "force_push",
  "broad_file_deletion",
] as const;
export type RiskFlag = (typeof RISK_FLAGS)[number];

/** `pass`: a hook left the call to the agent's own permission flow (the policy had no objection). */
export const DECISIONS = ["allow", "deny", "ask", "pass", "logged"] as const;
export type Decision = (typeof DECISIONS)[number];

/** `prev` of event 0 (docs/trail-format.md). Also the chain tip of an empty trail. */
export const GENESIS_HASH = `sha256:${"0".repeat(64)}`;

/**
 * The fields of an event that the writer chooses (everything but seq, ts, prev, hash).
 * docs/trail-format.md documents each one.
 */
export interface EventBody {
  risk: { level: RiskLevel; flags: RiskFlag[] };
  agent: string;
  session: string | null;
  cwd: string | null;
  phase: "pre" | "post" | "record";
  action: Record<string, unknown> & { kind: string; tool: string };
  decision: Decision;
  reasons: string[];
  input?: unknown;
  outcome?: unknown;
  /** On a hook's `pre` event: the policy version and rule that decided (docs/trail-format.md). */
  policy?: PolicyStamp;
}

/** Which policy made a decision (docs/trail-format.md, `policy`). */
export interface PolicyStamp {
  /** `sha256:<hex>` of the JCS form of the effective policy; null when it could not be loaded. */
  digest: string | null;
  /** The policy rule that decided (`rules.commands.deny`, `max_risk`, `ask`, …); null: none. */
  rule: string | null;
  /** True when no decision was answered, so the agent's own permission flow ran. */
  agent_flow: boolean;
}

export interface TrailEvent extends EventBody {
  seq: number;
  ts: string;
  prev: string;
  hash: string;
}

/**
 * The event hash (docs/trail-format.md): sha256 over the JCS form of the event without its `hash`
 * member. The single place where event bytes are hashed.
 */
export function computeEventHash(event: Record<string, unknown>): string {
  const { hash: _omit, ...rest } = event;
  return `sha256:${sha256Hex(canonicalJson(rest))}`;
}

/** True when every object in `value` lists its keys in JCS order (UTF-16 code units). */
function hasSortedKeys(value: unknown): boolean {
  if (value === null || typeof value !== "object") return true;
  if (Array.isArray(value)) return value.every(hasSortedKeys);
  let previous: string | null = null;
  for (const key in value) {
    if (previous !== null && !(previous < key)) return false;
    previous = key;
    if (!hasSortedKeys((value as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/**
 * Fast path of `computeEventHash` for a stored line, used by verification. When the line is
 * already the JCS form of `parsed` (what trailseal writes: JSON.stringify of an object whose keys
 * are sorted equals JCS, both using ECMAScript number and string serialization), the hashed bytes
 * are the line minus its top-level `"hash":"…",` member, and no re-serialization is needed.
 * That member is unique in a canonical line (quotes inside strings are escaped, and a nested copy
 * would need the event to contain its own hash) and never last (`ts` sorts after it).
 * Returns null when the line is not canonical: the caller falls back to `computeEventHash`.
 */
export function hashCanonicalEventLine(line: string, parsed: Record<string, unknown>): string | null {
  const hash = parsed.hash;
  if (typeof hash !== "string" || JSON.stringify(parsed) !== line || !hasSortedKeys(parsed)) return null;
  const member = `"hash":${JSON.stringify(hash)},`;
  const at = line.indexOf(member);
  if (at < 0) return null;
  return `sha256:${sha256Hex(line.slice(0, at) + line.slice(at + member.length))}`;
}

/** Builds the next event after `prev` (hash) at position `seq`. */
export function chainEvent(body: EventBody, seq: number, prev: string, ts: string): TrailEvent {
  const unhashed = { seq, ts, prev, ...body };
  return { ...unhashed, hash: computeEventHash(unhashed) } as TrailEvent;
}

/** One event as it is stored: its canonical JSON on one line. */
export function serializeEvent(event: TrailEvent): string {
  return canonicalJson(event);
}
