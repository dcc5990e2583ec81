import { join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import { fileCalls } from "../durable/index.js";
import { hasCode } from "../errors/index.js";

/** Segment files are read in lexicographic order (docs/trail-format.md); we append to the last one. */
export const FIRST_SEGMENT = "events-000000.jsonl";

/** The segment file names of a trail directory, in reading order (none when it does not exist). */
export async function listSegmentNames(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fileCalls.readdir(dir);
  } catch (error) {
    if (hasCode(error, "ENOENT")) return [];
    throw error;
  }
  return names.filter((name) => name.endsWith(".jsonl")).sort();
}

/** The segment files of a trail directory (paths), in reading order. */
export async function listSegments(dir: string): Promise<string[]> {
  return (await listSegmentNames(dir)).map((name) => join(dir, name));
}

export async function currentSegment(dir: string): Promise<string> {
  const segments = await listSegments(dir);
  return segments.at(-1) ?? join(dir, FIRST_SEGMENT);
}

export async function ensureDir(dir: string): Promise<void> {
  await fileCalls.mkdir(dir, { recursive: true, mode: 0o700 });
}

export async function fileSize(path: string): Promise<number> {
  try {
    return (await fileCalls.stat(path)).size;
  } catch (error) {
    if (hasCode(error, "ENOENT")) return 0;
    throw error;
  }
}

/**
 * Streams the lines of the segments in order without loading them whole. A final line
 * without its newline is still yielded (it is reported by the verifier as torn, or repaired
 * by the writer). Chunks are decoded once (StringDecoder keeps multi-byte characters that
 * straddle a chunk boundary intact) and split as strings: much cheaper than a Buffer per line.
 */
export async function* readLines(dir: string): AsyncGenerator<string> {
  for await (const batch of readLineBatches(dir)) yield* batch;
}

/** The lines of the segments in order, a chunk's worth at a time (one await per chunk, not per line). */
export async function* readLineBatches(dir: string, chunkSize = 1 << 20): AsyncGenerator<string[]> {
  for (const path of await listSegments(dir)) {
    const handle = await fileCalls.open(path, "r");
    try {
      const decoder = new StringDecoder("utf8");
      const chunk = Buffer.allocUnsafe(chunkSize);
      let carry = "";
      for (;;) {
        const { bytesRead } = await handle.read(chunk, 0, chunkSize, null);
        if (bytesRead === 0) break;
        const text = carry + decoder.write(chunk.subarray(0, bytesRead));
        const lines = text.split("\n");
        carry = lines.pop()!;
        if (lines.length > 0) yield lines;
      }
      carry += decoder.end();
      if (carry.length > 0) yield [carry];
    } finally {
      await handle.close();
    }
  }
}
