import { StringDecoder } from "node:string_decoder";
import { fileCalls } from "../durable/index.js";
import { archivedLineBatches, emptyRead, planTrail } from "./sources.js";

/**
 * Streams the lines of the trail in order without loading them whole: the archives' lines
 * (decompressed), then the live segments'. A final line without its newline is still yielded
 * (it is reported by the verifier as torn, or repaired by the writer). Chunks are decoded once
 * (StringDecoder keeps multi-byte characters that straddle a chunk boundary intact) and split
 * as strings: much cheaper than a Buffer per line.
 */
export async function* readLines(dir: string): AsyncGenerator<string> {
  for await (const batch of readLineBatches(dir)) yield* batch;
}

/**
 * The lines of the trail in order, a chunk's worth at a time (one await per chunk, not per
 * line). An archive that is missing or damaged is skipped here: views are not the integrity
 * check, `verifyTrail` is (and names it).
 */
export async function* readLineBatches(dir: string, chunkSize = 1 << 20): AsyncGenerator<string[]> {
  const plan = await planTrail(dir);
  for (const archive of plan.archives) {
    if (!archive.present) continue;
    yield* readArchivedLines(archive.path);
  }
  for (const { path, from } of plan.live) {
    const handle = await fileCalls.open(path, "r");
    try {
      const decoder = new StringDecoder("utf8");
      const chunk = Buffer.allocUnsafe(chunkSize);
      let carry = "";
      let position = from;
      for (;;) {
        const { bytesRead } = await handle.read(chunk, 0, chunkSize, position);
        if (bytesRead === 0) break;
        position += bytesRead;
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

/** The lines of one archive (decompressed), a chunk's worth at a time; a damaged gzip just ends them. */
export async function* readArchivedLines(path: string): AsyncGenerator<string[]> {
  for await (const lines of archivedLineBatches(path, emptyRead()))
    yield lines.map((line) => line.toString("utf8"));
}
