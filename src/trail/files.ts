import { join } from "node:path";
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
