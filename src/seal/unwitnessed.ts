import type { StoredSeal } from "./store.js";

/**
 * The unwitnessed bound (docs/threat-model.md), from the seal store alone: which events no seal
 * that met the witness quorum covers yet, and the longest any event waited for one.
 *
 * A seal is *witnessed* once `quorum` distinct witnesses receipted it, at the quorum-th earliest
 * receipt's `witnessed_at`. An event after a witnessed seal's count was appended after that seal
 * read the tip, so it waited at most from that seal's timestamp to the next witnessed seal's
 * witnessing: the largest window is the largest such span (an upper bound, tight to the time a
 * seal takes to make), with the open tail measured to `now`.
 */
export interface UnwitnessedBound {
  /** Events of the trail no witnessed seal covers now. */
  events_now: number;
  /** Events the newest witnessed seal covers (0: none witnessed). */
  witnessed_events: number;
  /** When the newest witnessed seal was witnessed (null: none). */
  witnessed_at: string | null;
  /** The longest time an event stayed unwitnessed within the period (upper bound), ms. */
  largest_window_ms: number;
  /** Where that window started and ended (the end is `now` while it is still open). */
  largest_window: { from: string; to: string; open: boolean } | null;
}

interface Step {
  count: number;
  sealedAt: number;
  witnessedAt: number;
}

/** The witnessed seals in count order, with when each met the quorum. */
function steps(seals: readonly StoredSeal[], quorum: number): Step[] {
  const out: Step[] = [];
  for (const { seal, receipts } of seals) {
    const byWitness = new Map<string, number>();
    for (const receipt of receipts) {
      const at = Date.parse(receipt.receipt.witnessed_at) || Date.parse(receipt.recorded_at);
      const key = receipt.witness.url;
      if (!Number.isNaN(at)) byWitness.set(key, Math.min(byWitness.get(key) ?? at, at));
    }
    const times = [...byWitness.values()].sort((a, b) => a - b);
    if (times.length < quorum) continue;
    out.push({
      count: seal.event_count,
      sealedAt: Date.parse(seal.timestamp),
      witnessedAt: times[quorum - 1]!,
    });
  }
  return out.sort((a, b) => a.count - b.count || a.witnessedAt - b.witnessedAt);
}

export function unwitnessedBound(
  seals: readonly StoredSeal[],
  options: { quorum: number; eventCount: number; now: Date; from?: Date; firstEventAt?: Date | null },
): UnwitnessedBound {
  const now = options.now.getTime();
  const from = options.from?.getTime() ?? Number.NEGATIVE_INFINITY;
  const witnessed = steps(seals, Math.max(1, options.quorum)).filter(
    (step) => step.count <= options.eventCount,
  );
  let largest = { ms: 0, from: 0, to: 0, open: false };
  const consider = (start: number, end: number, open: boolean) => {
    const clipped = Math.max(start, from);
    if (end > clipped && end - clipped > largest.ms)
      largest = { ms: end - clipped, from: clipped, to: end, open };
  };
  // From the first event (or the period's start) to the first witnessing, then seal to witnessing.
  let coveredCount = 0;
  let openSince = options.firstEventAt?.getTime() ?? null;
  for (const step of witnessed) {
    if (step.count <= coveredCount) continue;
    if (openSince !== null) consider(openSince, step.witnessedAt, false);
    coveredCount = step.count;
    openSince = step.sealedAt;
  }
  const newest = witnessed.filter((step) => step.count === coveredCount).at(-1);
  const eventsNow = Math.max(0, options.eventCount - coveredCount);
  if (eventsNow > 0 && openSince !== null) consider(openSince, now, true);
  return {
    events_now: eventsNow,
    witnessed_events: coveredCount,
    witnessed_at: newest ? new Date(newest.witnessedAt).toISOString() : null,
    largest_window_ms: largest.ms,
    largest_window:
      largest.ms > 0
        ? {
            from: new Date(largest.from).toISOString(),
            to: new Date(largest.to).toISOString(),
            open: largest.open,
          }
        : null,
  };
}
