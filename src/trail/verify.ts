import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { type ChainBreak, ChainVerifier } from "../chain/index.js";
import { planTrail, type TrailPlan } from "./sources.js";
import {
  type ArchiveCheck,
  type ArchiveFeed,
  feedArchives,
  judgeArchives,
  readSidecars,
  sidecarCounts,
} from "./verify-archives.js";
import { planRanges, RangeStitcher, type RangeSummary, type TrailRange } from "./verify-ranges.js";
import { forEachLine, wholeLinesEnd } from "./verify-read.js";

export interface TrailVerification {
  ok: boolean;
  chainTip: string;
  eventCount: number;
  broken: ChainBreak | null;
  /** The tip after each requested event count that verified (`tipsAt`). */
  tips: Map<number, string>;
  /**
   * Bytes after the last newline of the last segment, left unread: an append cut short by a
   * crash or being written now, never acknowledged, so neither an event nor tampering.
   */
  tornBytes: number;
  /** Each archive's state, and what is wrong with them (none when nothing was archived). */
  archive: ArchiveCheck;
}

/**
 * The plan (archives, then live segments) and where reading each live segment stops: the last
 * one before its torn tail. Verification never takes the writer's lock (it works on a read-only
 * trail and beside a live writer), so it does not repair that tail, it reads around it.
 */
async function readPlan(dir: string): Promise<{
  plan: TrailPlan;
  segments: string[];
  starts: Map<string, number>;
  ends: Map<string, number>;
  torn: number;
}> {
  const plan = await planTrail(dir);
  const segments = plan.live.map((segment) => segment.path);
  const starts = new Map(plan.live.map((segment) => [segment.path, segment.from]));
  const ends = new Map<string, number>();
  const last = segments.at(-1);
  if (last === undefined) return { plan, segments, starts, ends, torn: 0 };
  const { end, size } = await wholeLinesEnd(last);
  ends.set(last, Math.max(end, starts.get(last) ?? 0));
  return { plan, segments, starts, ends, torn: size - end };
}

/** The archives read first: their seals' counts join the tips asked for. */
async function startWithArchives(
  dir: string,
  plan: TrailPlan,
  tipsAt: Iterable<number> | undefined,
): Promise<{ verifier: ChainVerifier; feed: ArchiveFeed }> {
  const sidecars = await readSidecars(dir, plan);
  const verifier = new ChainVerifier({ tipsAt: [...(tipsAt ?? []), ...sidecarCounts(sidecars)] });
  const feed = await feedArchives(plan, verifier, sidecars);
  return { verifier, feed };
}

export interface VerifyOptions {
  tipsAt?: Iterable<number>;
  onProgress?: (events: number) => void;
}

export interface ParallelVerifyOptions extends VerifyOptions {
  /** Bytes per range (default: the trail split evenly across the workers, 64 MB at most). */
  rangeBytes?: number;
  /** Worker threads (default: the available cores). */
  workers?: number;
  /** The built worker entry (default: dist/trail/verify-worker.js beside this bundle). */
  workerUrl?: URL;
}

/** Below this many bytes, starting threads costs more than it saves. */
export const PARALLEL_MIN_BYTES = 32 << 20;
const PROGRESS_EVERY = 50_000;

/**
 * Verifies the whole trail, streaming: memory stays flat however long the trail. Large trails are
 * verified by worker threads over byte ranges, when the built worker is at hand (it is in dist/,
 * not when running from the TypeScript sources); the verdict is the sequential one either way.
 */
export async function verifyTrail(dir: string, options: VerifyOptions = {}): Promise<TrailVerification> {
  const segments = (await planTrail(dir)).live;
  const workerUrl = findWorker();
  if (workerUrl && availableParallelism() > 1) {
    let bytes = 0;
    for (const { path, from } of segments) bytes += (await stat(path)).size - from;
    if (bytes >= PARALLEL_MIN_BYTES) return verifyTrailParallel(dir, { ...options, workerUrl });
  }
  return verifyTrailSequential(dir, options);
}

/** One pass over the lines in order on this thread. */
export async function verifyTrailSequential(
  dir: string,
  options: VerifyOptions = {},
): Promise<TrailVerification> {
  const { plan, segments, starts, ends, torn } = await readPlan(dir);
  const { verifier, feed } = await startWithArchives(dir, plan, options.tipsAt);
  const onProgress = options.onProgress;
  let reported = 0;
  for (const path of feed.whole ? segments : []) {
    const from = starts.get(path) ?? 0;
    const whole = await forEachLine(path, from, ends.get(path) ?? Number.POSITIVE_INFINITY, (line) => {
      if (verifier.pushBytes(line)) return false;
      if (onProgress && (verifier.lines & 0xffff) === 0) {
        const done = verifier.state.count;
        if (done - reported >= PROGRESS_EVERY) {
          onProgress(done);
          reported = done;
        }
      }
      return true;
    });
    if (!whole) break;
  }
  const { tip, count } = verifier.state;
  return {
    ok: verifier.broken === null,
    chainTip: tip,
    eventCount: count,
    broken: verifier.broken,
    tips: verifier.tips,
    tornBytes: torn,
    archive: judgeArchives(plan, feed, verifier.broken, (n) => verifier.tips.get(n)),
  };
}

/**
 * Byte ranges verified by a pool of worker threads, each reading its own ranges from disk and
 * answering with a summary; summaries are stitched in order (RangeStitcher). Ranges after a
 * break are not needed: once the verdict is settled, the workers are stopped.
 */
export async function verifyTrailParallel(
  dir: string,
  options: ParallelVerifyOptions = {},
): Promise<TrailVerification> {
  const workerUrl = options.workerUrl ?? findWorker();
  if (!workerUrl) return verifyTrailSequential(dir, options);
  const { plan, segments, starts, ends, torn } = await readPlan(dir);
  const archived = await startWithArchives(dir, plan, options.tipsAt);
  const threads = Math.max(1, options.workers ?? availableParallelism());
  let bytes = 0;
  for (const path of segments) bytes += (ends.get(path) ?? (await stat(path)).size) - (starts.get(path) ?? 0);
  const rangeBytes = Math.max(1, options.rangeBytes ?? Math.min(64 << 20, Math.ceil(bytes / threads)));
  const ranges = archived.feed.whole ? await planRanges(segments, rangeBytes, ends, starts) : [];
  const tipsAt = [...(options.tipsAt ?? []), ...sidecarCounts(archived.feed.sidecars)];
  const stitcher = new RangeStitcher(archived.verifier);
  const results: (RangeSummary | undefined)[] = [];
  const workers: Worker[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let next = 0;
      let stitched = 0;
      let reported = 0;
      let settled = false;
      const finish = (error?: Error) => {
        if (settled) return;
        settled = true;
        if (error) reject(error);
        else resolve();
      };
      const dispatch = (worker: Worker) => {
        if (settled || next >= ranges.length) return;
        const id = next;
        next += 1;
        worker.postMessage({ id, ...(ranges[id] as TrailRange) });
      };
      const onResult = (worker: Worker, message: WorkerAnswer) => {
        if (settled) return;
        if (message.error) {
          finish(Object.assign(new Error(message.error.message), { code: message.error.code }));
          return;
        }
        results[message.id] = message.summary;
        while (stitched < ranges.length && results[stitched]) {
          const going = stitcher.add(results[stitched] as RangeSummary);
          results[stitched] = undefined;
          stitched += 1;
          if (!going) return finish();
        }
        if (stitched === ranges.length) return finish();
        if (options.onProgress && stitcher.count - reported >= PROGRESS_EVERY) {
          options.onProgress(stitcher.count);
          reported = stitcher.count;
        }
        dispatch(worker);
      };
      if (ranges.length === 0) return finish();
      for (let k = 0; k < Math.min(threads, ranges.length); k += 1) {
        // execArgv: [] — the parent's flags are not the worker's (`--input-type` even stops it starting).
        const worker = new Worker(workerUrl, { workerData: { tipsAt }, execArgv: [] });
        workers.push(worker);
        worker.on("message", (message: WorkerAnswer) => onResult(worker, message));
        worker.on("error", (error) => finish(error));
        worker.on("exit", (code) => {
          if (code !== 0) finish(new Error(`trail verify worker exited with code ${code}`));
        });
        dispatch(worker);
      }
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return {
    ok: stitcher.broken === null,
    chainTip: stitcher.tip,
    eventCount: stitcher.count,
    broken: stitcher.broken,
    tips: stitcher.tips,
    tornBytes: torn,
    archive: judgeArchives(plan, archived.feed, stitcher.broken, (n) => stitcher.tips.get(n)),
  };
}

type WorkerAnswer =
  | { id: number; summary: RangeSummary; error?: undefined }
  | { id: number; error: { message: string; code?: string } };

/**
 * The bundled worker entry, dist/trail/verify-worker.js, found from wherever this code was bundled
 * (dist/trail/, dist/chunks/ or dist/ itself); null when running from the TypeScript sources.
 */
export function findWorker(): URL | null {
  for (const relative of ["./verify-worker.js", "../trail/verify-worker.js", "./trail/verify-worker.js"]) {
    const url = new URL(relative, import.meta.url);
    if (url.protocol === "file:" && existsSync(fileURLToPath(url))) return url;
  }
  return null;
}
