/**
 * Recording actions: classify, build the event body, append durably. Shared by
 * `trailseal record`, the agent hooks and the demo.
 */
import type { Action } from "../action/index.js";
import type { Decision, EventBody, TrailEvent } from "../chain/index.js";
import type { Policy } from "../policy/index.js";
import { DIGEST_ABOVE, digestText, redactRecorded } from "../redact/index.js";
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
  return body;
}

/** Long strings of the tool input and outcome as digests (after redaction). */
function compactBody(body: EventBody): EventBody {
  const out: EventBody = { ...body };
  if (body.input !== undefined) out.input = compactInput(body.input);
  if (body.outcome !== undefined) out.outcome = compactInput(body.outcome);
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
 * `policy`: the home's policy when the caller has loaded it already (its `redact` settings).
 */
export async function appendRedacted(
  home: string,
  bodies: EventBody[],
  options: AppendOptions = {},
  policy?: Policy,
): Promise<{ events: TrailEvent[]; scrub: (text: string) => Promise<string> }> {
  const redaction = await redactRecorded(home, bodies, policy);
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
