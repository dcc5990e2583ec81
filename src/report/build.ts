import { ActionPairer, type PairedAction } from "../actions/index.js";
import type { ChainBreak, TrailEvent } from "../chain/index.js";
import type { SealKey } from "../home/index.js";
import {
  type ChainView,
  checkSealAgainstChain,
  type SealCheck,
  type StoredSeal,
  unwitnessedBound,
} from "../seal/index.js";
import { RiskAggregator, type RiskSummary } from "../stats/index.js";
import { coveredSpans, notYetDue, totalLength, uncoveredSpans } from "./coverage.js";
import {
  type ChainBreakInfo,
  type ChainIntegrity,
  type Completeness,
  type ComplianceReport,
  type HighRiskEntry,
  REPORT_VERSION,
  type SealConfirmation,
  type SealCoverage,
  type SealProofStatus,
  type WitnessConfirmation,
} from "./model.js";
import { describeAction, PolicyAggregator, type PolicySection } from "./policy.js";
import { type ArchiveFacts, retentionSection } from "./retention.js";

/** A stored seal checked against the chain, and (with --verify-witnesses) against its witnesses. */
export interface SealEvaluation {
  stored: StoredSeal;
  check: SealCheck;
  live?: { confirmations: number; met: boolean; witnesses: string[] } | { error: string };
  proof?: SealProofStatus;
}

/**
 * Checks every seal against the verified chain hashes. The signature is checked when the seal
 * was made with the key at hand; a seal of another key is judged on its tip only.
 */
export function evaluateSeals(
  seals: readonly StoredSeal[],
  chain: ChainView,
  key?: SealKey,
): SealEvaluation[] {
  return seals.map((stored) => ({
    stored,
    check: checkSealAgainstChain(
      stored.seal,
      chain,
      key && key.keyId === stored.seal.key_id ? key.key : undefined,
    ),
  }));
}

/** Events 0..n-1 are covered by a valid seal: n is the largest event count among valid seals. */
export function sealedEventCount(evaluations: readonly SealEvaluation[]): number {
  let n = 0;
  for (const e of evaluations) if (e.check.ok) n = Math.max(n, e.stored.seal.event_count);
  return n;
}

export interface EventDigest {
  total: number;
  inPeriod: number;
  coveredInPeriod: number;
  firstTs: string | null;
  tail: { events: number; fromSeq: number | null; firstTs: string | null; lastTs: string | null };
  risk: RiskSummary;
  policy: PolicySection;
}

/** One streaming pass over the events: the period's risk summary, event coverage, the unsealed tail. */
export async function digestEvents(
  events: AsyncIterable<TrailEvent>,
  options: { from: Date; to: Date; sealedCount: number },
): Promise<EventDigest> {
  const from = options.from.toISOString();
  const to = options.to.toISOString();
  const risk = new RiskAggregator();
  // Actions, not events: the period holds the actions whose first event falls in it.
  const pairer = new ActionPairer();
  const count = (action: PairedAction) => {
    if (action.ts >= from && action.ts <= to) risk.add(action);
  };
  const policy = new PolicyAggregator();
  const digest: Omit<EventDigest, "risk" | "policy"> = {
    total: 0,
    inPeriod: 0,
    coveredInPeriod: 0,
    firstTs: null,
    tail: { events: 0, fromSeq: null, firstTs: null, lastTs: null },
  };
  for await (const event of events) {
    for (const action of pairer.add(event)) count(action);
    digest.total += 1;
    digest.firstTs ??= event.ts;
    if (event.seq >= options.sealedCount) {
      digest.tail.events += 1;
      digest.tail.fromSeq ??= event.seq;
      digest.tail.firstTs ??= event.ts;
      digest.tail.lastTs = event.ts;
    }
    const inPeriod = event.ts >= from && event.ts <= to;
    policy.add(event, inPeriod);
    if (!inPeriod) continue;
    digest.inPeriod += 1;
    if (event.seq < options.sealedCount) digest.coveredInPeriod += 1;
  }
  for (const action of pairer.finish()) count(action);
  return { ...digest, risk: risk.summary(), policy: policy.summary() };
}

export interface ReportInput {
  generatedAt: Date;
  from: Date;
  to: Date;
  intervalMinutes: number;
  /** relay-config.json `retention.min_age` (absent: the default). */
  retentionMinAge?: string;
  /** The archives the chain was read from, and what is wrong with them. */
  archive?: ArchiveFacts;
  intervalMs: number;
  quorum: number;
  witnessEnabled: boolean;
  chain: { ok: boolean; chainTip: string; eventCount: number; broken: ChainBreak | null };
  seals: readonly SealEvaluation[];
  signaturesChecked: boolean;
  verifiedLive: boolean;
  events: EventDigest;
  /** The witnesses' newest seals against the chain (absent: nobody was asked). */
  completeness?: Omit<Completeness, "unwitnessed">;
}

const percent = (part: number, whole: number) =>
  whole <= 0 ? 100 : Math.round((part / whole) * 10_000) / 100;
const iso = (ms: number) => new Date(ms).toISOString();

function sealCoverage(input: ReportInput): SealCoverage {
  const from = input.from.getTime();
  const to = input.to.getTime();
  const valid = input.seals.filter((e) => e.check.ok);
  const covered = coveredSpans(
    valid.map((e) => Date.parse(e.stored.seal.timestamp)),
    input.intervalMs,
    from,
    to,
  );
  const gaps = uncoveredSpans(covered, from, to);
  const periodMs = Math.max(0, to - from);
  const coveredMs = totalLength(covered);
  return {
    percent: percent(coveredMs, periodMs),
    interval_ms: input.intervalMs,
    period_ms: periodMs,
    covered_ms: coveredMs,
    uncovered_ms: periodMs - coveredMs,
    gaps: gaps.map((gap) => ({
      from: iso(gap.start),
      to: iso(gap.end),
      duration_ms: gap.end - gap.start,
      not_yet_due_ms: notYetDue(gap, input.intervalMs, input.generatedAt.getTime()),
    })),
    seals_total: input.seals.length,
    seals_valid: valid.length,
    invalid_seals: input.seals.flatMap((e) =>
      e.check.ok
        ? []
        : [
            {
              id: e.stored.id,
              timestamp: e.stored.seal.timestamp,
              event_count: e.stored.seal.event_count,
              code: e.check.code,
              message: e.check.message,
            },
          ],
    ),
    events_in_period: input.events.inPeriod,
    events_covered: input.events.coveredInPeriod,
    events_covered_percent: percent(input.events.coveredInPeriod, input.events.inPeriod),
  };
}

function witnessConfirmation(input: ReportInput): WitnessConfirmation {
  const from = input.from.toISOString();
  const to = input.to.toISOString();
  const seals: SealConfirmation[] = input.seals
    .filter((e) => e.stored.seal.timestamp >= from && e.stored.seal.timestamp <= to)
    .map((e) => {
      const stored = [...new Map(e.stored.receipts.map((r) => [r.witness.url, r.witness.name])).values()];
      const base = {
        id: e.stored.id,
        timestamp: e.stored.seal.timestamp,
        event_count: e.stored.seal.event_count,
        quorum: input.quorum,
        ...(e.proof ? { proof: e.proof } : {}),
      };
      if (e.live && "error" in e.live) {
        return { ...base, confirmations: 0, met: false, witnesses: [], live_error: e.live.error };
      }
      const witnesses = e.live ? e.live.witnesses : stored;
      const confirmations = e.live ? e.live.confirmations : stored.length;
      return { ...base, confirmations, met: confirmations >= input.quorum, witnesses };
    });
  const meeting = seals.filter((s) => s.met).length;
  return {
    witness_enabled: input.witnessEnabled,
    quorum: input.quorum,
    seals_total: seals.length,
    seals_meeting_quorum: meeting,
    percent: percent(meeting, seals.length),
    verified_live: input.verifiedLive,
    seals,
  };
}

function chainIntegrity(input: ReportInput): ChainIntegrity {
  const { chain, seals, events } = input;
  const matching = seals.filter((e) => e.check.ok);
  let broken: ChainBreakInfo | null = chain.broken
    ? { seq: chain.broken.seq, reason: chain.broken.reason, message: chain.broken.message }
    : null;
  if (!broken) {
    // The chain is internally consistent but a seal disagrees: the trail was rewritten (or cut)
    // after that seal. The first seq no matching seal vouches for is where the doubt starts.
    const firstBad = seals.find((e) => !e.check.ok);
    if (firstBad && !firstBad.check.ok) {
      const vouched = seals
        .filter((e) => e.check.ok && e.stored.seal.event_count <= firstBad.stored.seal.event_count)
        .reduce((n, e) => Math.max(n, e.stored.seal.event_count), 0);
      broken = { seq: vouched, reason: firstBad.check.code, message: firstBad.check.message };
    }
  }
  const latest = seals.at(-1)?.stored;
  return {
    ok: chain.ok && matching.length === seals.length,
    events_total: events.total,
    events_verified: chain.eventCount,
    chain_tip: chain.chainTip,
    first_broken_seq: broken?.seq ?? null,
    broken,
    seals_checked: seals.length,
    seals_matching: matching.length,
    signatures_checked: input.signaturesChecked,
    latest_seal: latest
      ? { id: latest.id, timestamp: latest.seal.timestamp, event_count: latest.seal.event_count }
      : null,
    unsealed_tail: {
      events: events.tail.events,
      from_seq: events.tail.fromSeq,
      first_ts: events.tail.firstTs,
      last_ts: events.tail.lastTs,
    },
  };
}

function riskSection(summary: RiskSummary): ComplianceReport["risk"] {
  const high: HighRiskEntry[] = summary.high_risk.map((event) => ({
    seq: event.seq,
    ts: event.ts,
    level: event.risk.level,
    flags: event.risk.flags,
    agent: event.agent,
    decision: event.decision ?? "none",
    outcome: event.outcome,
    action: describeAction(event),
  }));
  return {
    total: summary.total,
    events: summary.events,
    by_level: summary.by_level,
    by_flag: summary.by_flag,
    by_decision: summary.by_decision,
    by_outcome: summary.by_outcome,
    by_agent: summary.by_agent,
    by_day: summary.by_day,
    top_flagged_commands: summary.top_flagged_commands,
    high_risk: high,
  };
}

/** The report, from already gathered facts. Pure: same input, same report. */
/** Cut detection's outcome and the unwitnessed bound: from the receipts, tightened by the answers. */
function completeness(input: ReportInput): Completeness {
  const asked = input.completeness ?? {
    checked_for_cuts: false,
    reason: "no witness was asked",
    cut: false,
    witnesses: [],
  };
  const bound = unwitnessedBound(
    input.seals.filter((evaluation) => evaluation.check.ok).map((evaluation) => evaluation.stored),
    {
      quorum: input.quorum,
      eventCount: input.chain.eventCount,
      now: input.generatedAt,
      from: input.from,
      firstEventAt: input.events.firstTs ? new Date(input.events.firstTs) : null,
    },
  );
  // The witnesses' own newest seals, where a quorum of them answered and the trail reaches them.
  const reached = asked.witnesses
    .filter((w) => w.status === "reached")
    .map((w) => w.chained_events ?? 0)
    .sort((a, b) => b - a);
  const byAnswers = reached.length >= input.quorum ? reached[input.quorum - 1]! : 0;
  const eventsNow = Math.min(bound.events_now, Math.max(0, input.chain.eventCount - byAnswers));
  return {
    ...asked,
    unwitnessed: { ...bound, events_now: eventsNow, witnesses_asked: asked.witnesses.map((w) => w.name) },
  };
}

export function buildReport(input: ReportInput): ComplianceReport {
  const chain = chainIntegrity(input);
  const done = completeness(input);
  const total = input.chain.eventCount;
  return {
    report_version: REPORT_VERSION,
    generated_at: input.generatedAt.toISOString(),
    headline: {
      events_total: total,
      events_sealed: Math.min(total, sealedEventCount(input.seals)),
      events_witnessed: Math.max(0, total - done.unwitnessed.events_now),
      largest_unwitnessed_window_ms: done.unwitnessed.largest_window_ms,
      chain_intact: chain.ok,
      cuts_detected: done.cut ? true : done.checked_for_cuts ? false : null,
    },
    period: {
      from: input.from.toISOString(),
      to: input.to.toISOString(),
      duration_ms: Math.max(0, input.to.getTime() - input.from.getTime()),
    },
    config: {
      interval_minutes: input.intervalMinutes,
      interval_ms: input.intervalMs,
      quorum: input.quorum,
      witness_enabled: input.witnessEnabled,
    },
    seal_coverage: sealCoverage(input),
    witness_confirmation: witnessConfirmation(input),
    chain_integrity: chain,
    completeness: done,
    risk: riskSection(input.events.risk),
    records_since: input.events.firstTs,
    policy: input.events.policy,
    retention: retentionSection({
      minAge: input.retentionMinAge,
      end: input.to,
      recordsSince: input.events.firstTs,
      chainOk: chain.ok,
      cut: done.cut,
      ...(input.archive ? { archive: input.archive } : {}),
    }),
  };
}
