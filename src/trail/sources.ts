/**
 * What a reader of the trail reads, in order: the archives the manifest names, then the live
 * segments from where the manifest says the live trail starts (archive-layout.ts). Every reader
 * (views, export, verification, the dashboard's tail) takes its plan from here, so an archived
 * trail reads as one chain from seq 0.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileCalls } from "../durable/index.js";
import { hasCode } from "../errors/index.js";
import {
  type ArchiveEntry,
  type ArchiveManifest,
  archiveFile,
  liveStart,
  readManifest,
  sealsFile,
} from "./archive-layout.js";
import { listSegmentNames } from "./files.js";

export interface ArchiveSource {
  entry: ArchiveEntry;
  path: string;
  present: boolean;
}

export interface LiveSegment {
  path: string;
  name: string;
  /** The first byte of the live trail in this segment (0 but for a run interrupted mid-way). */
  from: number;
}

export interface TrailPlan {
  manifest: ArchiveManifest | null;
  archives: ArchiveSource[];
  live: LiveSegment[];
}

/** Whether a path is there; any error but "not found" is the caller's to see. */
export async function exists(path: string): Promise<boolean> {
  try {
    await fileCalls.stat(path);
    return true;
  } catch (error) {
    if (hasCode(error, "ENOENT")) return false;
    throw error;
  }
}

export async function planTrail(dir: string): Promise<TrailPlan> {
  const manifest = await readManifest(dir);
  const names = await listSegmentNames(dir);
  const archives: ArchiveSource[] = [];
  for (const entry of manifest?.archives ?? []) {
    const path = archiveFile(dir, entry.name);
    archives.push({ entry, path, present: await exists(path) });
  }
  const start = liveStart(names, manifest);
  const live: LiveSegment[] = [];
  for (const name of names) {
    if (start && name < start.from) continue;
    live.push({ path: join(dir, name), name, from: start && name === start.from ? start.bytes : 0 });
  }
  return { manifest, archives, live };
}

/** The segments a plan reads, by name (to tell when the live trail was rewritten under a reader). */
export function planSignature(plan: TrailPlan): string {
  return JSON.stringify([plan.archives.map((a) => a.entry.name), plan.live.map((s) => [s.name, s.from])]);
}

export interface ArchiveRead {
  /** Every line was passed (false: the callback stopped, or the gzip is damaged). */
  whole: boolean;
  /** SHA-256 of the decompressed bytes read (all of them when `whole`). */
  sha256: string;
  bytes: number;
  /** Why the archive could not be read to its end (a damaged or truncated gzip). */
  error: string | null;
}

/**
 * The lines of an archive (decompressed, without their newline), a decompressed chunk's worth at
 * a time. A damaged gzip ends the stream with `state.error` set instead of throwing: to a
 * verifier it is an altered archive, not an I/O failure. `state` holds the digest of the bytes
 * read once the generator is done.
 */
export async function* archivedLineBatches(path: string, state: ArchiveRead): AsyncGenerator<Buffer[]> {
  const { createGunzip } = await import("node:zlib");
  const hash = createHash("sha256");
  let carry: Buffer = Buffer.alloc(0);
  // Large chunks: one await and one carry copy per 1 MiB of lines, not per 16 KiB.
  const gunzip = createGunzip({ chunkSize: 1 << 20 });
  const input = createReadStream(path, { highWaterMark: 1 << 20 });
  input.on("error", (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  state.whole = false;
  state.error = null;
  state.bytes = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      hash.update(chunk);
      state.bytes += chunk.length;
      const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const lines: Buffer[] = [];
      let start = 0;
      for (let newline = data.indexOf(10); newline >= 0; newline = data.indexOf(10, start)) {
        lines.push(data.subarray(start, newline));
        start = newline + 1;
      }
      carry = Buffer.from(data.subarray(start));
      if (lines.length > 0) yield lines;
    }
    if (carry.length > 0) yield [carry];
    state.whole = true;
  } catch (error) {
    if (hasCode(error, "ENOENT") || hasCode(error, "EACCES") || hasCode(error, "EISDIR")) throw error;
    state.error = (error as Error).message;
  } finally {
    input.destroy();
    gunzip.destroy();
    state.sha256 = hash.digest("hex");
  }
}

export function emptyRead(): ArchiveRead {
  return { whole: false, sha256: "", bytes: 0, error: null };
}

/** Calls `onLine` with each line of an archive until it returns false (see archivedLineBatches). */
export async function forEachArchivedLine(
  path: string,
  onLine: (line: Buffer) => boolean,
): Promise<ArchiveRead> {
  const state = emptyRead();
  outer: for await (const lines of archivedLineBatches(path, state)) {
    for (const line of lines) if (!onLine(line)) break outer;
  }
  return state;
}

/** The archived seals' counts and tips (the seals file's seal lines), to check them against the chain. */
export async function readArchivedSeals(
  dir: string,
  entry: ArchiveEntry,
): Promise<{ sha256: string; seals: { id: string; event_count: number; chain_tip: string }[] } | null> {
  let text: Buffer;
  try {
    text = await readFile(sealsFile(dir, entry.name));
  } catch (error) {
    if (hasCode(error, "ENOENT")) return null;
    throw error;
  }
  const seals: { id: string; event_count: number; chain_tip: string }[] = [];
  for (const line of text.toString("utf8").split("\n")) {
    if (line.length === 0) continue;
    try {
      const record = JSON.parse(line) as Record<string, unknown>;
      if (
        record.type === "seal" &&
        typeof record.id === "string" &&
        Number.isSafeInteger(record.event_count) &&
        typeof record.chain_tip === "string"
      )
        seals.push({ id: record.id, event_count: record.event_count as number, chain_tip: record.chain_tip });
    } catch {
      // a damaged line: the file's digest no longer matches the manifest, which is reported
    }
  }
  return { sha256: createHash("sha256").update(text).digest("hex"), seals };
}
