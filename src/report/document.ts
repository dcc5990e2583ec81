import { RISK_LEVELS } from "../chain/index.js";
import type { Block, Cell, Tone } from "./blocks.js";
import { controlsSection, policySection, sampleSection } from "./document-audit.js";
import type { ComplianceReport } from "./model.js";
import { duration, pct } from "./text.js";

/**
 * The report as a format-neutral document: verdicts, then sections of paragraphs, tables, facts
 * and charts. Every word and every row the reader sees is chosen here, once; markdown.ts and
 * html.ts only lay it out (and escape every value: trail fields are agent-controlled).
 */

export type { Block, Cell, Chart, Tone } from "./blocks.js";

export interface Verdict {
  check: string;
  tone: Tone;
  /** The figure in a few characters ("97.5%", "3 / 4", "unbroken"). */
  headline: string;
  detail: string;
}

export interface ReportDocument {
  title: string;
  subtitle: string;
  verdicts: Verdict[];
  sections: { heading: string; blocks: Block[] }[];
}

/** Rows shown per table; the JSON report has them all. */
export const MAX_ROWS = 20;

const paragraph = (text: string): Block => ({ kind: "paragraph", text });
const table = (header: string[], rows: Cell[][]): Block[] =>
  rows.length === 0 ? [] : [{ kind: "table", header, rows }];

/**
 * The headline, in the order a reader asks: is the record intact, was it cut, how much of it is
 * sealed and witnessed, and how long did an event wait to be witnessed.
 */
function verdicts(report: ComplianceReport): Verdict[] {
  const head = report.headline;
  const chain = report.chain_integrity;
  const total = head.events_total;
  const share = (n: number) => (total === 0 ? "" : ` (${pct(Math.floor((n / total) * 10_000) / 100)})`);
  const bound = report.completeness.unwitnessed;
  const interval = report.config.interval_ms;
  return [
    chain.ok
      ? {
          check: "Chain",
          tone: "ok",
          headline: "intact",
          detail: `${chain.events_verified} events verified; ${chain.seals_matching} of ${chain.seals_checked} seal(s) match the chain`,
        }
      : {
          check: "Chain",
          tone: "bad",
          headline: "BROKEN",
          detail: `${chain.first_broken_seq === null ? "" : `at seq ${chain.first_broken_seq}: `}${chain.broken?.message ?? `${chain.seals_checked - chain.seals_matching} seal(s) do not match`}`,
        },
    completenessVerdict(report),
    {
      check: "Events sealed",
      tone: head.events_sealed === total ? "ok" : "warn",
      headline: `${head.events_sealed} / ${total}`,
      detail: `of the trail's events are covered by a valid seal${share(head.events_sealed)}`,
    },
    {
      check: "Events witnessed",
      tone: head.events_witnessed === total ? "ok" : "warn",
      headline: `${head.events_witnessed} / ${total}`,
      // Seals published by hand (`witness publish`) count with the relay's publishing off: the
      // figure is always explained, and the relay's setting said beside it.
      detail: `of the trail's events are covered by a seal that met the witness quorum (${report.config.quorum})${share(head.events_witnessed)}${report.config.witness_enabled ? "" : "; the relay does not publish (witness.enabled is false in relay-config.json)"}`,
    },
    {
      check: "Largest unwitnessed window",
      tone:
        bound.largest_window && (bound.largest_window.open || bound.largest_window_ms > interval)
          ? "warn"
          : "ok",
      headline: bound.largest_window ? duration(bound.largest_window_ms) : "none",
      detail: bound.largest_window
        ? `the longest an event of the period waited to be witnessed (${bound.largest_window.from} → ${bound.largest_window.open ? "now, still open" : bound.largest_window.to}); the relay seals every ${duration(interval)}`
        : "no event of the period waited to be witnessed",
    },
  ];
}

function completenessSection(report: ComplianceReport): Block[] {
  const done = report.completeness;
  const bound = done.unwitnessed;
  return [
    paragraph(
      "Events after the newest witnessed seal can be cut without a trace; this is how many there are now, " +
        "and the longest any event of the period waited for a seal that met the witness quorum (an upper bound " +
        "from the stored receipts: from a witnessed seal's making to the next one's witnessing).",
    ),
    {
      kind: "facts",
      rows: [
        ["Not yet witnessed now", `${bound.events_now} event(s)`],
        [
          "Newest witnessed seal covers",
          `${bound.witnessed_events} event(s)${bound.witnessed_at ? `, witnessed ${bound.witnessed_at}` : ""}`,
        ],
        [
          "Largest unwitnessed window",
          bound.largest_window
            ? `${duration(bound.largest_window_ms)} (${bound.largest_window.from} → ${bound.largest_window.open ? "now, still open" : bound.largest_window.to})`
            : "none",
        ],
        [
          "Witnesses asked",
          bound.witnesses_asked.length > 0
            ? bound.witnesses_asked.join(", ")
            : `none (${done.reason ?? "not asked"})`,
        ],
        ["Checked for cuts", done.checked_for_cuts ? (done.cut ? "yes: CUT" : "yes: no cut") : "no"],
      ],
    },
  ];
}

/** The headline of cut detection: a cut first and loudly, an unchecked trail said as such. */
function completenessVerdict(report: ComplianceReport): Verdict {
  const done = report.completeness;
  const asked = done.witnesses.map((w) => w.name).join(", ");
  if (done.cut) {
    const lost = done.witnesses.filter((w) => w.status === "cut" || w.status === "rewritten");
    return {
      check: "Cuts",
      tone: "bad",
      headline: "CUT",
      detail: lost
        .map((w) =>
          w.status === "cut"
            ? `witness ${w.name} holds ${w.anchor_id} over ${w.chained_events} events: ${w.missing} witnessed event(s) are missing`
            : `witness ${w.name} holds ${w.anchor_id} over ${w.chained_events} events: the trail there is not what was witnessed`,
        )
        .join("; "),
    };
  }
  if (!done.checked_for_cuts) {
    return {
      check: "Cuts",
      tone: "warn",
      headline: "not checked",
      detail: `no witness answered (${done.reason ?? (asked ? `asked: ${asked}` : "none asked")}): the trail was not checked for cuts`,
    };
  }
  const silent = done.witnesses.filter((w) => w.status === "cannot-answer").map((w) => w.name);
  return {
    check: "Cuts",
    tone: silent.length > 0 ? "warn" : "ok",
    headline: "none detected",
    detail:
      `the trail reaches the newest seal of every witness that answered (asked: ${asked})` +
      (silent.length > 0 ? `; cannot answer: ${silent.join(", ")}` : ""),
  };
}

function coverageSection(report: ComplianceReport): Block[] {
  const cov = report.seal_coverage;
  const gaps = [...cov.gaps].sort((a, b) => b.duration_ms - a.duration_ms).slice(0, MAX_ROWS);
  return [
    paragraph(
      `Events sealed: ${cov.events_covered} of the ${cov.events_in_period} event(s) of the period are covered by a later valid seal (${pct(cov.events_covered_percent)}); ` +
        `${cov.seals_valid} of ${cov.seals_total} seal(s) are valid.`,
    ),
    paragraph(
      `Seal cadence: ${pct(cov.percent)} of the period (${duration(cov.covered_ms)} of ${duration(cov.period_ms)}) had a valid seal within one relay interval after it. ` +
        `The interval is the one configured now (${duration(cov.interval_ms)}): time sealed under a longer interval, or while the relay was stopped, shows as a gap. ` +
        "A gap says seals were made less often than the relay is set to make them, not that events are unsealed.",
    ),
    { kind: "chart", chart: { kind: "coverage-timeline" } },
    ...(gaps.length > 0
      ? [
          paragraph(
            `Cadence gaps, longer than one interval without a valid seal (${gaps.length === cov.gaps.length ? "all" : `largest ${gaps.length} of ${cov.gaps.length}`}):`,
          ),
        ]
      : []),
    ...table(
      ["From", "To", "Length", "Not yet due"],
      gaps.map((g) => [
        g.from,
        g.to,
        duration(g.duration_ms),
        g.not_yet_due_ms > 0 ? duration(g.not_yet_due_ms) : "",
      ]),
    ),
    ...(cov.invalid_seals.length > 0
      ? [paragraph("Seals that do not count (they do not match the chain):")]
      : []),
    ...table(
      ["Seal", "Timestamp", "Events", "Problem"],
      cov.invalid_seals
        .slice(0, MAX_ROWS)
        .map((s) => [s.id, s.timestamp, String(s.event_count), `${s.code}: ${s.message}`]),
    ),
  ];
}

function witnessSection(report: ComplianceReport): Block[] {
  const wit = report.witness_confirmation;
  const below = wit.seals.filter((s) => !s.met);
  return [
    ...(wit.witness_enabled ? [] : [paragraph("Witness publishing is disabled in relay-config.json.")]),
    { kind: "chart", chart: { kind: "quorum" } },
    ...(below.length > 0
      ? [paragraph(`Seals below quorum (${below.length}):`)]
      : wit.seals_total > 0
        ? [paragraph(`Every seal in the period met quorum ${wit.quorum}.`)]
        : []),
    ...table(
      ["Seal", "Timestamp", "Confirmations", "Witnesses"],
      below
        .slice(0, MAX_ROWS)
        .map((s) => [
          s.id,
          s.timestamp,
          `${s.confirmations}/${s.quorum}`,
          s.live_error ? `check failed: ${s.live_error}` : s.witnesses.join(", ") || "none",
        ]),
    ),
    ...proofBlocks(wit.seals),
  ];
}

/** Each seal's offline proof (`witness proof`), when the report checked them. */
function proofBlocks(seals: ComplianceReport["witness_confirmation"]["seals"]): Block[] {
  const checked = seals.filter((s) => s.proof !== undefined);
  // Only seals that have a proof get a row: a table of "none" says nothing.
  const kept = checked.filter((s) => s.proof?.status !== "none");
  if (kept.length === 0) return [];
  const verified = kept.filter((s) => s.proof?.status === "verified").length;
  const invalid = kept.filter((s) => s.proof?.status === "invalid").length;
  return [
    paragraph(
      `Offline proofs (c2sp.org/tlog-proof files written by trailseal witness proof): ${verified} of ${checked.length} seal(s) have one that verifies` +
        (invalid > 0 ? `, ${invalid} kept proof(s) no longer verify` : "") +
        (checked.length > kept.length ? `; ${checked.length - kept.length} seal(s) have none` : "") +
        ".",
    ),
    ...table(
      ["Seal", "Proof", "Log entry", "Cosignatures"],
      kept.slice(0, MAX_ROWS).map((s) => {
        const proof = s.proof!;
        return [
          s.id,
          proof.status === "invalid" ? `invalid (${proof.code ?? "?"})` : proof.status,
          proof.status === "verified"
            ? `entry ${proof.log_index} of ${proof.tree_size} in ${proof.origin}`
            : "",
          proof.status !== "verified"
            ? ""
            : proof.witnesses
              ? `${proof.quorum_met ? "quorum met" : "below quorum"}: ${proof.witnesses.map((w) => `${w.name} ${w.status}`).join(", ")}`
              : `${proof.cosignature_lines ?? 0} (not checked: no --witness-policy)`,
        ];
      }),
    ),
  ];
}

function chainSection(report: ComplianceReport): Block[] {
  const chain = report.chain_integrity;
  const tail = chain.unsealed_tail;
  const latest = chain.latest_seal;
  return [
    {
      kind: "facts",
      rows: [
        ["Events", `${chain.events_total} (verified ${chain.events_verified})`],
        ["Chain tip", { code: chain.chain_tip }],
        [
          "First broken seq",
          chain.broken ? `${chain.broken.seq} (${chain.broken.reason}): ${chain.broken.message}` : "none",
        ],
        [
          "Seals matching",
          `${chain.seals_matching} of ${chain.seals_checked}, ${chain.signatures_checked ? "signatures checked with the seal key" : "signatures not checked (no seal key here)"}`,
        ],
        [
          "Latest seal",
          latest ? `${latest.id} at ${latest.timestamp} (${latest.event_count} events)` : "none",
        ],
        [
          "Unsealed tail",
          `${tail.events} event(s)${tail.from_seq === null ? "" : ` from seq ${tail.from_seq} (${tail.first_ts} → ${tail.last_ts})`}`,
        ],
      ],
    },
  ];
}

function riskSection(report: ComplianceReport): Block[] {
  const risk = report.risk;
  const flags = Object.entries(risk.by_flag)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  return [
    paragraph(
      `${risk.total} action(s) in the period, from ${risk.events} event(s): a hooked tool call is one action of two events (its decision, then its outcome).`,
    ),
    ...table(["Level", ...RISK_LEVELS], [["actions", ...RISK_LEVELS.map((l) => String(risk.by_level[l]))]]),
    ...table(
      ["Outcome", "Actions"],
      Object.entries(risk.by_outcome)
        .filter(([, n]) => n > 0)
        .map(([outcome, n]) => [outcome, String(n)]),
    ),
    { kind: "chart", chart: { kind: "risk-levels" } },
    { kind: "chart", chart: { kind: "risk-days" } },
    ...table(
      ["Flag", "Actions"],
      flags.map(([flag, n]) => [flag, String(n)]),
    ),
    ...(risk.top_flagged_commands.length > 0 ? [paragraph("Most frequent flagged commands:")] : []),
    ...table(
      ["Command", "Count", "Level"],
      risk.top_flagged_commands.map((c) => [{ code: c.command }, String(c.count), c.level]),
    ),
    ...(risk.high_risk.length > 0 ? [paragraph("Latest high and critical actions:")] : []),
    ...table(
      ["Seq", "Time (UTC)", "Level", "Flags", "Decision", "Outcome", "Action"],
      risk.high_risk
        .slice(-MAX_ROWS)
        .map((e) => [
          String(e.seq),
          e.ts,
          e.level,
          e.flags.join(", "),
          e.decision,
          e.outcome,
          { code: e.action },
        ]),
    ),
  ];
}

export function toReportDocument(report: ComplianceReport): ReportDocument {
  return {
    title: "trailseal compliance report",
    subtitle: `Period ${report.period.from} → ${report.period.to} (${duration(report.period.duration_ms)}), generated ${report.generated_at}.`,
    verdicts: verdicts(report),
    sections: [
      { heading: "Chain integrity", blocks: chainSection(report) },
      { heading: "Completeness", blocks: completenessSection(report) },
      { heading: "Seals and their cadence", blocks: coverageSection(report) },
      { heading: "Witness confirmation", blocks: witnessSection(report) },
      { heading: "Risk summary", blocks: riskSection(report) },
      { heading: "Policy versions and decisions", blocks: policySection(report) },
      ...(report.controls
        ? [{ heading: `Controls: ${report.controls.name}`, blocks: controlsSection(report) }]
        : []),
      ...(report.sample ? [{ heading: "Sampled actions", blocks: sampleSection(report) }] : []),
    ],
  };
}
