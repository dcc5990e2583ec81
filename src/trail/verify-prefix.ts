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
import { basename } from "node:path";
import { ChainVerifier, GENESIS_HASH } from "../chain/index.js";
import { listSegments } from "./files.js";
import type { TrailVerification } from "./verify.js";
import { forEachLine, wholeLinesEnd } from "./verify-read.js";

/** A stretch of the trail verified before: its bytes per segment, their digest, count and tip. */
export interface VerifiedPrefix {
  segments: { name: string; bytes: number }[];
  /** Hex SHA-256 of the prefix's bytes, segment after segment. */
  sha256: string;
  count: number;
  tip: string;
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

async function plan(dir: string): Promise<Segment[]> {
  const segments = await listSegments(dir);
  const out: Segment[] = [];
  for (const [index, path] of segments.entries()) {
    const end = index === segments.length - 1 ? (await wholeLinesEnd(path)).end : (await stat(path)).size;
    out.push({ path, name: basename(path), end });
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
  segments: Segment[],
  start: VerifiedPrefix,
  hash: Hash,
  tipsAt: number[],
): Promise<PrefixVerification> {
  const verifier = new ChainVerifier({ tipsAt, start: { count: start.count, tip: start.tip } });
  if (tipsAt.includes(start.count)) verifier.tips.set(start.count, start.tip);
  const known = start.segments;
  const reached: VerifiedPrefix["segments"] = known.map((entry) => ({ ...entry }));
  for (let index = Math.max(0, known.length - 1); index < segments.length; index += 1) {
    const segment = segments[index]!;
    const from = index < known.length ? known[index]!.bytes : 0;
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
  const ok = verifier.broken === null;
  const last = segments.at(-1);
  const size = last ? (await stat(last.path)).size : 0;
  return {
    ok,
    chainTip: tip,
    eventCount: count,
    broken: verifier.broken,
    tips: verifier.tips,
    tornBytes: last ? Math.max(0, size - last.end) : 0,
    prefix: ok ? { segments: reached, sha256: hash.digest("hex"), count, tip } : null,
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
  const segments = await plan(dir);
  if (prefix !== null && !tipsAt.some((count) => count < prefix.count)) {
    const hash = await matchPrefix(segments, prefix);
    if (hash !== null) {
      const result = await verifyFrom(segments, prefix, hash, tipsAt);
      if (result.ok) return { ...result, reused: true };
    }
  }
  return verifyFrom(segments, EMPTY, createHash("sha256"), [...(options.fullTipsAt ?? tipsAt)]);
}
