import { join } from "node:path";
import { GENESIS_HASH } from "../chain/index.js";
import { fileCalls, syncHandle, writeFileAtomic } from "../durable/index.js";
import { TrailsealError } from "../errors/index.js";
import { fileSize } from "./files.js";

export interface TailState {
  /** seq the next event gets. */
  nextSeq: number;
  /** hash of the last event (the chain tip). */
  tip: string;
}

/**
 * The longest line (its newline included) the writer appends and the tail reader reads back:
 * one bound for both, so no accepted event can leave a trail that refuses the next append.
 * The recorder keeps events far below it (long members as digests, src/record).
 */
export const MAX_EVENT_LINE_BYTES = 4 << 20;
const MAX_LINE = MAX_EVENT_LINE_BYTES;
/**
 * The first read from the segment's end. Events are well under it, so one read finds the last
 * line; the window grows only for a longer one (up to MAX_LINE). Reading a fixed 4 MiB instead
 * cost every hook call on a long trail a 4 MiB read and allocation.
 */
const TAIL_WINDOW = 64 << 10;

/** The last `length` bytes of the file open as `handle`, whose size is `size`. */
async function readEnd(handle: fileCalls.OpenFile, size: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  await handle.read(buffer, 0, length, size - length);
  return buffer;
}

/**
 * Reads the last line of a segment. If the segment ends in a torn line (a write cut short by
 * a crash: bytes after the last newline), it is moved aside to `torn/` and cut off. Only a
 * write that never completed can leave such bytes, and no writer acknowledges an event before
 * its newline is fsync'd, so no acknowledged event is touched. Call with the trail lock held.
 */
export async function repairAndReadTail(dir: string, segment: string, now: () => Date): Promise<TailState> {
  const size = await fileSize(segment);
  if (size === 0) return { nextSeq: 0, tip: GENESIS_HASH };
  const handle = await fileCalls.open(segment, "r+");
  try {
    // The window holds the last whole line once it holds two newlines (the one ending that line
    // and the one before it), or once it reaches the file's start or MAX_LINE.
    const limit = Math.min(size, MAX_LINE + 1);
    let length = Math.min(limit, TAIL_WINDOW);
    let buffer = await readEnd(handle, size, length);
    while (length < limit && buffer.indexOf(10) === buffer.lastIndexOf(10)) {
      length = Math.min(limit, length * 16);
      buffer = await readEnd(handle, size, length);
    }
    let end = length;
    if (buffer[length - 1] !== 10) {
      const lastNl = buffer.lastIndexOf(10);
      if (lastNl < 0 && length < size) throw corrupt("the last line of the trail is longer than any event");
      const keep = lastNl + 1;
      const tornDir = join(dir, "torn");
      await fileCalls.mkdir(tornDir, { recursive: true, mode: 0o700 });
      // Kept (durably) before the segment is cut, so the bytes are never only in memory.
      await writeFileAtomic(
        join(tornDir, `${now().toISOString().replace(/[:.]/g, "-")}.bin`),
        buffer.subarray(keep),
        { mode: 0o600 },
      );
      await handle.truncate(size - length + keep);
      await syncHandle(handle);
      end = keep;
      if (size - length + keep === 0) return { nextSeq: 0, tip: GENESIS_HASH };
    }
    const start = buffer.lastIndexOf(10, end - 2) + 1;
    if (start === 0 && length < size) throw corrupt("the last line of the trail is longer than any event");
    const line = buffer.toString("utf8", start, end - 1);
    let last: { seq?: unknown; hash?: unknown };
    try {
      last = JSON.parse(line);
    } catch (cause) {
      throw corrupt("the last event of the trail is not JSON", cause);
    }
    if (typeof last.seq !== "number" || typeof last.hash !== "string") {
      throw corrupt("the last event of the trail has no seq or hash");
    }
    return { nextSeq: last.seq + 1, tip: last.hash };
  } finally {
    await handle.close();
  }
}

function corrupt(message: string, cause?: unknown) {
  return new TrailsealError("TRAIL_CORRUPT", message, {
    cause,
    hint: "run `trailseal verify` to find the first broken event; nothing was appended",
  });
}
