/**
 * Export cursors: where each named scheduled export got to, so that every run sends each event
 * once. Stored in the home (`export-cursors.json`), replaced atomically and durably after the
 * destination acknowledged the records; a crash before that re-sends, never skips (at least once).
 */
import { GENESIS_HASH } from "../chain/index.js";
import { readTextIfExists, writeFileAtomic } from "../durable/index.js";
import { configError, TrailsealError } from "../errors/index.js";

export interface ExportCursor {
  /** The next seq to export. */
  next_seq: number;
  /** Hash of event `next_seq - 1` (genesis at 0): the next export's `prev`. */
  prev: string;
  updated_at: string;
}

interface CursorFile {
  version: 1;
  cursors: Record<string, ExportCursor>;
}

const NAME = /^[A-Za-z0-9._-]{1,64}$/;

export function assertCursorName(name: string): void {
  if (!NAME.test(name)) {
    throw configError("EXPORT_CURSOR_INVALID", `cursor name "${name}" is not 1-64 letters, digits, . _ -`);
  }
}

async function readCursorFile(path: string): Promise<CursorFile> {
  const text = await readTextIfExists(path);
  if (text === null) return { version: 1, cursors: {} };
  try {
    const parsed = JSON.parse(text) as CursorFile;
    if (parsed?.version === 1 && typeof parsed.cursors === "object" && parsed.cursors !== null) return parsed;
  } catch {
    // reported below
  }
  throw new TrailsealError("EXPORT_CURSOR_CORRUPT", `${path} is not a cursor file`, {
    hint: "remove it to export everything again from the start",
  });
}

export async function readCursor(path: string, name: string): Promise<ExportCursor> {
  const file = await readCursorFile(path);
  return file.cursors[name] ?? { next_seq: 0, prev: GENESIS_HASH, updated_at: "" };
}

export async function writeCursor(path: string, name: string, cursor: ExportCursor): Promise<void> {
  const file = await readCursorFile(path);
  file.cursors[name] = cursor;
  await writeFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
}
