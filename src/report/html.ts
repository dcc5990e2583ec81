import { RISK_LEVELS } from "../chain/index.js";
import { type Block, type Cell, type Chart, toReportDocument, type Verdict } from "./document.js";
import type { ComplianceReport } from "./model.js";
import { coverageTimeline, dailyStack, levelBars, quorumBar } from "./svg.js";
import { escapeHtml as esc, LEVEL_COLORS, TONE_COLORS } from "./text.js";

/**
 * One self-contained HTML page for auditors: inline CSS and inline SVG, no script, and a
 * Content-Security-Policy that forbids loading anything, so the page renders the same offline
 * and cannot phone home. Every value from the trail is escaped. The words and rows come from
 * document.ts (shared with the Markdown renderer); this file adds only layout and charts.
 */

// The dashboard's palette (src/dashboard/assets/app.css). The page takes the window's width (up
// to a readable 1600 px); a command wraps at its spaces only, never inside a word: a table wider
// than the window scrolls sideways in its own box instead.
const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1600px;padding:16px 24px;color:#0f172a;background:#fff}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #e2e8f0;padding-bottom:4px}
.muted{color:#64748b}.verdicts{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:12px;margin:16px 0}
.card{border:1px solid #e2e8f0;border-radius:8px;padding:12px;overflow-wrap:break-word}.card .big{font-size:24px;font-weight:600}
.ok{border-left:6px solid ${TONE_COLORS.ok}}.bad{border-left:6px solid ${TONE_COLORS.bad}}.warn{border-left:6px solid ${TONE_COLORS.warn}}
.bad .big{color:${TONE_COLORS.bad}}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%;margin:8px 0;font-size:13px}th,td{text-align:left;padding:4px 6px;border-bottom:1px solid #f1f5f9;vertical-align:top}
code{font:12px ui-monospace,monospace;white-space:pre-wrap;word-break:normal;overflow-wrap:normal}.chart{display:block;margin:8px 0;max-width:100%}
.legend span{display:inline-block;margin-right:12px}.legend i{display:inline-block;width:10px;height:10px;margin-right:4px}
@media print{body{max-width:none;padding:0}.scroll{overflow:visible}}`;

function cell(value: Cell): string {
  return typeof value === "string" ? esc(value) : `<code>${esc(value.code)}</code>`;
}

function rows(header: string[], body: Cell[][]): string {
  const head = header.some((h) => h !== "")
    ? `<thead><tr>${header.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead>`
    : "";
  return `<div class="scroll"><table>${head}<tbody>${body.map((r) => `<tr>${r.map((c) => `<td>${cell(c)}</td>`).join("")}</tr>`).join("")}</tbody></table></div>`;
}

function card(verdict: Verdict): string {
  return `<div class="card ${verdict.tone}"><div class="muted">${esc(verdict.check)}</div><div class="big">${esc(verdict.headline)}</div><div>${esc(verdict.detail)}</div></div>`;
}

function chart(spec: Chart, report: ComplianceReport): string {
  switch (spec.kind) {
    case "coverage-timeline":
      return coverageTimeline(report.period, report.seal_coverage.gaps);
    case "quorum":
      return quorumBar(
        report.witness_confirmation.seals_meeting_quorum,
        report.witness_confirmation.seals_total,
      );
    case "risk-levels":
      return levelBars(report.risk.by_level);
    case "risk-days":
      return `${dailyStack(report.risk.by_day)}\n<div class="legend">${RISK_LEVELS.map((l) => `<span><i style="background:${LEVEL_COLORS[l]}"></i>${l}</span>`).join("")}</div>`;
  }
}

function block(b: Block, report: ComplianceReport): string {
  switch (b.kind) {
    case "paragraph":
      return `<p>${esc(b.text)}</p>`;
    case "table":
      return rows(b.header, b.rows);
    case "facts":
      return rows(["", ""], b.rows);
    case "chart":
      return chart(b.chart, report);
  }
}

export function renderHtml(report: ComplianceReport): string {
  const doc = toReportDocument(report);
  const body = [
    `<h1>${esc(doc.title)}</h1>`,
    `<div class="muted">${esc(doc.subtitle)}</div>`,
    `<div class="verdicts">${doc.verdicts.map(card).join("")}</div>`,
    ...doc.sections.flatMap((section) => [
      `<h2>${esc(section.heading)}</h2>`,
      ...section.blocks.map((b) => block(b, report)),
    ]),
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
