/**
 * Verifying a trail after a prefix verified before (docs/decisions/verified-prefix.md). The
 * prefix is named by the segments' byte counts and the SHA-256 of those bytes: it still holds
 * exactly when the same bytes are still there, which one plain SHA-256 pass proves (a few times
 * cheaper than verifying the events again, and far cheaper than the views' own parse). Only the
 * events after it are verified, continuing from its count and tip. Anything else (a segment
 * gone, shorter or rewritten, a seal count inside the prefix whose tip is wanted, a break after
 * it) falls back to verifying the whole trail in one pass, so the verdict is always the one the
 * sequential `verifyTrail` gives.
 */
import { createHash, type Hash } from "node:crypto";
import { open, stat } from "node:fs/promises";
import { ChainVerifier, GENESIS_HASH } from "../chain/index.js";
import { sealsFile } from "./archive-layout.js";
import { planTrail, type TrailPlan } from "./sources.js";
import type { TrailVerification } from "./verify.js";
import {
  type ArchiveFeed,
  feedArchives,
  fileSha256,
  judgeArchives,
  readSidecars,
  sidecarCounts,
} from "./verify-archives.js";
import { forEachLine, wholeLinesEnd } from "./verify-read.js";

/** A stretch of the trail verified before: its bytes per segment, their digest, count and tip. */
export interface VerifiedPrefix {
  segments: { name: string; bytes: number }[];
  /** Hex SHA-256 of the prefix's bytes, segment after segment. */
  sha256: string;
  count: number;
  tip: string;
  /**
   * The archives before the live segments, by the SHA-256 (hex) of their gzip and seals files:
   * the prefix holds while both files are unchanged (absent: nothing was archived).
   */
  archives?: { name: string; gz_sha256: string; seals_sha256: string }[];
}

export interface PrefixVerification extends TrailVerification {
  /** The verified prefix this result extends to (null when the trail does not verify). */
  prefix: VerifiedPrefix | null;
  /** Whether the given prefix still held (false: the whole trail was verified). */
  reused: boolean;
  /** Events verified by this call. */
  verified: number;
}

async function hashRange(hash: Hash, path: string, from: number, to: number): Promise<boolean> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (let at = from; at < to; ) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, to - at), at);
      if (bytesRead === 0) return false;
      hash.update(buffer.subarray(0, bytesRead));
      at += bytesRead;
    }
    return true;
  } finally {
    await handle.close();
  }
}

/** Segments and where reading each stops (the last one before a torn tail), as verifyTrail reads. */
interface Segment {
  path: string;
  name: string;
  end: number;
}

async function plan(trail: TrailPlan): Promise<Segment[]> {
  const out: Segment[] = [];
  for (const [index, { path, name }] of trail.live.entries()) {
    const end = index === trail.live.length - 1 ? (await wholeLinesEnd(path)).end : (await stat(path)).size;
    out.push({ path, name, end });
  }
  return out;
}

/** The archives' file digests, or null when one is missing (no prefix holds then). */
async function archiveDigests(
  dir: string,
  trail: TrailPlan,
): Promise<NonNullable<VerifiedPrefix["archives"]> | null> {
  const out: NonNullable<VerifiedPrefix["archives"]> = [];
  for (const archive of trail.archives) {
    const gz = await fileSha256(archive.path);
    const seals = await fileSha256(sealsFile(dir, archive.entry.name));
    if (gz === null || seals === null) return null;
    out.push({ name: archive.entry.name, gz_sha256: gz, seals_sha256: seals });
  }
  return out;
}

const NEWLINE = Buffer.from("\n");

/** The hash of the prefix's bytes, or null when the trail no longer starts with them. */
async function matchPrefix(segments: Segment[], prefix: VerifiedPrefix): Promise<Hash | null> {
  const known = prefix.segments;
  if (known.length === 0 || known.length > segments.length) return null;
  const hash = createHash("sha256");
  for (const [index, { name, bytes }] of known.entries()) {
    const segment = segments[index]!;
    const last = index === known.length - 1;
    // Older segments are never appended to: one that grew was written to, so all is read again.
    if (segment.name !== name || segment.end < bytes || (!last && segment.end !== bytes)) return null;
    if (!(await hashRange(hash, segment.path, 0, bytes))) return null;
  }
  return hash.copy().digest("hex") === prefix.sha256 ? hash : null;
}

/**
 * Verifies the lines after `start` (hashed into `hash`, which holds the digest of start's bytes)
 * and returns the verdict with the prefix it extends to.
 */
async function verifyFrom(
  dir: string,
  trail: TrailPlan,
  segments: Segment[],
  start: VerifiedPrefix,
  hash: Hash,
  tipsAt: number[],
  sidecars: Awaited<ReturnType<typeof readSidecars>> = new Map(),
): Promise<PrefixVerification> {
  const verifier = new ChainVerifier({ tipsAt, start: { count: start.count, tip: start.tip } });
  if (tipsAt.includes(start.count)) verifier.tips.set(start.count, start.tip);
  // From the beginning: the archives first (a reused prefix already covers them).
  let feed: ArchiveFeed = { reads: new Map(), sidecars: new Map(), firstLines: [], whole: true };
  const fromStart = start.count === 0 && start.segments.length === 0;
  if (fromStart && trail.archives.length > 0) feed = await feedArchives(trail, verifier, sidecars);
  const live = trail.live;
  const known = start.segments;
  const reached: VerifiedPrefix["segments"] = known.map((entry) => ({ ...entry }));
  for (let index = Math.max(0, known.length - 1); feed.whole && index < segments.length; index += 1) {
    const segment = segments[index]!;
    const from = index < known.length ? known[index]!.bytes : (live[index]?.from ?? 0);
    const whole = await forEachLine(segment.path, from, segment.end, (line) => {
      if (verifier.pushBytes(line) !== null) return false;
      hash.update(line);
      hash.update(NEWLINE);
      return true;
    });
    if (!whole) break;
    if (index < reached.length) reached[index]!.bytes = segment.end;
    else reached.push({ name: segment.name, bytes: segment.end });
  }
  const { count, tip } = verifier.state;
  const archive = fromStart
    ? judgeArchives(trail, feed, verifier.broken, (n) => verifier.tips.get(n))
    : { archives: [], problems: [] };
  const ok = verifier.broken === null && archive.problems.length === 0;
  const last = segments.at(-1);
  const size = last ? (await stat(last.path)).size : 0;
  // A run interrupted mid-way (a live segment read from a byte past 0) gets no prefix: the
  // next archive run finishes it, and the prefix after that is plain again.
  const plain = live.every((segment) => segment.from === 0);
  const archives = ok && plain ? await archiveDigests(dir, trail) : null;
  return {
    ok: verifier.broken === null,
    chainTip: tip,
    eventCount: count,
    broken: verifier.broken,
    tips: verifier.tips,
    tornBytes: last ? Math.max(0, size - last.end) : 0,
    archive,
    prefix:
      ok && archives
        ? {
            segments: reached,
            sha256: hash.digest("hex"),
            count,
            tip,
            ...(archives.length > 0 ? { archives } : {}),
          }
        : null,
    reused: false,
    verified: count - start.count,
  };
}

const EMPTY: VerifiedPrefix = { segments: [], sha256: "", count: 0, tip: GENESIS_HASH };

/**
 * Verifies the trail, reusing `prefix` when its bytes are unchanged. `tipsAt` counts inside the
 * prefix (other than its own count) cannot be answered from it, and a break found after it is
 * named as a whole verification names it: the whole trail is verified then.
 * A trail written to meanwhile is read as far as its whole lines went when the call began.
 */
export async function verifyTrailAfter(
  dir: string,
  prefix: VerifiedPrefix | null,
  options: {
    /** Counts whose tip is wanted when the prefix is reused. */
    tipsAt?: Iterable<number>;
    /** Counts whose tip is wanted when the whole trail is verified (default: `tipsAt`). */
    fullTipsAt?: Iterable<number>;
  } = {},
): Promise<PrefixVerification> {
  const tipsAt = [...(options.tipsAt ?? [])];
  const trail = await planTrail(dir);
  const segments = await plan(trail);
  const plain = trail.live.every((segment) => segment.from === 0);
  if (prefix !== null && plain && !tipsAt.some((count) => count < prefix.count)) {
    const digests = await archiveDigests(dir, trail);
    const hash =
      digests !== null && sameArchives(digests, prefix.archives ?? [])
        ? await matchPrefix(segments, prefix)
        : null;
    if (hash !== null) {
      const result = await verifyFrom(dir, trail, segments, prefix, hash, tipsAt);
      if (result.ok) return { ...result, reused: true };
    }
  }
  // The archives' seals are checked against the chain, so their counts' tips are wanted too.
  const sidecars = await readSidecars(dir, trail);
  const fullTipsAt = [...(options.fullTipsAt ?? tipsAt), ...sidecarCounts(sidecars)];
  return verifyFrom(dir, trail, segments, EMPTY, createHash("sha256"), fullTipsAt, sidecars);
}

function sameArchives(
  now: NonNullable<VerifiedPrefix["archives"]>,
  before: NonNullable<VerifiedPrefix["archives"]>,
): boolean {
  return (
    Array.isArray(before) &&
    now.length === before.length &&
    now.every(
      (archive, k) =>
        archive.name === before[k]?.name &&
        archive.gz_sha256 === before[k]?.gz_sha256 &&
        archive.seals_sha256 === before[k]?.seals_sha256,
    )
  );
}
