/**
 * `report --sample N --seed S`: N actions of the period picked reproducibly, each with its
 * events, the first witnessed seal that covers it and the proof, so an auditor checks each one
 * without trusting the report (docs/report.md, "Checking a sampled action by hand").
 *
 * The pick: an action (the seq of its first event) has the key SHA-256("<seed>:<seq>"); the N
 * smallest keys are picked. Anyone can redo it from the trail and the seed, order does not
 * matter, and the same seed over a longer trail keeps every earlier pick that still ranks.
 * The proof of an event under a seal is the chain itself: the trail lines from the action's first
 * event to the seal's last (`lines`); their hashes, each line's `prev` the hash before it, end at
 * the seal's `chain_tip`, which the witnesses' receipts (and `witness proof`) vouch for.
 */
import { createHash } from "node:crypto";
import { type PairedAction, pairStream } from "../actions/index.js";
import type { TrailEvent } from "../chain/index.js";
import type { StoredSeal } from "../seal/index.js";
import { readLines } from "../trail/index.js";
import { describeAction } from "./policy.js";

/** A stored seal and whether it checked against the chain (build.ts's CheckedSeal). */
interface CheckedSeal {
  stored: StoredSeal;
  check: { ok: boolean };
}

/** Lines of chain a sample's proof carries at most; past it the range is named, not copied. */
export const MAX_PROOF_LINES = 1000;

export interface SampleProof {
  /** The covering seal: the first witnessed (quorum met) valid seal past the action, else the first valid one. */
  seal: {
    id: string;
    timestamp: string;
    event_count: number;
    chain_tip: string;
    key_id: string;
    witnesses: string[];
    quorum_met: boolean;
  } | null;
  /** The chain segment from the action's first event to the seal's last (inclusive). */
  from_seq: number;
  to_seq: number | null;
  /** The trail lines of that segment, verbatim; absent when longer than MAX_PROOF_LINES. */
  lines?: string[];
}

export interface SampledAction {
  seq: number;
  /** SHA-256("<seed>:<seq>"), hex: the rank that picked it. */
  key: string;
  ts: string;
  agent: string;
  action: string;
  decision: string | null;
  outcome: string;
  asked: boolean;
  events: number[];
  proof: SampleProof;
}

export interface SampleSection {
  seed: string;
  requested: number;
  /** Actions in the period (the population sampled). */
  population: number;
  picked: SampledAction[];
}

const keyOf = (seed: string, seq: number) => createHash("sha256").update(`${seed}:${seq}`).digest("hex");

function coveringSeal(
  evaluations: readonly CheckedSeal[],
  lastSeq: number,
  quorum: number,
): SampleProof["seal"] {
  const valid = evaluations
    .filter((e) => e.check.ok && e.stored.seal.event_count > lastSeq)
    .sort((a, b) => a.stored.seal.event_count - b.stored.seal.event_count);
  const described = valid.map((e) => {
    const witnesses = [...new Set(e.stored.receipts.map((r) => r.witness.name))];
    return {
      id: e.stored.id,
      timestamp: e.stored.seal.timestamp,
      event_count: e.stored.seal.event_count,
      chain_tip: e.stored.seal.chain_tip,
      key_id: e.stored.seal.key_id,
      witnesses,
      quorum_met: witnesses.length >= quorum,
    };
  });
  return described.find((s) => s.quorum_met) ?? described[0] ?? null;
}

export async function sampleActions(
  dir: string,
  events: () => AsyncIterable<TrailEvent>,
  options: {
    n: number;
    seed: string;
    from: string;
    to: string;
    seals: readonly CheckedSeal[];
    quorum: number;
  },
): Promise<SampleSection> {
  let population = 0;
  let kept: { key: string; action: PairedAction }[] = [];
  for await (const action of pairStream(events())) {
    if (action.ts < options.from || action.ts > options.to) continue;
    population += 1;
    kept.push({ key: keyOf(options.seed, action.seq), action });
    if (kept.length > options.n * 2 + 64) kept = smallest(kept, options.n);
  }
  kept = smallest(kept, options.n).sort((a, b) => a.action.seq - b.action.seq);
  const picked: SampledAction[] = kept.map(({ key, action }) => {
    const last = Math.max(...action.events);
    const seal = coveringSeal(options.seals, last, options.quorum);
    return {
      seq: action.seq,
      key,
      ts: action.ts,
      agent: action.agent,
      action: describeAction(action),
      decision: action.decision,
      outcome: action.outcome,
      asked: action.asked,
      events: action.events,
      proof: { seal, from_seq: action.seq, to_seq: seal ? seal.event_count - 1 : null },
    };
  });
  await attachLines(dir, picked);
  return { seed: options.seed, requested: options.n, population, picked };
}

function smallest<T extends { key: string }>(items: T[], n: number): T[] {
  return [...items].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).slice(0, n);
}

/** One pass over the trail's lines, copying each proof's segment (line k is seq k on an intact chain). */
async function attachLines(dir: string, picked: SampledAction[]): Promise<void> {
  const wanted = picked.filter(
    (s) => s.proof.to_seq !== null && s.proof.to_seq - s.proof.from_seq + 1 <= MAX_PROOF_LINES,
  );
  if (wanted.length === 0) return;
  for (const s of wanted) s.proof.lines = [];
  const end = Math.max(...wanted.map((s) => s.proof.to_seq!));
  let seq = 0;
  for await (const line of readLines(dir)) {
    if (line.length === 0) continue;
    for (const s of wanted) if (seq >= s.proof.from_seq && seq <= s.proof.to_seq!) s.proof.lines!.push(line);
    seq += 1;
    if (seq > end) break;
  }
}
