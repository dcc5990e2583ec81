/**
 * Recording actions: classify, build the event body, append durably. Shared by
 * `trailseal record`, the agent hooks and the demo.
 */
import type { Action } from "../action/index.js";
import type { Decision, EventBody, PolicyStamp, TrailEvent } from "../chain/index.js";
import { canonicalJson } from "../encoding/index.js";
import type { Policy } from "../policy/index.js";
import { DIGEST_ABOVE, digestText, type RedactionSeed, redactRecorded } from "../redact/index.js";
import { type Classification, classify } from "../risk/index.js";
import { type AppendOptions, appendEvents, trailDir } from "../trail/index.js";

/** Strings longer than this in a tool input are stored as a digest (a Write's content, say). */
export const MAX_INLINE_STRING = DIGEST_ABOVE;

/**
 * Replaces long strings with `{sha256, bytes}` so the record stays small but still binds the
 * content. Runs after redaction: a long string that held a secret is digested as redacted, and
 * its markers are kept beside the digest (`markers`), so an unkeyed hash never binds a secret
 * (docs/trail-format.md, `input`).
 */
export function compactInput(value: unknown): unknown {
  if (typeof value === "string") return value.length <= MAX_INLINE_STRING ? value : digestText(value);
  if (Array.isArray(value)) return value.map(compactInput);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, compactInput(item)]));
  }
  return value;
}

export interface RecordSpec {
  action: Action;
  classification: Classification;
  decision: Decision;
  phase: EventBody["phase"];
  /** Policy reasons, appended to the classification's. */
  reasons?: string[];
  outcome?: unknown;
  /** The policy version and rule behind a hook's decision. */
  policy?: PolicyStamp;
}

export function toEventBody(spec: RecordSpec): EventBody {
  const { action, classification } = spec;
  const body: EventBody = {
    risk: { level: classification.level, flags: [...classification.flags] },
    agent: action.agent,
    session: action.session,
    cwd: action.cwd,
    phase: spec.phase,
    action: { tool: action.tool, ...action.target },
    decision: spec.decision,
    reasons: [...classification.reasons, ...(spec.reasons ?? [])],
    input: action.input,
  };
  if (spec.outcome !== undefined) body.outcome = spec.outcome;
  if (spec.policy !== undefined) body.policy = spec.policy;
  return body;
}

/**
 * Strings of the recorded action (a command, a path, a description) longer than this are kept
 * as a digest with their start: far above any ordinary command, so the trail keeps what ran
 * verbatim, yet a multi-megabyte heredoc cannot make one line too long to append after
 * (docs/trail-format.md, `action`).
 */
export const MAX_INLINE_ACTION_STRING = 64 << 10;
/** Characters of a digested action string kept readable beside its digest. */
export const ACTION_HEAD = 512;
/**
 * Above this many bytes of JSON, an event's `input`, `outcome` and `action.args` are each kept
 * as one digest of their JCS form: what is left (the action's strings are bounded above, the
 * rest by the agents' payload checks) keeps every line far below what the trail accepts.
 */
export const MAX_COMPACT_EVENT_BYTES = 1 << 20;

/** A long action string as `{sha256, bytes, markers?, head}` (after redaction, like `input`). */
function digestActionString(text: string): unknown {
  let end = ACTION_HEAD;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1; // never cut a surrogate pair in two
  return { ...digestText(text), head: text.slice(0, end) };
}

function compactAction(action: EventBody["action"]): EventBody["action"] {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(action)) {
    if (name === "args")
      out[name] = compactInput(value); // the MCP call's input, kept like `input`
    else if (typeof value === "string" && value.length > MAX_INLINE_ACTION_STRING)
      out[name] = digestActionString(value);
    else out[name] = value;
  }
  return out as EventBody["action"];
}

/** A whole JSON value as the digest of its JCS form, `{sha256, bytes, markers?, jcs: true}`. */
function digestJson(value: unknown): unknown {
  return { ...digestText(canonicalJson(value)), jcs: true };
}

/** Long strings of the action, tool input and outcome as digests (after redaction). */
function compactBody(body: EventBody): EventBody {
  const out: EventBody = { ...body, action: compactAction(body.action) };
  if (body.input !== undefined) out.input = compactInput(body.input);
  if (body.outcome !== undefined) out.outcome = compactInput(body.outcome);
  if (Buffer.byteLength(JSON.stringify(out), "utf8") <= MAX_COMPACT_EVENT_BYTES) return out;
  // Many short strings (a huge array, an object with thousands of members) escape the per-string
  // rule: the members that carry the agent's data are then bound by one digest each.
  if (out.input !== undefined) out.input = digestJson(out.input);
  if (out.outcome !== undefined) out.outcome = digestJson(out.outcome);
  if (out.action.args !== undefined) out.action = { ...out.action, args: digestJson(out.action.args) };
  return out;
}

/**
 * Appends event bodies to the trail of `home` after redacting their secrets (src/redact):
 * the one way recorded actions reach the trail, so no path stores a secret verbatim.
 */
export async function appendRecorded(
  home: string,
  bodies: EventBody[],
  options: AppendOptions = {},
): Promise<TrailEvent[]> {
  return (await appendRedacted(home, bodies, options)).events;
}

/**
 * appendRecorded, and `scrub` for messages built from the unredacted bodies (a hook's answer);
 * `policy`: the home's policy when the caller has loaded it already (its `redact` settings);
 * `seed`: what the redaction judges first (a payload that could not be parsed, kept as text).
 */
export async function appendRedacted(
  home: string,
  bodies: EventBody[],
  options: AppendOptions = {},
  policy?: Policy,
  seed?: RedactionSeed,
): Promise<{ events: TrailEvent[]; scrub: (text: string) => Promise<string> }> {
  const redaction = await redactRecorded(home, bodies, policy, seed);
  const events = await appendEvents(trailDir(home), redaction.bodies.map(compactBody), options);
  return { events, scrub: redaction.scrub };
}

/** Classifies and records actions as observed (decision `logged`, no policy). */
export async function recordActions(home: string, actions: Action[]): Promise<TrailEvent[]> {
  const bodies: EventBody[] = [];
  for (const action of actions) {
    const classification = await classify(action);
    bodies.push(toEventBody({ action, classification, decision: "logged", phase: "record" }));
  }
  return appendRecorded(home, bodies);
}
