/**
 * The archive's layout on disk (docs/trail-format.md, "Archives"): the one definition of its
 * paths and of the manifest, read by every reader of the trail and written by `archiveTrail`.
 *
 *     <home>/trail/archive/manifest.json                  the archives in trail order
 *     <home>/trail/archive/<name>.jsonl.gz                the archived lines, byte for byte, gzip
 *     <home>/trail/archive/<name>.seals.jsonl             the seal store's lines of the seals
 *                                                         whose tip is in the archive, receipts too
 *
 * `<name>` is `archive-<first seq>-<last seq>` (12 digits each), so names sort in trail order.
 * The manifest is the commit point of an archive run: a file it does not name is a leftover of
 * an interrupted run (ignored by readers, removed by the next run), and its last entry's
 * `live_from` says where the live trail now starts (see `liveStart`).
 */
import { join } from "node:path";
import { readTextIfExists } from "../durable/index.js";
import { TrailsealError } from "../errors/index.js";

export const ARCHIVE_DIR = "archive";
export const MANIFEST_FILE = "manifest.json";
export const MANIFEST_VERSION = 1;

/** Where the live trail starts after an archive run (see `liveStart`). */
export interface LiveFrom {
  /** The live segment the archived lines were cut from. */
  segment: string;
  /** Bytes of `segment` that are archived (its whole size when the segment was archived whole). */
  bytes: number;
  /** The segment written with the rest of `segment` (absent when it was archived whole). */
  next?: string;
}

export interface ArchiveEntry {
  name: string;
  first_seq: number;
  count: number;
  /** `prev` of its first event and `hash` of its last: where it joins the chain. */
  prev: string;
  tip: string;
  first_ts: string;
  last_ts: string;
  /** SHA-256 of the archived lines (uncompressed) and of the gzip file. */
  sha256: string;
  gz_sha256: string;
  bytes: number;
  /** SHA-256 of the seals file and the ids of the seals it holds. */
  seals_sha256: string;
  seals: string[];
  archived_at: string;
  live_from: LiveFrom;
}

export interface ArchiveManifest {
  version: number;
  archives: ArchiveEntry[];
}

export const archiveDir = (dir: string): string => join(dir, ARCHIVE_DIR);
export const manifestPath = (dir: string): string => join(dir, ARCHIVE_DIR, MANIFEST_FILE);
export const archiveName = (first: number, last: number): string =>
  `archive-${String(first).padStart(12, "0")}-${String(last).padStart(12, "0")}`;
export const archiveFile = (dir: string, name: string): string => join(dir, ARCHIVE_DIR, `${name}.jsonl.gz`);
export const sealsFile = (dir: string, name: string): string => join(dir, ARCHIVE_DIR, `${name}.seals.jsonl`);

const NAME = /^archive-\d{12}-\d{12}$/;
const SEGMENT = /^[A-Za-z0-9._-]+\.jsonl$/;
const REF = /^sha256:[0-9a-f]{64}$/;

function invalid(message: string): TrailsealError {
  return new TrailsealError("TRAIL_ARCHIVE_MANIFEST_INVALID", `the archive manifest ${message}`, {
    hint: "the manifest names the archives and where the live trail starts; restore it from a backup",
  });
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Checks one entry's shape by hand (no zod: every reader of the trail loads this module). */
function checkEntry(value: unknown, index: number): ArchiveEntry {
  const e = value as Record<string, unknown> | null;
  const at = `entry ${index}`;
  if (typeof e !== "object" || e === null || Array.isArray(e)) throw invalid(`${at} is not an object`);
  if (typeof e.name !== "string" || !NAME.test(e.name)) throw invalid(`${at} has no valid name`);
  if (!isCount(e.first_seq) || !isCount(e.count) || e.count === 0) throw invalid(`${at} has no valid range`);
  for (const key of ["prev", "tip", "sha256", "gz_sha256", "seals_sha256"])
    if (typeof e[key] !== "string" || !REF.test(e[key] as string))
      throw invalid(`${at}: ${key} is not a sha256 reference`);
  for (const key of ["first_ts", "last_ts", "archived_at"])
    if (typeof e[key] !== "string") throw invalid(`${at}: ${key} is not a timestamp`);
  if (!isCount(e.bytes)) throw invalid(`${at}: bytes is not a count`);
  if (!Array.isArray(e.seals) || !e.seals.every((id) => typeof id === "string"))
    throw invalid(`${at}: seals is not a list of ids`);
  const live = e.live_from as Record<string, unknown> | null;
  if (
    typeof live !== "object" ||
    live === null ||
    typeof live.segment !== "string" ||
    !SEGMENT.test(live.segment) ||
    !isCount(live.bytes) ||
    (live.next !== undefined && (typeof live.next !== "string" || !SEGMENT.test(live.next)))
  )
    throw invalid(`${at}: live_from is not a segment and a byte count`);
  return e as unknown as ArchiveEntry;
}

/** The manifest of a trail directory, or null when nothing was ever archived. */
export async function readManifest(dir: string): Promise<ArchiveManifest | null> {
  const text = await readTextIfExists(manifestPath(dir));
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid("is not JSON");
  }
  const m = parsed as { version?: unknown; archives?: unknown } | null;
  if (typeof m !== "object" || m === null || m.version !== MANIFEST_VERSION || !Array.isArray(m.archives))
    throw invalid(`is not a version ${MANIFEST_VERSION} manifest`);
  const archives = m.archives.map(checkEntry);
  for (let k = 1; k < archives.length; k += 1) {
    const before = archives[k - 1]!;
    if (archives[k]!.first_seq !== before.first_seq + before.count)
      throw invalid(`entry ${k} does not follow entry ${k - 1}`);
  }
  return { version: MANIFEST_VERSION, archives };
}

export function serializeManifest(manifest: ArchiveManifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * Where the live trail starts, given the segment names present: segments named before it are
 * leftovers of an archive run that was interrupted after its manifest was written (their lines
 * are in the archive, or in the segment that replaced them), read by no one.
 * - `next` exists: the rest was rewritten into it; the live trail is `next` and what follows.
 * - otherwise: the live trail is `segment` from byte `bytes`, and what follows.
 */
export function liveStart(
  names: readonly string[],
  manifest: ArchiveManifest | null,
): { from: string; bytes: number } | null {
  const last = manifest?.archives.at(-1);
  if (!last) return null;
  const { segment, bytes, next } = last.live_from;
  if (next !== undefined && names.includes(next)) return { from: next, bytes: 0 };
  return { from: segment, bytes };
}
