/**
 * The audit sections of the report document: policy versions and decisions, the controls of
 * one framework (`--controls`), and the sampled actions (`--sample`). Worded once, like the rest
 * of document.ts; markdown.ts and html.ts only lay them out.
 */
import type { Block, Cell } from "./blocks.js";
import type { ComplianceReport } from "./model.js";

/** Rows shown per table; the JSON report has them all. */
const MAX_ROWS = 20;

const short = (digest: string | null) => (digest === null ? "—" : digest.slice(0, 19));

export function policySection(report: ComplianceReport): Block[] {
  const p = report.policy;
  const blocks: Block[] = [
    {
      kind: "facts",
      rows: [
        ["Decisions", String(p.decisions)],
        ["Naming their policy version", String(p.decisions_with_version)],
        ["Left to the agent's own permission flow", String(p.agent_flow)],
        ["Put to the user (ask)", String(p.asked_total)],
        ["Denied", String(p.denied_total)],
        ["Records since", report.records_since ?? "no records"],
        [
          `Retention (minimum age ${report.retention.min_age})`,
          `${report.retention.met ? "met" : "NOT met"}: ${report.retention.reason}`,
        ],
      ],
    },
  ];
  if (p.versions.length > 0)
    blocks.push({
      kind: "table",
      header: ["Policy version", "First decision (seq)", "From", "Last", "Decisions"],
      rows: p.versions
        .slice(0, MAX_ROWS)
        .map((v): Cell[] => [
          { code: v.digest },
          String(v.first_seq),
          v.first_ts,
          v.last_ts,
          String(v.decisions),
        ]),
    });
  if (p.changes.length > 0)
    blocks.push({
      kind: "table",
      header: ["Change at seq", "Time", "From", "To", "Recorded"],
      rows: p.changes
        .slice(0, MAX_ROWS)
        .map((c): Cell[] => [
          String(c.seq),
          c.ts,
          { code: short(c.from) },
          { code: short(c.to) },
          c.recorded
            ? `policy_change event (${c.path ?? "?"})`
            : "NO policy_change event: the digest changed unannounced",
        ]),
    });
  if (p.denied.length > 0)
    blocks.push({
      kind: "table",
      header: ["Denied seq", "Time", "Agent", "Risk", "Rule", "Action"],
      rows: p.denied
        .slice(0, MAX_ROWS)
        .map((d): Cell[] => [String(d.seq), d.ts, d.agent, d.level, d.rule ?? "—", { code: d.action }]),
    });
  return blocks;
}

const STATUS = { evidence: "evidence", partial: "partial evidence", "not-evidence": "not evidence" } as const;

export function controlsSection(report: ComplianceReport): Block[] {
  const c = report.controls;
  if (!c) return [];
  return [
    { kind: "paragraph", text: c.disclaimer },
    {
      kind: "table",
      header: [
        "Control",
        "Source",
        "trailseal's record",
        "What it evidences",
        "Figure",
        "Evidence in this report",
      ],
      rows: c.controls.map((control): Cell[] => [
        `${control.id}: ${control.title}`,
        control.source,
        `${STATUS[control.status]}${control.finding ? " (finding)" : ""}`,
        control.evidences,
        control.figure || "—",
        control.evidence.join(", ") || "—",
      ]),
    },
  ];
}

export function sampleSection(report: ComplianceReport): Block[] {
  const sample = report.sample;
  if (!sample) return [];
  return [
    {
      kind: "paragraph",
      text: `${sample.picked.length} of ${sample.population} action(s) of the period, picked with seed ${JSON.stringify(sample.seed)}: the smallest SHA-256("<seed>:<seq>"). Each proof is the chain from the action's first event to the covering seal's tip; the JSON report carries its lines. Check one by hand as docs/report.md says.`,
    },
    {
      kind: "table",
      header: ["Seq", "Time", "Agent", "Action", "Decision", "Outcome", "Sealed by", "Witnesses", "Proof"],
      rows: sample.picked.map((s): Cell[] => [
        String(s.seq),
        s.ts,
        s.agent,
        { code: s.action },
        s.decision ?? "—",
        s.outcome,
        s.proof.seal ? `${s.proof.seal.id} (${s.proof.seal.event_count} events)` : "NOT SEALED",
        s.proof.seal
          ? `${s.proof.seal.witnesses.join(", ") || "none"}${s.proof.seal.quorum_met ? "" : " (below quorum)"}`
          : "—",
        s.proof.to_seq === null ? "—" : `seq ${s.proof.from_seq}..${s.proof.to_seq}`,
      ]),
    },
  ];
}
