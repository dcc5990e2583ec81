/**
 * The completeness rule, where witnesses can be asked: each witness the verifier names is asked
 * for the newest seal it holds under the attested seal's key id (the witness query `askLatest`,
 * src/witness). A witness that holds no seal of that key, or a newest seal covering fewer events
 * than the attested one, never recorded it (or lost it): the attested record is not one the
 * witness saw. At the same count, another tip is a rewrite. A newer seal is consistent as far as
 * the attestation can tell (its events end at the attested seal). A witness that cannot answer
 * is reported, not counted.
 */
import type { LatestAnswer } from "../witness/index.js";

export interface WitnessAsked {
  name: string;
  url: string;
  status: "holds-later" | "holds-this" | "cannot-answer";
  /** The events its newest seal of the key covers. */
  newest?: number;
  error?: string;
}

export interface CompletenessJudgement {
  asked: WitnessAsked[];
  /** Why a witness contradicts the attestation, or null. */
  problem: string | null;
}

export function judgeCompleteness(
  seal: { event_count: number; chain_tip: string },
  answers: readonly LatestAnswer[],
): CompletenessJudgement {
  const asked: WitnessAsked[] = [];
  let problem: string | null = null;
  for (const answer of answers) {
    const who = { name: answer.name, url: answer.url };
    if (answer.error) {
      asked.push({ ...who, status: "cannot-answer", error: answer.error.code });
      continue;
    }
    const anchor = answer.anchor;
    if (!anchor) {
      problem ??= `${answer.name} holds no seal of the attested key`;
      continue;
    }
    const newest = anchor.chained_events;
    if (newest < seal.event_count)
      problem ??= `${answer.name}'s newest seal of the key covers ${newest} events, fewer than the attested ${seal.event_count}`;
    else if (newest === seal.event_count && anchor.tip_hash !== seal.chain_tip)
      problem ??= `${answer.name} holds another tip at ${newest} events: the record was rewritten`;
    else asked.push({ ...who, status: newest === seal.event_count ? "holds-this" : "holds-later", newest });
  }
  return { asked, problem };
}
