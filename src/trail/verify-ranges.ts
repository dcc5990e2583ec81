import { open, stat } from "node:fs/promises";
import { type BreakCause, type ChainBreak, ChainVerifier, chainBreak, GENESIS_HASH } from "../chain/index.js";
import { forEachLine } from "./verify-read.js";

/**
 * Splitting a trail into byte ranges that are verified independently (in worker threads) and
 * stitched back in order. A range starts at a line start and ends just after a newline (or, for
 * the last range of a segment, at the segment's end, read to EOF as the sequential reader does),
 * so every line belongs to exactly one range and no line spans two.
 */
export interface TrailRange {
  path: string;
  from: number;
  /** Exclusive; Infinity for the last range of a segment read to its end. */
  to: number;
}

/** What verifying one range found: O(1) in the range's length, plus the tips asked for. */
export interface RangeSummary {
  /** Lines read, up to and including the breaking line. */
  lines: number;
  /** Events that verified, from the first line on. */
  events: number;
  /** seq and prev of the first line, once it parsed as an event; null if it did not. */
  first: { seq: number; prev: string } | null;
  /** Hash of the last event that verified (meaningful when events > 0). */
  tip: string;
  /** The first break in the range and its line within the range (1-based), if any. */
  cause: BreakCause | null;
  breakLine: number;
  /** [event count, tip] for the requested counts reached in this range (global counts). */
  tips: [number, string][];
}

/**
 * Cuts every segment into ranges of about `rangeBytes`, each cut just after a newline. `ends`
 * stops a segment early (the last one before its torn tail); the others are read to their end.
 */
export async function planRanges(
  segments: string[],
  rangeBytes: number,
  ends: ReadonlyMap<string, number> = new Map(),
  starts: ReadonlyMap<string, number> = new Map(),
): Promise<TrailRange[]> {
  const ranges: TrailRange[] = [];
  for (const path of segments) {
    const end = ends.get(path);
    const size = end ?? (await stat(path)).size;
    const start = starts.get(path) ?? 0;
    if (size <= start) continue;
    const handle = await open(path, "r");
    try {
      let from = start;
      for (let target = start + rangeBytes; target < size; target += rangeBytes) {
        if (target <= from) continue;
        const cut = await lineStartAtOrAfter(handle, target, size);
        if (cut >= size) break;
        if (cut <= from) continue;
        ranges.push({ path, from, to: cut });
        from = cut;
      }
      ranges.push({ path, from, to: end ?? Number.POSITIVE_INFINITY });
    } finally {
      await handle.close();
    }
  }
  return ranges;
}

/** The first position ≥ `at` that starts a line (just after a newline), or `size`. */
async function lineStartAtOrAfter(
  handle: Awaited<ReturnType<typeof open>>,
  at: number,
  size: number,
): Promise<number> {
  const window = Buffer.allocUnsafe(64 << 10);
  for (let position = at - 1; position < size; position += window.length) {
    const { bytesRead } = await handle.read(window, 0, window.length, position);
    if (bytesRead === 0) break;
    const newline = window.subarray(0, bytesRead).indexOf(10);
    if (newline >= 0) return position + newline + 1;
  }
  return size;
}

/** Verifies one range on its own: its first line's seq and prev are taken as given (see stitch). */
export async function verifyRange(range: TrailRange, tipsAt: Iterable<number>): Promise<RangeSummary> {
  const verifier = new ChainVerifier({ tipsAt, floating: true });
  await forEachLine(range.path, range.from, range.to, (line) => verifier.pushBytes(line) === null);
  const { first } = verifier;
  const { tip, count } = verifier.state;
  return {
    lines: verifier.lines,
    events: first ? count - first.seq : 0,
    first,
    tip,
    cause: verifier.brokenCause,
    breakLine: verifier.broken?.line ?? 0,
    tips: [...verifier.tips],
  };
}

/**
 * Joins range summaries in trail order into the verdict the sequential verifier reaches: each
 * range's first line must carry the next seq and link to the tip so far (checked here, in the
 * order the sequential verifier checks: parse and shape, then seq, then prev, then hash); the
 * first break wins, with its global line and seq.
 */
export class RangeStitcher {
  count = 0;
  tip = GENESIS_HASH;
  broken: ChainBreak | null = null;
  readonly tips = new Map<number, string>();
  private line = 0;

  /** `before`: the verifier that read what precedes the ranges (the archives), if any. */
  constructor(before?: ChainVerifier) {
    if (!before) return;
    this.count = before.state.count;
    this.tip = before.state.tip;
    this.line = before.lines;
    this.broken = before.broken;
    for (const [count, tip] of before.tips) this.tips.set(count, tip);
  }

  /** Adds the next range's summary; returns false once the chain is broken (later ranges do not matter). */
  add(summary: RangeSummary): boolean {
    if (this.broken) return false;
    if (summary.lines === 0) return true;
    const { first } = summary;
    if (first && first.seq !== this.count) {
      this.broken = chainBreak({ kind: "gap", found: first.seq }, this.line + 1, this.count);
      return false;
    }
    if (first && first.prev !== this.tip) {
      this.broken = chainBreak({ kind: "broken_link" }, this.line + 1, this.count);
      return false;
    }
    for (const [count, tip] of summary.tips) this.tips.set(count, tip);
    if (summary.events > 0) this.tip = summary.tip;
    if (summary.cause) {
      this.broken = chainBreak(
        summary.cause,
        this.line + summary.breakLine,
        this.count + summary.breakLine - 1,
      );
      this.count += summary.events;
      return false;
    }
    this.count += summary.events;
    this.line += summary.lines;
    return true;
  }
}
