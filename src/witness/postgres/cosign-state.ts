/**
 * The witness state of `witness serve --cosign-logs` (the latest checkpoint cosigned per log
 * origin) in PostgreSQL, so that several witness replicas share one memory of what they signed:
 * the `CosignStateStore` contract (read, compare-and-swap) that the file store implements too.
 * A swap is one statement — an INSERT that does nothing if a row exists, or an UPDATE that
 * matches only the expected record — so exactly one of racing writers wins, durably at COMMIT,
 * and the others read again (tlog-witness: never two cosignatures built on one old size).
 */
import pg from "pg";
import { TrailsealError } from "../../errors/index.js";
import type { CosignStateStore, WitnessedCheckpoint } from "../cosign/index.js";
import { migrate } from "./schema.js";

export interface PostgresCosignState extends CosignStateStore {
  close(): Promise<void>;
}

export async function openPostgresCosignState(url: string): Promise<PostgresCosignState> {
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 5_000 });
  pool.on("error", () => undefined);
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
  try {
    const client = await pool.connect();
    try {
      await migrate(client);
    } finally {
      client.release();
    }
  } catch (cause) {
    await pool.end().catch(() => undefined);
    if (cause instanceof TrailsealError) throw cause;
    throw new TrailsealError("WITNESS_STORAGE_UNAVAILABLE", "the database cannot be reached", { cause });
  }
  return {
    async read(origin) {
      const { rows } = await pool.query(
        "SELECT origin, size, root, note, cosignatures FROM cosign_state WHERE origin = $1",
        [origin],
      );
      if (rows.length === 0) return null;
      const row = rows[0];
      const record: WitnessedCheckpoint = {
        origin: row.origin,
        size: Number(row.size),
        root: row.root,
        note: row.note,
      };
      if (row.cosignatures !== null) record.cosignatures = row.cosignatures;
      return record;
    },
    async compareAndSwap(origin, expected, next) {
      const values = [origin, next.size, next.root, next.note, next.cosignatures ?? null];
      if (expected === null) {
        const { rowCount } = await pool.query(
          `INSERT INTO cosign_state (origin, size, root, note, cosignatures) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (origin) DO NOTHING`,
          values,
        );
        return rowCount === 1;
      }
      // The same record as `sameCheckpoint` means it: origin, size, root and note.
      if (expected.origin !== origin) return false;
      const { rowCount } = await pool.query(
        `UPDATE cosign_state SET size = $2, root = $3, note = $4, cosignatures = $5
           WHERE origin = $1 AND size = $6 AND root = $7 AND note = $8`,
        [...values, expected.size, expected.root, expected.note],
      );
      return rowCount === 1;
    },
    close: () => pool.end(),
  };
}
