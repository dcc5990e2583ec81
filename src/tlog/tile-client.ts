/**
 * A tiled-log client over HTTP: reads the checkpoint, O(log n) tiles and one entry bundle from a
 * base URL (a static server, or a git host's raw file URLs) and verifies one entry — no clone.
 * `fetch` is injected; every response is size-capped before it is buffered.
 */
import { type Checkpoint, openCheckpoint } from "./checkpoint.js";
import { tlogError } from "./errors.js";
import { MAX_NOTE_BYTES, type VerifierKey } from "./note.js";
import { inclusionFromTiles, type TileInclusion } from "./tile-reader.js";
import { MAX_ENTRY_BYTES, TILE_WIDTH } from "./tiles.js";
import { CHECKPOINT_PATH, type ReadLogFile } from "./writer.js";

const MAX_METADATA_BYTES = 64 * 1024;

export type FetchLike = (
  url: string,
  init?: { signal?: AbortSignal; headers?: Record<string, string> },
) => Promise<Response>;

export interface HttpReadStats {
  requests: number;
  /** Body bytes received (after any HTTP content decoding). */
  bytes: number;
}

export interface HttpReader {
  read: ReadLogFile;
  stats: HttpReadStats;
}

function capFor(path: string): number {
  if (path === CHECKPOINT_PATH) return MAX_NOTE_BYTES;
  if (path.startsWith("tile/entries/")) return TILE_WIDTH * (2 + MAX_ENTRY_BYTES);
  if (path.startsWith("tile/")) return TILE_WIDTH * 32;
  // Anything else (a log's own metadata file, e.g.) is small.
  return MAX_METADATA_BYTES;
}

async function readCapped(response: Response, cap: number, url: string): Promise<Uint8Array> {
  // Content-Length counts encoded bytes (gzip of hashes is larger than the hashes): only an
  // unencoded body can be refused up front; the decoded stream is capped below either way.
  const encoding = response.headers.get("content-encoding");
  const declared =
    !encoding || encoding === "identity" ? Number(response.headers.get("content-length") ?? "0") : 0;
  if (declared > cap) throw tlogError("TLOG_FETCH_FAILED", `${url} is larger than ${cap} bytes`);
  if (!response.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.length;
    if (total > cap) throw tlogError("TLOG_FETCH_FAILED", `${url} is larger than ${cap} bytes`);
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** A `read(path)` over HTTP GET of `<base>/<path>`: 404 → null, other failures → TLOG_FETCH_FAILED. */
export function httpReader(
  baseUrl: string,
  options: { fetch?: FetchLike; timeoutMs?: number } = {},
): HttpReader {
  const fetchFn = options.fetch ?? (globalThis.fetch as FetchLike);
  const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  try {
    new URL(base);
  } catch (cause) {
    throw tlogError("TLOG_FETCH_FAILED", `"${baseUrl}" is not a URL`, { cause });
  }
  const stats: HttpReadStats = { requests: 0, bytes: 0 };
  const read: ReadLogFile = async (path) => {
    const url = new URL(path, base).toString();
    stats.requests++;
    let response: Response;
    try {
      response = await fetchFn(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
    } catch (cause) {
      throw tlogError("TLOG_FETCH_FAILED", `GET ${url} failed`, { cause });
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw tlogError("TLOG_FETCH_FAILED", `GET ${url} answered ${response.status}`);
    }
    const bytes = await readCapped(response, capFor(path), url);
    stats.bytes += bytes.length;
    return bytes;
  };
  return { read, stats };
}

/** Reads and verifies the log's current checkpoint. */
export async function readCheckpoint(
  read: ReadLogFile,
  key: string | VerifierKey,
  origin?: string,
): Promise<{ checkpoint: Checkpoint; note: string }> {
  const bytes = await read(CHECKPOINT_PATH);
  if (!bytes)
    throw tlogError("TLOG_TILE_MISSING", "the log has no checkpoint", {
      hint: "is this the raw base URL of a tiled log?",
    });
  return openCheckpoint(bytes, key, origin);
}

export interface TileVerification extends TileInclusion {
  checkpoint: Checkpoint;
  note: string;
}

/** Verifies entry `index` under the log's current signed checkpoint, from tiles only. */
export async function verifyEntryByTiles(options: {
  read: ReadLogFile;
  key: string | VerifierKey;
  index: number;
  origin?: string;
}): Promise<TileVerification> {
  const { checkpoint, note } = await readCheckpoint(options.read, options.key, options.origin);
  const inclusion = await inclusionFromTiles(options.read, checkpoint, options.index);
  return { ...inclusion, checkpoint, note };
}
