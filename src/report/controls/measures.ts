/**
 * The figures a control can cite, each computed from the report (pure). A framework file names
 * measures; it never computes. A figure is a fact about the record, never a verdict of compliance.
 */
import type { ComplianceReport } from "../model.js";
import { duration, pct } from "../text.js";

export interface Figure {
  figure: string;
  /** Something an auditor would ask about (a break, a gap, an unrecorded change). */
  finding: boolean;
  /** The report members holding the evidence (JSON paths). */
  evidence: string[];
}

export const MEASURES = {
  /** Chain integrity from the first event, and whether a witnessed seal shows a cut. */
  integrity(r: ComplianceReport): Figure {
    const chain = r.chain_integrity;
    const cut = r.completeness.cut;
    const checked = r.completeness.checked_for_cuts
      ? "checked for cuts"
      : "not checked for cuts (no witness answered)";
    const figure = chain.ok
      ? `chain intact from seq 0: ${chain.events_verified} events, ${chain.seals_matching}/${chain.seals_checked} seals match; ${cut ? "CUT: a witnessed seal is beyond the trail" : checked}`
      : `chain BROKEN at seq ${chain.first_broken_seq ?? "?"}: ${chain.broken?.message ?? "a seal does not match"}`;
    return { figure, finding: !chain.ok || cut, evidence: ["chain_integrity", "completeness"] };
  },
  /** Seal coverage of the period and the largest unwitnessed window. */
  coverage(r: ComplianceReport): Figure {
    const cov = r.seal_coverage;
    const un = r.completeness.unwitnessed;
    return {
      figure: `${pct(cov.percent)} of the period sealed (${cov.gaps.length} gap(s), interval ${duration(cov.interval_ms)}); largest unwitnessed window ${duration(un.largest_window_ms)}; ${un.events_now} event(s) unwitnessed now`,
      finding: cov.percent < 100 || cov.gaps.length > 0,
      evidence: ["seal_coverage", "completeness.unwitnessed"],
    };
  },
  /** Witness confirmation and which witnesses confirmed. */
  witnesses(r: ComplianceReport): Figure {
    const wit = r.witness_confirmation;
    const names = [...new Set(wit.seals.flatMap((s) => s.witnesses))];
    const figure = wit.witness_enabled
      ? `${wit.seals_meeting_quorum}/${wit.seals_total} seals met quorum ${wit.quorum}${names.length ? ` (witnesses: ${names.join(", ")})` : ""}; ${wit.verified_live ? "re-checked live" : "from stored receipts"}`
      : "no witness configured: seals are signed by the key holder alone";
    return {
      figure,
      finding: !wit.witness_enabled || wit.seals_meeting_quorum < wit.seals_total || wit.seals_total === 0,
      evidence: ["witness_confirmation"],
    };
  },
  /** Retention: whether every record of the minimum age is kept, and since when records exist. */
  retention(r: ComplianceReport): Figure {
    const k = r.retention;
    return {
      figure: `retention ${k.met ? "met" : "NOT met"} for a minimum age of ${k.min_age}${k.configured ? "" : " (default)"}: ${k.reason}${k.archives.count > 0 ? ` (archives: ${k.archives.count}, ${k.archives.events} events from ${k.archives.oldest}, read as the start of the chain)` : ""}`,
      finding: !k.met,
      evidence: ["retention", "records_since", "chain_integrity"],
    };
  },
  /** Policy versions in force, their changes, and decisions naming their version. */
  policy(r: ComplianceReport): Figure {
    const p = r.policy;
    const unrecorded = p.changes.filter((c) => !c.recorded).length;
    return {
      figure: `${p.versions.length} policy version(s) in force, ${p.changes.length} change(s)${unrecorded ? ` (${unrecorded} without its policy_change event)` : ""}; ${p.decisions_with_version}/${p.decisions} decisions name their version`,
      finding: unrecorded > 0 || p.decisions_with_version < p.decisions,
      evidence: ["policy.versions", "policy.changes"],
    };
  },
  /** High-risk and denied actions, and what became of each action (the paired pre and post events). */
  outcomes(r: ComplianceReport): Figure {
    const high = r.risk.by_level.high + r.risk.by_level.critical;
    const o = r.risk.by_outcome;
    const p = r.policy;
    return {
      figure: `${r.risk.total} action(s); ${high} high or critical; outcomes: ${o.ran} ran, ${o.failed} failed, ${o.denied} denied, ${o["asked-then-ran"]} asked then ran, ${o["asked-then-declined"]} asked then declined, ${o.recorded} recorded, ${o.unknown} unknown; ${p.agent_flow} decision(s) left to the agent's own permission flow`,
      finding: o.unknown > 0,
      evidence: ["risk", "policy.denied"],
    };
  },
} as const satisfies Record<string, (report: ComplianceReport) => Figure>;

export type MeasureName = keyof typeof MEASURES;
