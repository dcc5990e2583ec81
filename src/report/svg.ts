import { RISK_LEVELS } from "../chain/index.js";
import type { LevelCounts } from "../stats/index.js";
import { escapeHtml as esc, LEVEL_COLORS, TONE_COLORS } from "./text.js";

/** Inline SVG charts for the HTML report: plain shapes, no script, no external reference. */

const W = 760;

/**
 * The period as a bar of seal cadence: sealed on time in green, cadence gaps in amber (a gap is
 * seals made less often than the relay is set to, not an unsealed event: never alarm red).
 */
export function coverageTimeline(
  period: { from: string; to: string },
  gaps: readonly { from: string; to: string; duration_ms: number }[],
): string {
  const from = Date.parse(period.from);
  const span = Math.max(1, Date.parse(period.to) - from);
  const x = (iso: string) => ((Date.parse(iso) - from) / span) * W;
  const rects = gaps
    .map((g) => {
      const left = x(g.from);
      const width = Math.max(1, x(g.to) - left);
      return `<rect x="${left.toFixed(2)}" y="0" width="${width.toFixed(2)}" height="28" fill="${TONE_COLORS.warn}"><title>${esc(`cadence gap ${g.from} → ${g.to}`)}</title></rect>`;
    })
    .join("");
  return (
    `<svg class="chart" viewBox="0 0 ${W} 48" width="100%" role="img" aria-label="seal cadence over the period">` +
    `<rect x="0" y="0" width="${W}" height="28" fill="${TONE_COLORS.ok}"/>${rects}` +
    `<text x="0" y="44" font-size="11">${esc(period.from)}</text>` +
    `<text x="${W}" y="44" font-size="11" text-anchor="end">${esc(period.to)}</text></svg>`
  );
}

/** Horizontal bars, one per risk level. */
export function levelBars(counts: LevelCounts): string {
  const max = Math.max(1, ...RISK_LEVELS.map((l) => counts[l]));
  const rowH = 24;
  const labelW = 80;
  const barW = W - labelW - 70;
  const rows = RISK_LEVELS.map((level, i) => {
    const y = i * rowH;
    const width = (counts[level] / max) * barW;
    return (
      `<text x="0" y="${y + 16}" font-size="12">${level}</text>` +
      `<rect x="${labelW}" y="${y + 4}" width="${width.toFixed(2)}" height="16" fill="${LEVEL_COLORS[level]}"/>` +
      `<text x="${(labelW + width + 6).toFixed(2)}" y="${y + 16}" font-size="12">${counts[level]}</text>`
    );
  }).join("");
  return `<svg class="chart" viewBox="0 0 ${W} ${RISK_LEVELS.length * rowH}" width="100%" role="img" aria-label="actions by risk level">${rows}</svg>`;
}

/** Stacked columns per UTC day (the last `maxDays` days), stacked by level. */
export function dailyStack(byDay: Record<string, LevelCounts>, maxDays = 90): string {
  const days = Object.keys(byDay).sort().slice(-maxDays);
  if (days.length === 0) return "";
  const H = 160;
  const totals = days.map((d) => RISK_LEVELS.reduce((sum, l) => sum + byDay[d]![l], 0));
  const max = Math.max(1, ...totals);
  const colW = W / days.length;
  const cols = days
    .map((day, i) => {
      let y = H;
      const parts = RISK_LEVELS.map((level) => {
        const h = (byDay[day]![level] / max) * (H - 10);
        y -= h;
        return h > 0
          ? `<rect x="${(i * colW + 1).toFixed(2)}" y="${y.toFixed(2)}" width="${Math.max(1, colW - 2).toFixed(2)}" height="${h.toFixed(2)}" fill="${LEVEL_COLORS[level]}"/>`
          : "";
      }).join("");
      return `<g><title>${esc(`${day}: ${totals[i]} events`)}</title>${parts}</g>`;
    })
    .join("");
  return (
    `<svg class="chart" viewBox="0 0 ${W} ${H + 16}" width="100%" role="img" aria-label="events per day by risk level">${cols}` +
    `<text x="0" y="${H + 14}" font-size="11">${esc(days[0]!)}</text>` +
    `<text x="${W}" y="${H + 14}" font-size="11" text-anchor="end">${esc(days.at(-1)!)}</text></svg>`
  );
}

/** One bar split into seals meeting quorum and seals below it. */
export function quorumBar(meeting: number, total: number): string {
  if (total === 0) return "";
  const ok = (meeting / total) * W;
  return (
    `<svg class="chart" viewBox="0 0 ${W} 28" width="100%" role="img" aria-label="seals meeting quorum">` +
    `<rect x="0" y="0" width="${ok.toFixed(2)}" height="28" fill="#16a34a"><title>${meeting} met quorum</title></rect>` +
    `<rect x="${ok.toFixed(2)}" y="0" width="${(W - ok).toFixed(2)}" height="28" fill="#dc2626"><title>${total - meeting} below quorum</title></rect></svg>`
  );
}
