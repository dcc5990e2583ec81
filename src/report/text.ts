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

export const LEVEL_COLORS = {
  none: "#94a3b8",
  low: "#3b82f6",
  medium: "#f59e0b",
  high: "#ef4444",
  critical: "#7f1d1d",
} as const;
