import { open } from "node:fs/promises";

/**
 * Calls `onLine` with each line of the bytes [from, to) of a file (`to` = Infinity: to its end),
 * as a view of just that line without its newline, until it returns false. A final line without
 * its newline is passed too (the verifier reports it as torn). The same lines `readLines` yields,
 * as bytes: no decoding, no string per line; one buffer, grown only for a line longer than it.
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
  try {
    let buffer = Buffer.allocUnsafe(chunkSize);
    let kept = 0; // bytes [0, kept) of buffer: the start of a line not yet complete
    let position = from;
    while (position < to) {
      if (kept === buffer.length) {
        const bigger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(bigger, 0, 0, kept);
        buffer = bigger;
      }
      const want = Math.min(buffer.length - kept, to - position);
      const { bytesRead } = await handle.read(buffer, kept, want, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const filled = buffer.subarray(0, kept + bytesRead);
      let start = 0;
      for (let newline = filled.indexOf(10); newline >= 0; newline = filled.indexOf(10, start)) {
        if (!onLine(filled.subarray(start, newline))) return false;
        start = newline + 1;
      }
      kept = filled.length - start;
      if (kept > 0 && start > 0) buffer.copy(buffer, 0, start, filled.length);
    }
    if (kept > 0) return onLine(buffer.subarray(0, kept));
    return true;
  } finally {
    await handle.close();
  }
}
