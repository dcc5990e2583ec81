import { RISK_LEVELS } from "../chain/index.js";
import type { ComplianceReport } from "./model.js";
import { coverageTimeline, dailyStack, levelBars, quorumBar } from "./svg.js";
import { duration, escapeHtml as esc, LEVEL_COLORS, pct } from "./text.js";

/**
 * One self-contained HTML page for auditors: inline CSS and inline SVG, no script, and a
 * Content-Security-Policy that forbids loading anything, so the page renders the same offline
 * and cannot phone home. Every value from the trail is escaped.
 */

const MAX_ROWS = 50;

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:820px;padding:24px;color:#111827}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #e5e7eb;padding-bottom:4px}
.muted{color:#6b7280}.verdicts{display:grid;grid-template-columns:repeat(3,1fr);gap:12px;margin:16px 0}
.card{border:1px solid #e5e7eb;border-radius:8px;padding:12px}.card .big{font-size:24px;font-weight:600}
.ok{border-left:6px solid #16a34a}.bad{border-left:6px solid #dc2626}.warn{border-left:6px solid #f59e0b}
table{border-collapse:collapse;width:100%;margin:8px 0;font-size:13px}th,td{text-align:left;padding:4px 6px;border-bottom:1px solid #f3f4f6;vertical-align:top}
code{font:12px ui-monospace,monospace;word-break:break-all}.chart{display:block;margin:8px 0}
.legend span{display:inline-block;margin-right:12px}.legend i{display:inline-block;width:10px;height:10px;margin-right:4px}
@media print{body{max-width:none}}`;

function rows(header: string[], body: string[][]): string {
  if (body.length === 0) return "";
  return `<table><thead><tr>${header.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead><tbody>${body
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join("")}</tr>`)
    .join("")}</tbody></table>`;
}

function card(title: string, big: string, detail: string, tone: "ok" | "bad" | "warn"): string {
  return `<div class="card ${tone}"><div class="muted">${esc(title)}</div><div class="big">${esc(big)}</div><div>${esc(detail)}</div></div>`;
}

export function renderHtml(report: ComplianceReport): string {
  const cov = report.seal_coverage;
  const wit = report.witness_confirmation;
  const chain = report.chain_integrity;
  const risk = report.risk;
  const gaps = [...cov.gaps].sort((a, b) => b.duration_ms - a.duration_ms).slice(0, MAX_ROWS);
  const below = wit.seals.filter((s) => !s.met).slice(0, MAX_ROWS);
  const legend = `<div class="legend">${RISK_LEVELS.map((l) => `<span><i style="background:${LEVEL_COLORS[l]}"></i>${l}</span>`).join("")}</div>`;
  const body = [
    `<h1>trailseal compliance report</h1>`,
    `<div class="muted">Period ${esc(report.period.from)} → ${esc(report.period.to)} (${esc(duration(report.period.duration_ms))}) · generated ${esc(report.generated_at)}</div>`,
    `<div class="verdicts">`,
    card(
      "Seal coverage",
      pct(cov.percent),
      `${cov.gaps.length} gap(s); ${pct(cov.events_covered_percent)} of events sealed`,
      cov.percent === 100 ? "ok" : "warn",
    ),
    card(
      "Witness confirmation",
      `${wit.seals_meeting_quorum} / ${wit.seals_total}`,
      `seals met quorum ${wit.quorum}${wit.verified_live ? " (re-checked live)" : " (stored receipts)"}`,
      wit.seals_meeting_quorum === wit.seals_total ? "ok" : "warn",
    ),
    card(
      "Chain integrity",
      chain.ok ? "unbroken" : "BROKEN",
      chain.ok
        ? `${chain.events_verified} events, ${chain.seals_matching} seals match`
        : `first broken seq ${chain.first_broken_seq ?? "?"}`,
      chain.ok ? "ok" : "bad",
    ),
    `</div>`,
    `<h2>Seal coverage</h2>`,
    `<p>A moment is covered when a valid seal follows it within one interval (${esc(duration(cov.interval_ms))}). Covered ${esc(duration(cov.covered_ms))} of ${esc(duration(cov.period_ms))}; ${cov.seals_valid} of ${cov.seals_total} seal(s) valid; ${cov.events_covered} of ${cov.events_in_period} event(s) covered by a later valid seal.</p>`,
    coverageTimeline(report.period, cov.gaps),
    gaps.length > 0
      ? `<p>Uncovered gaps${gaps.length < cov.gaps.length ? ` (largest ${gaps.length} of ${cov.gaps.length})` : ""}:</p>`
      : "",
    rows(
      ["From", "To", "Length", "Not yet due"],
      gaps.map((g) => [
        esc(g.from),
        esc(g.to),
        esc(duration(g.duration_ms)),
        g.not_yet_due_ms > 0 ? esc(duration(g.not_yet_due_ms)) : "",
      ]),
    ),
    cov.invalid_seals.length > 0 ? `<p>Seals that do not count (they do not match the chain):</p>` : "",
    rows(
      ["Seal", "Timestamp", "Events", "Problem"],
      cov.invalid_seals
        .slice(0, MAX_ROWS)
        .map((s) => [
          esc(s.id),
          esc(s.timestamp),
          String(s.event_count),
          `${esc(s.code)}: ${esc(s.message)}`,
        ]),
    ),
    `<h2>Witness confirmation</h2>`,
    wit.witness_enabled ? "" : `<p>Witness publishing is disabled in relay-config.json.</p>`,
    quorumBar(wit.seals_meeting_quorum, wit.seals_total),
    below.length > 0 ? `<p>Seals below quorum:</p>` : "",
    rows(
      ["Seal", "Timestamp", "Confirmations", "Witnesses"],
      below.map((s) => [
        esc(s.id),
        esc(s.timestamp),
        `${s.confirmations}/${s.quorum}`,
        esc(s.live_error ? `check failed: ${s.live_error}` : s.witnesses.join(", ") || "none"),
      ]),
    ),
    `<h2>Chain integrity</h2>`,
    rows(
      ["", ""],
      [
        ["Events", `${chain.events_total} (verified ${chain.events_verified})`],
        ["Chain tip", `<code>${esc(chain.chain_tip)}</code>`],
        [
          "First broken seq",
          chain.broken
            ? `${chain.broken.seq} (${esc(chain.broken.reason)}): ${esc(chain.broken.message)}`
            : "none",
        ],
        [
          "Seals matching",
          `${chain.seals_matching} of ${chain.seals_checked}${chain.signatures_checked ? ", signatures checked" : ", signatures not checked (no seal key)"}`,
        ],
        [
          "Latest seal",
          chain.latest_seal
            ? esc(
                `${chain.latest_seal.id} at ${chain.latest_seal.timestamp} (${chain.latest_seal.event_count} events)`,
              )
            : "none",
        ],
        [
          "Unsealed tail",
          `${chain.unsealed_tail.events} event(s)${chain.unsealed_tail.from_seq === null ? "" : esc(` from seq ${chain.unsealed_tail.from_seq} (${chain.unsealed_tail.first_ts} → ${chain.unsealed_tail.last_ts})`)}`,
        ],
      ],
    ),
    `<h2>Risk summary</h2>`,
    `<p>${risk.total} event(s) in the period.</p>`,
    levelBars(risk.by_level),
    dailyStack(risk.by_day),
    legend,
    rows(
      ["Flag", "Events"],
      Object.entries(risk.by_flag)
        .filter(([, n]) => n > 0)
        .sort((a, b) => b[1] - a[1])
        .map(([flag, n]) => [esc(flag), String(n)]),
    ),
    risk.top_flagged_commands.length > 0 ? `<p>Most frequent flagged commands:</p>` : "",
    rows(
      ["Command", "Count", "Level"],
      risk.top_flagged_commands.map((c) => [`<code>${esc(c.command)}</code>`, String(c.count), esc(c.level)]),
    ),
    risk.high_risk.length > 0 ? `<p>Latest high and critical events:</p>` : "",
    rows(
      ["Seq", "Time", "Level", "Flags", "Decision", "Action"],
      risk.high_risk
        .slice(-20)
        .map((e) => [
          String(e.seq),
          esc(e.ts),
          esc(e.level),
          esc(e.flags.join(", ")),
          esc(e.decision),
          `<code>${esc(e.action)}</code>`,
        ]),
    ),
  ].join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>trailseal compliance report ${esc(report.period.from)} → ${esc(report.period.to)}</title>
<style>${CSS}</style></head>
<body>
${body}
</body></html>
`;
}
