/**
 * The log's C2SP files (tlog-checkpoint, tlog-tiles: hash tiles and entry bundles) read out of
 * the database, for the writer's start-up and for every replica's HTTP answers. Only what a
 * committed transaction wrote is ever read, so every replica serves the same files.
 */
import type { Pool, PoolClient } from "pg";
import { CHECKPOINT_PATH, entryBundle, HASH_SIZE, parseTilePath, TILE_WIDTH } from "../../tlog/index.js";

type Queryable = Pool | PoolClient;

/** `checkpoint`, `tile/<L>/<N>[.p/<W>]` or `tile/entries/<N>[.p/<W>]`; null when absent. */
export async function readLogFile(db: Queryable, path: string): Promise<Uint8Array | null> {
  if (path === CHECKPOINT_PATH) {
    const { rows } = await db.query("SELECT checkpoint FROM log_state");
    const note = rows[0]?.checkpoint as string | null | undefined;
    return note ? Buffer.from(note, "utf8") : null;
  }
  const tile = parseTilePath(path);
  if (!tile) return null;
  if (tile.level === "entries") {
    const first = tile.index * TILE_WIDTH;
    const { rows } = await db.query(
      "SELECT entry FROM log_entries WHERE idx >= $1 AND idx < $2 ORDER BY idx",
      [first, first + tile.width],
    );
    return rows.length === tile.width ? entryBundle(rows.map((row) => row.entry as Buffer)) : null;
  }
  const { rows } = await db.query("SELECT hashes FROM log_tiles WHERE level = $1 AND idx = $2", [
    tile.level,
    tile.index,
  ]);
  const hashes = rows[0]?.hashes as Buffer | undefined;
  // A partial tile grows in place: every narrower width it had is a prefix of it.
  if (!hashes || hashes.length < tile.width * HASH_SIZE) return null;
  return new Uint8Array(hashes.subarray(0, tile.width * HASH_SIZE));
}

/**
 * A reader of one consistent snapshot for TlogWriter.open: the caller holds a REPEATABLE READ
 * transaction on `client`. The level-0 tiles, which the writer reads all of, come in one query.
 */
export async function snapshotReader(
  client: PoolClient,
): Promise<(path: string) => Promise<Uint8Array | null>> {
  const { rows } = await client.query("SELECT idx, hashes FROM log_tiles WHERE level = 0");
  const level0 = new Map<number, Buffer>(rows.map((row) => [Number(row.idx), row.hashes as Buffer]));
  return async (path) => {
    const tile = parseTilePath(path);
    if (tile && tile.level === 0) {
      const hashes = level0.get(tile.index);
      return hashes && hashes.length >= tile.width * HASH_SIZE
        ? new Uint8Array(hashes.subarray(0, tile.width * HASH_SIZE))
        : null;
    }
    return readLogFile(client, path);
  };
}
