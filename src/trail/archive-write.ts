/**
 * Archiving the trail's old lines (docs/trail-format.md, "Archives"; docs/decisions/archive.md).
 * Under the trail lock, the lines older than a cutoff (never the last event: the writer reads
 * the tip from the live tail) move into a gzip archive. The order makes a crash at any point
 * harmless, because the manifest is the commit point and readers follow it (sources.ts):
 *
 *   1. the archive and its seals file: temporary file, fsync, rename, directory fsync
 *      (a crash leaves a file no manifest names: ignored, removed by the next run);
 *   2. the manifest, atomically (from here on readers take the archived lines from the archive
 *      and the live trail from the cut: the old segment still holds both, read from the cut);
 *   3. the rest of the segment into the next segment (same steps as 1; once it exists, it is the
 *      live trail and the writer appends to it, the last segment);
 *   4. the old segment removed.
 *
 * A run interrupted after step 2 is finished by the next run (`finishInterrupted`), under the
 * lock, before anything else. No step loses an acknowledged event: every line is in a durable
 * file that readers follow at every moment.
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { ChainVerifier, GENESIS_HASH } from "../chain/index.js";
import { fileCalls, fsyncDir, syncHandle, withDirLock, writeFileAtomic } from "../durable/index.js";
import { hasCode, TrailsealError } from "../errors/index.js";
import {
  ARCHIVE_DIR,
  type ArchiveEntry,
  type ArchiveManifest,
  archiveDir,
  archiveFile,
  archiveName,
  MANIFEST_FILE,
  MANIFEST_VERSION,
  manifestPath,
  readManifest,
  sealsFile,
  serializeManifest,
} from "./archive-layout.js";
import { listSegmentNames } from "./files.js";
import { exists, planTrail } from "./sources.js";
import { repairAndReadTail } from "./tail.js";
import { forEachLine } from "./verify-read.js";

/** The moments a run can be interrupted at (the kill tests stop a real process at each). */
export type ArchiveStep = "archive-written" | "manifest-written" | "segment-written" | "segment-removed";

export interface ArchiveOptions {
  /** Lines of events older than this (their `ts` before it) are archived. */
  cutoff: Date;
  now?: () => Date;
  /** The seal store's lines of the seals whose tip is in events [first, last] (kept beside the archive). */
  sealLines?: (first: number, last: number) => Promise<{ lines: string[]; ids: string[] }>;
  /** Called after each step (tests stop the process there). */
  onStep?: (step: ArchiveStep) => Promise<void> | void;
  lockTimeoutMs?: number;
}

export interface ArchiveResult {
  /** The archive written, or null when no line was older than the cutoff. */
  archive: ArchiveEntry | null;
  /** Whether an interrupted run was finished first. */
  finished: boolean;
}

/** The name after `events-000000.jsonl`: the live trail's next segment. */
function nextSegmentName(name: string): string | null {
  const match = /^events-(\d{6})\.jsonl$/.exec(name);
  if (!match) return null;
  return `events-${String(Number(match[1]) + 1).padStart(6, "0")}.jsonl`;
}

/** fsync of a file written through a stream (the stream closed it). */
async function syncFile(path: string): Promise<void> {
  const handle = await fileCalls.open(path, "r+");
  try {
    await syncHandle(handle);
  } finally {
    await handle.close();
  }
}

/** Copies bytes [from, end) of `source` into `target` durably (temp, fsync, rename, dir fsync). */
async function copyTail(source: string, from: number, target: string): Promise<void> {
  const { rename } = await import("node:fs/promises");
  const temp = `${target}.tmp-${process.pid}`;
  await pipeline(createReadStream(source, { start: from }), createWriteStream(temp, { mode: 0o600 }));
  await syncFile(temp);
  await rename(temp, target);
  await fsyncDir(join(target, ".."));
}

/**
 * Finishes a run interrupted after its manifest was written (steps 3 and 4), and removes what
 * an earlier interrupted run left that no manifest names. Call with the trail lock held.
 */
async function finishInterrupted(dir: string, manifest: ArchiveManifest | null): Promise<boolean> {
  let finished = false;
  const archives = archiveDir(dir);
  const named = new Set(
    manifest?.archives.flatMap((a) => [`${a.name}.jsonl.gz`, `${a.name}.seals.jsonl`]) ?? [],
  );
  let present: string[] = [];
  try {
    present = await fileCalls.readdir(archives);
  } catch (error) {
    if (!hasCode(error, "ENOENT")) throw error;
  }
  for (const file of present) {
    if (file === MANIFEST_FILE || named.has(file)) continue;
    // Copies of live lines from a run that never reached its manifest, or temporary files.
    if (file.startsWith("archive-") || file.startsWith(".")) {
      await fileCalls.unlink(join(archives, file));
      finished = true;
    }
  }
  const last = manifest?.archives.at(-1);
  if (!last) return finished;
  const { segment, bytes, next } = last.live_from;
  const segmentPath = join(dir, segment);
  if (next !== undefined && !(await exists(join(dir, next))) && (await exists(segmentPath))) {
    // Appends may have followed the crash: the rest of the segment, as it is now, is the live trail.
    const names = await listSegmentNames(dir);
    if (names.at(-1) === segment) await repairAndReadTail(dir, segmentPath, () => new Date());
    await copyTail(segmentPath, bytes, join(dir, next));
    finished = true;
  }
  // Segments before where the live trail starts hold only archived lines now.
  const start = next !== undefined && (await exists(join(dir, next))) ? next : segment;
  const archivedWhole =
    next === undefined && (await exists(segmentPath)) && (await fileCalls.stat(segmentPath)).size === bytes;
  for (const name of await listSegmentNames(dir)) {
    if (name < start || (name === segment && (name !== start || archivedWhole))) {
      await fileCalls.unlink(join(dir, name));
      finished = true;
    }
  }
  if (finished) await fsyncDir(dir);
  return finished;
}

function refused(message: string): TrailsealError {
  return new TrailsealError("TRAIL_ARCHIVE_REFUSED", message, {
    hint: "run `trailseal verify`; a trail that does not verify is not archived (nothing was changed)",
  });
}

/** Archives the lines older than `options.cutoff` (see the module comment for the steps). */
export async function archiveTrail(dir: string, options: ArchiveOptions): Promise<ArchiveResult> {
  const now = options.now ?? (() => new Date());
  const step = options.onStep ?? (() => undefined);
  return withDirLock(
    dir,
    async () => {
      const finished = await finishInterrupted(dir, await readManifest(dir));
      const manifest = (await readManifest(dir)) ?? { version: MANIFEST_VERSION, archives: [] };
      const plan = await planTrail(dir);
      const first = plan.live[0];
      if (!first) return { archive: null, finished };
      const isLast = plan.live.length === 1;
      if (isLast) await repairAndReadTail(dir, first.path, now);
      const before = manifest.archives.at(-1);
      const verifier = new ChainVerifier({
        start: before
          ? { count: before.first_seq + before.count, tip: before.tip }
          : { count: 0, tip: GENESIS_HASH },
      });
      const cutoff = options.cutoff.toISOString();
      // The cut: after the last line older than the cutoff, but never after the last line of
      // the live trail's last segment (the writer takes the tip from there).
      let position = first.from;
      let cut = { count: 0, end: first.from, lastTs: "", tip: "" };
      let previous = cut;
      let firstTs = "";
      await forEachLine(first.path, first.from, Number.POSITIVE_INFINITY, (line) => {
        const end = position + line.length + 1;
        position = end;
        if (verifier.pushBytes(line) !== null) return false;
        const ts = (JSON.parse(line.toString("utf8")) as { ts: string }).ts;
        if (!(ts < cutoff)) return false;
        if (firstTs === "") firstTs = ts;
        previous = cut;
        cut = { count: cut.count + 1, end, lastTs: ts, tip: verifier.state.tip };
        return true;
      });
      if (verifier.broken)
        throw refused(
          `the trail does not verify at seq ${verifier.broken.seq} (${verifier.broken.reason}); nothing was archived`,
        );
      const { size } = await fileCalls.stat(first.path);
      if (isLast && cut.end >= size) cut = previous;
      const { count, lastTs, tip } = cut;
      if (count === 0) return { archive: null, finished };
      const next = cut.end < size ? nextSegmentName(first.name) : undefined;
      // A segment cut in the middle is rewritten under the next name, which must sort before any later segment.
      if (cut.end < size && (!isLast || next === null)) return { archive: null, finished };
      const firstSeq = before ? before.first_seq + before.count : 0;
      const name = archiveName(firstSeq, firstSeq + count - 1);
      await fileCalls.mkdir(archiveDir(dir), { recursive: true, mode: 0o700 });

      // 1. The archive (and its seals) written and durable, named by no manifest yet.
      const { sha256, gzSha256 } = await writeArchive(
        first.path,
        first.from,
        cut.end,
        archiveFile(dir, name),
      );
      const seals = (await options.sealLines?.(firstSeq, firstSeq + count - 1)) ?? { lines: [], ids: [] };
      const sealsText = seals.lines.map((line) => `${line}\n`).join("");
      await writeFileAtomic(sealsFile(dir, name), sealsText, { mode: 0o600 });
      await step("archive-written");

      // 2. The manifest: the commit point.
      const prevOfFirst = before ? before.tip : GENESIS_HASH;
      const entry: ArchiveEntry = {
        name,
        first_seq: firstSeq,
        count,
        prev: prevOfFirst,
        tip,
        first_ts: firstTs,
        last_ts: lastTs,
        sha256: `sha256:${sha256}`,
        gz_sha256: `sha256:${gzSha256}`,
        bytes: cut.end - first.from,
        seals_sha256: `sha256:${createHash("sha256").update(sealsText).digest("hex")}`,
        seals: seals.ids,
        archived_at: now().toISOString(),
        live_from: { segment: first.name, bytes: cut.end, ...(next ? { next } : {}) },
      };
      await writeFileAtomic(
        manifestPath(dir),
        serializeManifest({ version: MANIFEST_VERSION, archives: [...manifest.archives, entry] }),
        { mode: 0o600 },
      );
      await step("manifest-written");

      // 3. The rest of the segment into the next one, then 4. the old segment removed.
      if (next) {
        await copyTail(first.path, cut.end, join(dir, next));
        await step("segment-written");
      }
      await fileCalls.unlink(first.path);
      await fsyncDir(dir);
      await step("segment-removed");
      return { archive: entry, finished };
    },
    options.lockTimeoutMs === undefined ? {} : { timeoutMs: options.lockTimeoutMs },
  );
}

/** Writes bytes [from, to) of `source` gzip'd to `target` durably; the digests of both forms. */
async function writeArchive(
  source: string,
  from: number,
  to: number,
  target: string,
): Promise<{ sha256: string; gzSha256: string }> {
  const { createGzip } = await import("node:zlib");
  const { rename } = await import("node:fs/promises");
  const plain = createHash("sha256");
  const packed = createHash("sha256");
  const temp = join(target, "..", `.${ARCHIVE_DIR}-${process.pid}.tmp`);
  const input = createReadStream(source, { start: from, end: to - 1 });
  input.on("data", (chunk) => plain.update(chunk as Buffer));
  const gzip = createGzip({ level: 6 });
  gzip.on("data", (chunk: Buffer) => packed.update(chunk));
  await pipeline(input, gzip, createWriteStream(temp, { mode: 0o600 }));
  await syncFile(temp);
  await rename(temp, target);
  await fsyncDir(join(target, ".."));
  return { sha256: plain.digest("hex"), gzSha256: packed.digest("hex") };
}
