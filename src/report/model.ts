import type { RiskFlag, RiskLevel } from "../chain/index.js";
import type { UnwitnessedBound } from "../seal/index.js";
import type { RiskSummary } from "../stats/index.js";
import type { KeptProofStatus, WitnessReach } from "../witness/index.js";
import type { PolicySection } from "./policy.js";
import type { RetentionSection } from "./retention.js";
import type { SampleSection } from "./sample.js";

/**
 * The compliance report: seal coverage, witness confirmation, chain integrity, and the
 * period's risk summary. This JSON shape is what `trailseal report --format json` prints; the
 * keys named in docs/report.md are a contract for CI jobs and auditors' scripts.
 */

export const REPORT_VERSION = 1;

export interface CoverageGap {
  from: string;
  to: string;
  duration_ms: number;
  /** Part of the gap that a seal could still cover (it ends less than one interval before now). */
  not_yet_due_ms: number;
}

export interface InvalidSeal {
  id: string;
  timestamp: string;
  event_count: number;
  code: string;
  message: string;
}

export interface SealCoverage {
  percent: number;
  interval_ms: number;
  period_ms: number;
  covered_ms: number;
  uncovered_ms: number;
  gaps: CoverageGap[];
  seals_total: number;
  seals_valid: number;
  invalid_seals: InvalidSeal[];
  events_in_period: number;
  events_covered: number;
  /** Share of the period's events covered by a later valid seal. */
  events_covered_percent: number;
}

/**
 * The seal's offline c2sp.org/tlog-proof kept by `witness proof`, re-checked against the local
 * seal and receipts with no network: `none` when no proof was written, `invalid` (with `code`)
 * when it no longer verifies. The witness capability defines it; the report only shows it.
 */
export type SealProofStatus = KeptProofStatus;

export interface SealConfirmation {
  id: string;
  timestamp: string;
  event_count: number;
  confirmations: number;
  quorum: number;
  met: boolean;
  witnesses: string[];
  /** Set with --verify-witnesses: what the live check found, or why it failed. */
  live_error?: string;
  /** The seal's offline proof (`trailseal witness proof`), when proofs were checked. */
  proof?: SealProofStatus;
}

export interface WitnessConfirmation {
  witness_enabled: boolean;
  quorum: number;
  seals_total: number;
  seals_meeting_quorum: number;
  percent: number;
  /** True when confirmations were re-checked against the witnesses (--verify-witnesses). */
  verified_live: boolean;
  seals: SealConfirmation[];
}

export interface ChainBreakInfo {
  seq: number;
  reason: string;
  message: string;
}

export interface ChainIntegrity {
  ok: boolean;
  events_total: number;
  events_verified: number;
  chain_tip: string;
  first_broken_seq: number | null;
  broken: ChainBreakInfo | null;
  seals_checked: number;
  seals_matching: number;
  /** Whether seal signatures were checked (the seal key was available). */
  signatures_checked: boolean;
  latest_seal: { id: string; timestamp: string; event_count: number } | null;
  unsealed_tail: { events: number; from_seq: number | null; first_ts: string | null; last_ts: string | null };
}

export interface HighRiskEntry {
  seq: number;
  ts: string;
  level: RiskLevel;
  flags: RiskFlag[];
  agent: string;
  decision: string;
  /** What became of the action (docs/action-outcomes.md). */
  outcome: string;
  action: string;
}

/** The period's risk summary over actions (src/stats), with high-risk actions reduced to what a report shows. */
export type RiskSection = Omit<RiskSummary, "high_risk" | "first_ts" | "last_ts"> & {
  high_risk: HighRiskEntry[];
};

/**
 * Completeness: whether the witnesses were asked for the newest seal they hold for the key id,
 * and whether the trail reaches each (docs/threat-model.md). A cut or rewrite
 * shows in the report's headline.
 */
export interface Completeness {
  /** At least one witness answered (held a seal, or said it holds none). */
  checked_for_cuts: boolean;
  /** Why not, when no witness was asked. */
  reason?: string;
  key_id?: string;
  /** A witnessed seal the trail does not reach. */
  cut: boolean;
  witnesses: WitnessReach[];
  /**
   * The unwitnessed bound for the period: events no witnessed seal covers now, the largest window
   * an event stayed unwitnessed (from the seal store's receipts, an upper bound), and the
   * witnesses asked (none: the figures come from the stored receipts alone).
   */
  unwitnessed: UnwitnessedBound & { witnesses_asked: string[] };
}

/**
 * What matters at a glance, over the whole trail at report time: how many events are sealed and
 * witnessed, the largest unwitnessed window of the period, whether the chain is intact, and
 * whether a cut was detected (null: no witness answered, so cuts were not checked).
 */
export interface ReportHeadline {
  events_total: number;
  events_sealed: number;
  events_witnessed: number;
  largest_unwitnessed_window_ms: number;
  chain_intact: boolean;
  cuts_detected: boolean | null;
}

export interface ComplianceReport {
  report_version: number;
  generated_at: string;
  headline: ReportHeadline;
  period: { from: string; to: string; duration_ms: number };
  config: { interval_minutes: number; interval_ms: number; quorum: number; witness_enabled: boolean };
  seal_coverage: SealCoverage;
  witness_confirmation: WitnessConfirmation;
  chain_integrity: ChainIntegrity;
  completeness: Completeness;
  risk: RiskSection;
  /** When the trail's first event was recorded (null: no events). */
  records_since: string | null;
  /** Policy versions in force, their changes, and the denied actions (src/report/policy.ts). */
  policy: PolicySection;
  /** Whether every record of the minimum age is kept (src/report/retention.ts). */
  retention: RetentionSection;
  /** With `--controls`: the evidence mapped to one framework's controls (src/report/controls). */
  controls?: ControlsSection;
  /** With `--sample N --seed S`: actions picked reproducibly, each with its proof (src/report/sample.ts). */
  sample?: SampleSection;
}

export type ControlStatus = "evidence" | "partial" | "not-evidence";

export interface ControlEntry {
  id: string;
  title: string;
  /** Where the control is defined (article, annex item, criterion). */
  source: string;
  /** How far trailseal's record is evidence for it; never a statement of compliance. */
  status: ControlStatus;
  /** What trailseal evidences for it over the period (or why it is not evidence). */
  evidences: string;
  /** The figure over the period, in a few words ("" when not evidence). */
  figure: string;
  /** Whether the figure shows a finding an auditor would ask about. */
  finding: boolean;
  /** The report's members that hold the evidence itself (JSON paths). */
  evidence: string[];
}

export interface ControlsSection {
  framework: string;
  name: string;
  disclaimer: string;
  controls: ControlEntry[];
}
