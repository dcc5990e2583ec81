import { open } from "node:fs/promises";
import { ChainVerifier } from "../chain/index.js";
import { listSegments } from "./files.js";

const FIRST_WINDOW = 256 * 1024;
const LAST_WINDOW = 64 * 1024 * 1024;

/**
 * The trail's hash after `count` events, read from the end of the newest segment: the lines from
 * seq `count − 1` to the end are verified as a floating range (every hash recomputed, every link
 * checked), so the tip is what those bytes say, not what a seal store claims. Events before
 * `count − 1` are not read: a change there breaks the link into seq `count − 1`, which `verify`
 * reports. Returns the event count too (the last line's seq + 1 when `count` is beyond the end),
 * or null when seq `count − 1` is not in the newest segment's last 64 MiB (read the whole trail).
 */
export async function tipFromTail(
  dir: string,
  count: number,
): Promise<{ tip: string | undefined; eventCount: number } | null> {
  const segments = await listSegments(dir);
  const path = segments.at(-1);
  if (path === undefined || count < 1) return null;
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    for (let window = FIRST_WINDOW; ; window *= 4) {
      const start = Math.max(0, size - window);
      const buffer = Buffer.alloc(size - start);
      await handle.read(buffer, 0, buffer.length, start);
      const text = buffer.toString("utf8");
      const end = text.lastIndexOf("\n") + 1; // a torn last line was never acknowledged
      const lines = text
        .slice(0, end)
        .split("\n")
        .slice(start > 0 ? 1 : 0, -1);
      const seqs = lines.map(seqOf);
      const last = seqs.at(-1);
      if (last !== undefined && Number.isSafeInteger(last) && count > last + 1)
        return { tip: undefined, eventCount: last + 1 };
      const at = seqs.indexOf(count - 1);
      if (at >= 0) {
        const verifier = new ChainVerifier({ floating: true, tipsAt: [count] });
        for (const line of lines.slice(at)) if (verifier.push(line)) return null;
        return { tip: verifier.tips.get(count), eventCount: verifier.state.count };
      }
      if (start === 0 || window >= LAST_WINDOW) return null;
    }
  } finally {
    await handle.close();
  }
}

/** The top-level `seq` of a line (a nested member of the same name must not be taken for it). */
function seqOf(line: string): number {
  try {
    const seq = (JSON.parse(line) as { seq?: unknown }).seq;
    return typeof seq === "number" ? seq : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
