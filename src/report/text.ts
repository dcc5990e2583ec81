import { formatDuration } from "../time/index.js";

/** Escaping for the two text formats. Event fields are agent-controlled: they are always escaped. */

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** A Markdown table cell: no line breaks, pipes escaped, inline markup neutralised. */
export function escapeMdCell(text: string): string {
  return text
    .replace(/[\r\n]+/g, " ")
    .replace(/\\/g, "\\\\")
    .replace(/([|`*_[\]<>#])/g, "\\$1");
}

export function pct(value: number): string {
  return `${Number.isInteger(value) ? value : value.toFixed(2)}%`;
}

export function duration(ms: number): string {
  return ms === 0 ? "0s" : formatDuration(ms);
}

/** The dashboard's colours (src/dashboard/assets/app.css), so a level looks the same in both. */
export const LEVEL_COLORS = {
  none: "#94a3b8",
  low: "#16a34a",
  medium: "#d97706",
  high: "#ea580c",
  critical: "#dc2626",
} as const;

export const TONE_COLORS = { ok: "#15803d", warn: "#b45309", bad: "#b91c1c" } as const;
