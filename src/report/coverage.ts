/**
 * Seal coverage as interval arithmetic. A moment t is covered when a valid seal follows it
 * within one interval: some seal time s with t ≤ s ≤ t + I. So each seal covers [s − I, s],
 * and the covered part of the period is the union of those spans clipped to the period.
 */

export interface Span {
  start: number;
  end: number;
}

/** Union of [s − I, s] for every seal time, clipped to [from, to], sorted and merged. */
export function coveredSpans(
  sealTimes: readonly number[],
  intervalMs: number,
  from: number,
  to: number,
): Span[] {
  const spans: Span[] = [];
  for (const s of [...sealTimes].sort((a, b) => a - b)) {
    const start = Math.max(from, s - intervalMs);
    const end = Math.min(to, s);
    if (end <= start) continue;
    const last = spans.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else spans.push({ start, end });
  }
  return spans;
}

/** The complement of `covered` (sorted, disjoint) within [from, to]. */
export function uncoveredSpans(covered: readonly Span[], from: number, to: number): Span[] {
  const gaps: Span[] = [];
  let cursor = from;
  for (const span of covered) {
    if (span.start > cursor) gaps.push({ start: cursor, end: span.start });
    cursor = Math.max(cursor, span.end);
  }
  if (cursor < to) gaps.push({ start: cursor, end: to });
  return gaps;
}

export function totalLength(spans: readonly Span[]): number {
  return spans.reduce((sum, span) => sum + (span.end - span.start), 0);
}

/**
 * The part of a gap that is not yet overdue: moments t with t + I > now could still be covered
 * by a seal the relay has not made yet.
 */
export function notYetDue(span: Span, intervalMs: number, now: number): number {
  const dueBefore = now - intervalMs;
  return Math.max(0, span.end - Math.max(span.start, dueBefore));
}
