/**
 * Cut detection (docs/threat-model.md): every witness is asked for the newest
 * seal it holds for the key id (the protocol's latest-anchor extension), and each answer is
 * judged against the verified chain. A witnessed seal the trail does not reach — a count past
 * its end, or a tip that is not the chain's hash at that count — means events were cut or
 * rewritten after the witness saw them. A witness that cannot answer (down, slow, or without
 * the extension) is reported as such and never counts as a clean answer.
 */
import type { ChainView } from "../../seal/index.js";
import { chainView, tipFromTail, trailDir, verifyTrail } from "../../trail/index.js";
import {
  hasInclusionEvidence,
  type StoredAnchor,
  type WitnessClient,
  type WitnessEndpoint,
} from "../protocol/index.js";

/** What one witness's newest seal says about the trail. */
export type ReachStatus = "reached" | "cut" | "rewritten" | "none" | "cannot-answer";

export interface WitnessReach {
  name: string;
  url: string;
  status: ReachStatus;
  /** The witness's newest anchor for the key (reached, cut, rewritten). */
  anchor_id?: string;
  chained_events?: number;
  tip_hash?: string;
  witnessed_at?: string;
  /** cut: events the witness saw sealed that the trail no longer holds. */
  missing?: number;
  /** cannot-answer: why. */
  error?: { code: string; message: string };
}

/** The answers of the witnesses, as asked (before the chain is known). */
export interface LatestAnswer {
  name: string;
  url: string;
  anchor?: StoredAnchor | null;
  error?: { code: string; message: string };
}

export interface CutCheck {
  key_id: string;
  /** Witnesses asked (every configured one). */
  asked: number;
  /** Witnesses that answered (held a seal for the key, or said they hold none). */
  answered: number;
  /** A witnessed seal the trail does not reach: the trail was cut or rewritten. */
  cut: boolean;
  witnesses: WitnessReach[];
}

export interface AskLatestOptions {
  endpoints: readonly WitnessEndpoint[];
  keyId: string;
  /** Per witness (default 10 s: a git log is cloned). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * The home's log pins: an HTTP witness serving a transparency log answers with inclusion
   * evidence, checked here as `witness verify` checks it (inclusion under the signed checkpoint,
   * the pin); an answer whose evidence fails is not an answer. Absent: evidence is not checked.
   */
  pinsDir?: string;
}

function errorOf(error: unknown): { code: string; message: string } {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return {
    code: typeof code === "string" ? code : "WITNESS_FAILED",
    message: typeof message === "string" ? message : String(error),
  };
}

/** Asks every witness, in parallel, for its newest seal of `keyId`; never throws for a witness. */
export async function askLatestWith(
  options: AskLatestOptions,
  deps: { createClient: (endpoint: WitnessEndpoint) => Promise<WitnessClient> },
): Promise<LatestAnswer[]> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return Promise.all(
    options.endpoints.map(async (endpoint): Promise<LatestAnswer> => {
      const who = { name: endpoint.name, url: endpoint.url };
      try {
        const client = await deps.createClient(endpoint);
        const signals = [AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])];
        const signal = AbortSignal.any(signals);
        const anchor = await client.fetchLatest(options.keyId, { signal });
        if (anchor && options.pinsDir && client.kind === "http" && hasInclusionEvidence(anchor)) {
          const { checkWitnessLog } = await import("./evidence.js");
          await checkWitnessLog(client, anchor, { pinsDir: options.pinsDir, signal });
        }
        return { ...who, anchor };
      } catch (error) {
        return { ...who, error: errorOf(error) };
      }
    }),
  );
}

/** The counts the chain must be read at to judge the answers (verifyTrail's `tipsAt`). */
export function countsToCheck(answers: readonly LatestAnswer[]): number[] {
  return answers.flatMap((answer) =>
    answer.anchor && Number.isSafeInteger(answer.anchor.chained_events) ? [answer.anchor.chained_events] : [],
  );
}

/** Judges each witness's newest seal against the verified chain. */
export function judgeReach(keyId: string, answers: readonly LatestAnswer[], chain: ChainView): CutCheck {
  const witnesses = answers.map((answer): WitnessReach => {
    const who = { name: answer.name, url: answer.url };
    if (answer.error) return { ...who, status: "cannot-answer", error: answer.error };
    if (!answer.anchor) return { ...who, status: "none" };
    const { anchor_id, chained_events: count, tip_hash, witnessed_at } = answer.anchor;
    const seen = { ...who, anchor_id, chained_events: count, tip_hash, witnessed_at };
    if (!Number.isSafeInteger(count) || count < 0 || typeof tip_hash !== "string") {
      return {
        ...who,
        status: "cannot-answer",
        error: { code: "WITNESS_RESPONSE_INVALID", message: `${answer.name} answered a malformed anchor` },
      };
    }
    if (count > chain.count) return { ...seen, status: "cut", missing: count - chain.count };
    // A seal of 0 events covers nothing (its tip is the genesis value): nothing to lose.
    if (count === 0) return { ...seen, status: "reached" };
    return chain.tipAt(count) === tip_hash
      ? { ...seen, status: "reached" }
      : { ...seen, status: "rewritten" };
  });
  return {
    key_id: keyId,
    asked: answers.length,
    answered: witnesses.filter((w) => w.status !== "cannot-answer").length,
    cut: witnesses.some((w) => w.status === "cut" || w.status === "rewritten"),
    witnesses,
  };
}

/** One line per witness that found a cut, for stderr and the report's headline. */
export function describeCut(reach: WitnessReach): string {
  if (reach.status === "cut")
    return `witness ${reach.name} holds ${reach.anchor_id} over ${reach.chained_events} events; the trail holds ${reach.chained_events! - reach.missing!}: ${reach.missing} witnessed event(s) are missing`;
  return `witness ${reach.name} holds ${reach.anchor_id} over ${reach.chained_events} events with tip ${reach.tip_hash}; the trail's event ${reach.chained_events} is not that one: the witnessed history was rewritten`;
}

/**
 * Whether this home's trail reaches a witnessed anchor, read from the trail itself (never from the
 * seal store, which an intruder can edit): the lines from the anchor's count to the end are
 * verified from the end of the trail (`tipFromTail`), and only when that count lies further back
 * is the whole trail read. Used before publishing, so a cut or a new home under an old key id
 * never gets a seal of its own past the witness's newest (which would hide the cut from every
 * later verification).
 */
export async function trailReaches(
  home: string,
  anchor: StoredAnchor,
): Promise<{ status: "reached" | "cut" | "rewritten"; missing?: number }> {
  const count = anchor.chained_events;
  if (!Number.isSafeInteger(count) || count <= 0) return { status: "reached" };
  const tail = await tipFromTail(trailDir(home), count);
  if (tail) {
    if (count > tail.eventCount) return { status: "cut", missing: count - tail.eventCount };
    return { status: tail.tip === anchor.tip_hash ? "reached" : "rewritten" };
  }
  const chain = chainView(await verifyTrail(trailDir(home), { tipsAt: [count] }));
  if (count > chain.count) return { status: "cut", missing: count - chain.count };
  return { status: chain.tipAt(count) === anchor.tip_hash ? "reached" : "rewritten" };
}
