/**
 * The audit trail on disk (DESIGN §4): append-only JSONL segments under `<home>/trail/`.
 * Invariants: appends are serialized across processes by a directory lock, written in one
 * write and fsync'd before they are returned (acknowledged); a torn tail is repaired on the
 * next append; reading and verifying stream, so memory stays flat as the trail grows.
 */
import { open } from "node:fs/promises";
import { join } from "node:path";
import { chainEvent, type EventBody, serializeEvent, type TrailEvent } from "../chain/index.js";
import { fsyncDir } from "../durable/index.js";
import { TrailsealError } from "../errors/index.js";
import { currentSegment, ensureDir, listSegments, readLines } from "./files.js";
import { withDirLock } from "./lock.js";
import { repairAndReadTail } from "./tail.js";
import type { TrailVerification } from "./verify.js";

export { readLines } from "./files.js";
export { acquireLock, type HeldLock, type LockOptions, withDirLock, withLock } from "./lock.js";
export {
  type ParallelVerifyOptions,
  type TrailVerification,
  type VerifyOptions,
  verifyTrail,
  verifyTrailParallel,
  verifyTrailSequential,
} from "./verify.js";

export function trailDir(home: string): string {
  return join(home, "trail");
}

export interface AppendOptions {
  now?: () => Date;
}

/** Appends events in order and returns them once they are durable. */
export async function appendEvents(
  dir: string,
  bodies: EventBody[],
  options: AppendOptions = {},
): Promise<TrailEvent[]> {
  if (bodies.length === 0) return [];
  const now = options.now ?? (() => new Date());
  await ensureDir(dir);
  return withDirLock(dir, async () => {
    const segment = await currentSegment(dir);
    const isNew = (await listSegments(dir)).length === 0;
    let { nextSeq, tip } = await repairAndReadTail(dir, segment, now);
    const events: TrailEvent[] = [];
    const ts = now().toISOString();
    for (const body of bodies) {
      const event = chainEvent(body, nextSeq, tip, ts);
      events.push(event);
      nextSeq += 1;
      tip = event.hash;
    }
    const bytes = Buffer.from(events.map((event) => `${serializeEvent(event)}\n`).join(""), "utf8");
    const handle = await open(segment, "a", 0o600);
    try {
      await handle.write(bytes, 0, bytes.length);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (isNew) await fsyncDir(dir);
    return events;
  });
}

/** The verified chain as seal checks see it. */
export function chainView(result: TrailVerification): {
  count: number;
  tipAt(count: number): string | undefined;
} {
  return { count: result.eventCount, tipAt: (count) => result.tips.get(count) };
}

/**
 * Parsed events in order, for views (log, summary, stats, report, dashboard). Lines that do
 * not parse are skipped here: views are not the integrity check, `verifyTrail` is.
 */
export async function* readEvents(dir: string): AsyncGenerator<TrailEvent> {
  for await (const line of readLines(dir)) {
    if (line.length === 0) continue;
    try {
      yield JSON.parse(line) as TrailEvent;
    } catch {
      // reported by verifyTrail
    }
  }
}

/**
 * Repairs a torn tail (see tail.ts) under the lock, so that readers see only whole events.
 * A corrupt (not torn) last event is left for `verifyTrail` to report.
 */
export async function repairTrail(dir: string): Promise<void> {
  try {
    await readTip(dir);
  } catch (error) {
    if (!(error instanceof TrailsealError && error.code === "TRAIL_CORRUPT")) throw error;
  }
}

/** Tip and count of the trail as written (not verified): what a seal covers. Takes the lock. */
export async function readTip(
  dir: string,
  options: AppendOptions = {},
): Promise<{ tip: string; count: number }> {
  await ensureDir(dir);
  return withDirLock(dir, async () => {
    const { nextSeq, tip } = await repairAndReadTail(
      dir,
      await currentSegment(dir),
      options.now ?? (() => new Date()),
    );
    return { tip, count: nextSeq };
  });
}
