import { open } from "node:fs/promises";

/**
 * Calls `onLine` with each line of the bytes [from, to) of a file (`to` = Infinity: to its end),
 * as a view of just that line without its newline, until it returns false. A final line without
 * its newline is passed too (the verifier reports it as torn). The same lines `readLines` yields,
 * as bytes: no decoding, no string per line. Two buffers alternate, so the next chunk is read
 * while this one is checked; a buffer grows only for a line longer than it.
 * Returns false when `onLine` stopped early.
 */
export async function forEachLine(
  path: string,
  from: number,
  to: number,
  onLine: (line: Buffer) => boolean,
  chunkSize = 1 << 20,
): Promise<boolean> {
  const handle = await open(path, "r");
  let pending: Promise<number> = Promise.resolve(0);
  const readInto = (buffer: Buffer, at: number, position: number): Promise<number> =>
    position >= to
      ? Promise.resolve(0)
      : handle
          .read(buffer, at, Math.min(buffer.length - at, to - position), position)
          .then((r) => r.bytesRead);
  try {
    let buffer: Buffer = Buffer.allocUnsafe(chunkSize);
    let spare: Buffer = Buffer.allocUnsafe(chunkSize);
    let kept = 0; // bytes [0, kept) of buffer: the start of a line not yet complete
    let position = from;
    pending = readInto(buffer, 0, position);
    for (;;) {
      const bytesRead = await pending;
      pending = Promise.resolve(0);
      if (bytesRead === 0) break;
      position += bytesRead;
      const filled = buffer.subarray(0, kept + bytesRead);
      const lastNewline = filled.lastIndexOf(10);
      if (lastNewline < 0) {
        // no whole line yet: keep reading into this buffer, grown if full
        kept = filled.length;
        if (buffer.length - kept < chunkSize / 4) buffer = grow(buffer, kept, kept + chunkSize);
        pending = readInto(buffer, kept, position);
        continue;
      }
      // carry the incomplete tail over to the other buffer and start reading after it
      const tail = filled.length - (lastNewline + 1);
      if (spare.length - tail < chunkSize / 4) spare = Buffer.allocUnsafe(tail + chunkSize);
      filled.copy(spare, 0, lastNewline + 1);
      pending = readInto(spare, tail, position);
      let start = 0;
      for (let newline = filled.indexOf(10); newline >= 0; newline = filled.indexOf(10, start)) {
        if (!onLine(filled.subarray(start, newline))) return false;
        start = newline + 1;
      }
      [buffer, spare] = [spare, buffer];
      kept = tail;
    }
    if (kept > 0) return onLine(buffer.subarray(0, kept));
    return true;
  } finally {
    await pending.catch(() => 0); // never close the file under a read in flight
    await handle.close();
  }
}

function grow(buffer: Buffer, kept: number, size: number): Buffer {
  const bigger = Buffer.allocUnsafe(Math.max(size, buffer.length * 2));
  buffer.copy(bigger, 0, 0, kept);
  return bigger;
}

/**
 * Where the whole lines of a file end: just after its last newline (0 if none), read from the
 * end backwards. Bytes after it are a torn tail: an append cut short by a crash, or one being
 * written right now. Neither was acknowledged (an event is acknowledged only after its newline
 * is synced), so a reader that must not take the writer's lock stops before them.
 */
export async function wholeLinesEnd(path: string): Promise<{ end: number; size: number }> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    const window = Buffer.allocUnsafe(64 << 10);
    for (let stop = size; stop > 0; ) {
      const start = Math.max(0, stop - window.length);
      const { bytesRead } = await handle.read(window, 0, stop - start, start);
      const newline = window.subarray(0, bytesRead).lastIndexOf(10);
      if (newline >= 0) return { end: start + newline + 1, size };
      stop = start;
    }
    return { end: 0, size };
  } finally {
    await handle.close();
  }
}
