/**
 * Durations and instants as users type them on the command line: `2s`, `15m`, `2h`, `7d`,
 * an ISO date (`2026-11-01`) or timestamp.
 */
import { configError } from "../errors/index.js";

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The longest delay Node's timers keep (about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export interface DurationOptions {
  /** The unit of a bare number: minutes for ages and intervals (the default), seconds for timeouts. */
  bareUnit?: "s" | "m";
  /** The longest duration accepted. */
  maxMs?: number;
}

/**
 * Parses `500ms`, `2s`, `15m`, `2h`, `7d` (or a bare number, in `bareUnit`) to milliseconds: the
 * one duration parser of the command line.
 */
export function parseDuration(text: string, options: DurationOptions = {}): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(text.trim());
  if (!match) {
    throw configError("TIME_INVALID_DURATION", `"${text}" is not a duration`, {
      hint: "use e.g. 30s, 15m, 2h or 7d",
    });
  }
  const ms = Number(match[1]) * UNIT_MS[match[2] ?? options.bareUnit ?? "m"]!;
  if (!Number.isFinite(ms) || ms <= 0)
    throw configError("TIME_INVALID_DURATION", `"${text}" is not a positive duration`);
  if (options.maxMs !== undefined && ms > options.maxMs)
    throw configError("TIME_INVALID_DURATION", `"${text}" is longer than ${formatDuration(options.maxMs)}`);
  return ms;
}

/** A `--timeout` or `--…-interval` option: a bare number is seconds; at most what a timer keeps. */
export function parseTimeout(text: string | undefined): number | undefined {
  return text === undefined ? undefined : parseDuration(text, { bareUnit: "s", maxMs: MAX_TIMER_MS });
}

/** ISO 8601 date-times as users type them; a time without a zone is the machine's local time. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * An instant: ISO date (UTC midnight) or date-time, or a duration with its unit meaning "that
 * long ago". Anything else is refused rather than handed to `new Date`, which reads "1" as the
 * year 2001 and "Nov 1" as 2001-11-01.
 */
export function parseInstant(text: string, now: Date = new Date()): Date {
  const trimmed = text.trim();
  if (/^\d+(?:\.\d+)?(ms|s|m|h|d)$/.test(trimmed)) return new Date(now.getTime() - parseDuration(trimmed));
  const date = /^\d{4}-\d{2}-\d{2}$/.test(trimmed)
    ? new Date(`${trimmed}T00:00:00.000Z`)
    : ISO_DATE_TIME.test(trimmed)
      ? new Date(trimmed)
      : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) {
    throw configError("TIME_INVALID_INSTANT", `"${text}" is not a date or time`, {
      hint: "use an ISO date (2026-11-01), a timestamp (2026-11-01T12:00:00Z) or an age such as 2h or 7d",
    });
  }
  return date;
}

/** Start of the UTC day of `now`. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)}s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)}m`;
  if (ms < 86_400_000) return `${(ms / 3_600_000).toFixed(1)}h`;
  return `${(ms / 86_400_000).toFixed(1)}d`;
}

/**
 * An age as relay-config.json's retention settings write it ("30 days", "6 months", "1 year"), or
 * short as the command line's durations are ("30d", "2w", "6mo", "1y"; `mo`, since `m` is minutes).
 */
export const AGE_PATTERN = /^[1-9]\d{0,3}(?: (?:day|days|week|weeks|month|months|year|years)|d|w|mo|y)$/;

const AGE_UNIT: Record<string, "day" | "week" | "month" | "year"> = {
  d: "day",
  w: "week",
  mo: "month",
  y: "year",
};

/** `end` minus an age such as "6 months" or "6mo" (AGE_PATTERN; calendar months and years, UTC). */
export function minusAge(end: Date, age: string): Date {
  const [, count, long, short] = /^(\d+)(?: (\w+)|(\w+))$/.exec(age) ?? [];
  const unit = long ?? AGE_UNIT[short ?? ""] ?? "";
  const n = Number(count);
  const d = new Date(end.getTime());
  if (unit.startsWith("day")) d.setUTCDate(d.getUTCDate() - n);
  else if (unit.startsWith("week")) d.setUTCDate(d.getUTCDate() - 7 * n);
  else if (unit.startsWith("month")) d.setUTCMonth(d.getUTCMonth() - n);
  else d.setUTCFullYear(d.getUTCFullYear() - n);
  return d;
}
