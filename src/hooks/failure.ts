/**
 * A hook call that failed (a bad payload, an unusable policy, a trail not writable, a bug): a pre
 * call is denied with the reason, a post call passes with the failure on stderr, and the call is
 * recorded when the trail allows — its reason scrubbed of the secrets the payload carries.
 */
import {
  AGENT_SPECS,
  type AgentName,
  eventPhase,
  type HookCall,
  type Phase,
  peekEventName,
} from "../agents/index.js";
import type { EventBody } from "../chain/index.js";
import { appendRedacted } from "../record/index.js";
import { type RedactionSeed, redactText } from "../redact/index.js";
import { answer, type HookOptions, type HookResult, reply, withNewline } from "./reply.js";

/**
 * The answer to a call that failed with `detail`, and its failure record: a pre call is denied,
 * a post call passes with the failure on stderr (the tool already ran). Also the answer of a
 * call whose resident server stopped after recording it (src/cli/hook-runtime).
 */
export async function answerFailure(
  agent: AgentName,
  text: string,
  call: Pick<HookCall, "event" | "phase"> | null,
  detail: string,
  options: HookOptions,
): Promise<HookResult> {
  const spec = AGENT_SPECS[agent];
  const event =
    call?.event ?? peekEventName(text) ?? spec.events.find((known) => known.phase === "pre")!.name;
  const phase: Phase = call?.phase ?? eventPhase(spec, event);
  if (phase !== "pre") {
    // An outcome is never denied (the tool already ran); the failure is reported, and
    // Claude Code and Gemini show a non-blocking error (exit 1) to the user.
    const reason = await scrubbed(
      options.home,
      `trailseal: error: the ${event} event could not be recorded`,
      detail,
      text,
    );
    await recordFailure(agent, event, "post", text, reason, options).catch(() => undefined);
    return {
      stdout: withNewline(answer(agent, { event, phase }, "pass", "")),
      stderr: `${reason}\n`,
      exitCode: spec.postFailureExit,
    };
  }
  const reason = await scrubbed(options.home, "trailseal: denied because the hook failed", detail, text);
  await recordFailure(agent, event, "pre", text, reason, options).catch(() => undefined);
  return reply(agent, { event, phase: "pre" }, "deny", reason);
}

/**
 * A payload that could not be processed is judged for secrets string by string (each as a
 * command line: src/redact, unparsed) up to this size; the trail keeps at most 2048 characters
 * of it, and a longer one's failure message quotes none of it.
 */
const SEEDED_PAYLOAD_CHARS = 65_536;

/** What redaction judges first for a call that failed on `text`: its strings, as command lines. */
function seedOf(text: string): RedactionSeed {
  return text.length <= SEEDED_PAYLOAD_CHARS ? { unparsed: text } : {};
}

/**
 * `head: detail` without secrets, neither those the text shows nor those only the payload's
 * commands parsed show; only `head` when redaction itself fails.
 */
async function scrubbed(home: string, head: string, detail: string, payload: string): Promise<string> {
  return redactText(home, `${head}: ${detail}`, seedOf(payload)).catch(() => head);
}

/** A call that could not be understood is still evidence: record it when the trail allows. */
async function recordFailure(
  agent: AgentName,
  event: string,
  phase: "pre" | "post",
  text: string,
  reason: string,
  options: HookOptions,
): Promise<void> {
  const body: EventBody = {
    risk: { level: "high", flags: [] },
    agent,
    session: null,
    cwd: null,
    phase,
    action: { tool: "unknown", kind: "other", description: `${event} payload that could not be processed` },
    decision: phase === "pre" ? "deny" : "logged",
    reasons: [reason],
    input: text.length > 2048 ? { bytes: Buffer.byteLength(text, "utf8") } : text,
  };
  await appendRedacted(options.home, [body], options, undefined, seedOf(text));
}
