/**
 * The PostgreSQL backend of the witness server (`witness serve --store postgres://…`): one
 * transparency log in one database, written by any number of replicas, as tessera keeps a log
 * in MySQL or Spanner. Invariants:
 * - Sequencing happens in the database: each replica's group-commit queue hands it a batch, and
 *   the batch is appended in one transaction holding the `log_state` row lock, so indices,
 *   tiles and the signed checkpoint come out as one tree whichever replica answered.
 * - An append resolves only after COMMIT (synchronous_commit as the server sets it: on by
 *   default); a failed transaction leaves nothing, and the replica rebuilds its in-memory tree.
 * - Idempotency is a unique SHA-256 of the canonical request: a replay, here or on another
 *   replica, returns the original anchor.
 * - `witnessed_at` is the database's clock, never earlier than the last one: a replica with a
 *   skewed clock cannot put the log's timestamps out of order.
 * - Each replica keeps the tree's hashes in memory (32 bytes a leaf at level 0) to sign
 *   checkpoints and prove inclusion; what another replica appended it adopts from the
 *   database, checked against the checkpoint that replica signed.
 */
import { createHash } from "node:crypto";
import pg from "pg";
import { hasCode, TrailsealError } from "../../errors/index.js";
import { type NoteSigner, parseTilePath, proveInclusion, TlogWriter, verifierKey } from "../../tlog/index.js";
import { canonicalRequest, type LogKey, layout } from "../gitlog/index.js";
import { createGroupCommit } from "../group-commit/index.js";
import { type AnchorRequest, type AnchorStorage, logEntryOf, type StoredAnchor } from "../protocol/index.js";
import { readLogFile, snapshotReader } from "./log-files.js";
import { migrate, SCHEMA_VERSION } from "./schema.js";

export interface PostgresStorageOptions {
  /** `postgres://…` (libpq-style parameters, e.g. `?host=/socket/dir`). */
  url: string;
  /** The log's identity: its origin and signing key (from the git log that mirrors it). */
  origin: string;
  key: LogKey;
  /** Largest number of entries in one transaction. */
  maxBatch?: number;
  /** Connections per replica (default 8). */
  poolSize?: number;
}

export interface PostgresStorage extends AnchorStorage {
  /** The pool, shared with the mirror publisher. */
  readonly pool: pg.Pool;
  readLogFile(path: string): Promise<Uint8Array | null>;
}

function unavailable(message: string, cause?: unknown): TrailsealError {
  return new TrailsealError("WITNESS_STORAGE_UNAVAILABLE", message, { cause });
}

function digestOf(request: AnchorRequest): Buffer {
  return createHash("sha256").update(canonicalRequest(request)).digest();
}

/** Catch-up reads of entries another replica appended, this many rows a query. */
const CATCH_UP_ROWS = 8192;

export async function openPostgresStorage(options: PostgresStorageOptions): Promise<PostgresStorage> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 8,
    connectionTimeoutMillis: 5_000,
  });
  // An idle connection cut by a database restart must not crash the process: the pool drops it
  // and the next query opens a new one (or fails with 503 while the database is down).
  pool.on("error", () => undefined);
  // pg also emits 'error' on a checked-out client whose connection drops (besides failing its
  // query): without a listener that would end the process. The failed query is what we act on.
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
  const signer: NoteSigner = {
    name: options.origin,
    privateKey: options.key.privateKey,
    publicKey: options.key.publicKey,
  };
  const key = verifierKey(options.origin, options.key.publicKey);
  try {
    const client = await pool.connect().catch((cause) => {
      throw unavailable("the database cannot be reached", cause);
    });
    try {
      await migrate(client);
      await client.query(
        "INSERT INTO log_state (origin, verifier_key) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING",
        [options.origin, key],
      );
      const { rows } = await client.query("SELECT origin, verifier_key FROM log_state");
      if (rows[0].origin !== options.origin || rows[0].verifier_key !== key)
        throw new TrailsealError(
          "WITNESS_STORAGE_MISMATCH",
          `the database holds the log "${rows[0].origin}", not "${options.origin}" with this key`,
          { hint: "one database per log: point --store at the database of this log" },
        );
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }

  let writer: TlogWriter | null = null;
  /** The newest committed tree this replica has: GET proves inclusion against it. */
  let durable: { size: number; checkpoint: string | undefined } = { size: 0, checkpoint: undefined };
  let closed = false;

  /** One writer use at a time (flushes, catch-ups): a promise chain. */
  let tail: Promise<unknown> = Promise.resolve();
  function exclusive<T>(run: () => Promise<T>): Promise<T> {
    const result = tail.then(run);
    tail = result.catch(() => undefined);
    return result;
  }

  /** Rebuilds the tree from one snapshot of the database (start-up, and after a failed transaction). */
  async function loadWriter(): Promise<TlogWriter> {
    const client = await pool.connect();
    try {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      const loaded = await TlogWriter.open(await snapshotReader(client), { origin: options.origin });
      await client.query("COMMIT");
      durable = { size: loaded.size, checkpoint: loaded.checkpoint };
      return loaded;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Takes in what other replicas committed up to `size` (its checkpoint `note`). */
  async function adoptUpTo(db: pg.PoolClient | pg.Pool, current: TlogWriter, size: number, note: string) {
    while (current.size < size) {
      const from = current.size;
      const to = Math.min(size, from + CATCH_UP_ROWS);
      const { rows } = await db.query(
        "SELECT entry FROM log_entries WHERE idx >= $1 AND idx < $2 ORDER BY idx",
        [from, to],
      );
      if (rows.length !== to - from)
        throw new TrailsealError("WITNESS_STORAGE_CORRUPT", `entries ${from}..${to - 1} are missing`);
      const entries = rows.map((row) => new Uint8Array(row.entry as Buffer));
      // Only the last chunk has a checkpoint to check against; earlier chunks are checked with it.
      current.adopt(entries, to === size ? note : undefined);
    }
  }

  async function currentWriter(): Promise<TlogWriter> {
    writer ??= await loadWriter();
    return writer;
  }

  /** Brings this replica's tree up to what the database has committed. */
  function catchUp(): Promise<TlogWriter> {
    return exclusive(async () => {
      const current = await currentWriter();
      const { rows } = await pool.query("SELECT size, checkpoint FROM log_state");
      const size = Number(rows[0].size);
      if (size > current.size) {
        try {
          await adoptUpTo(pool, current, size, rows[0].checkpoint);
        } catch (error) {
          writer = null;
          throw error;
        }
        durable = { size: current.size, checkpoint: current.checkpoint };
      }
      return current;
    });
  }

  async function flush(batch: readonly AnchorRequest[]) {
    return exclusive(async () => {
      const current = await currentWriter().catch((cause) => {
        throw unavailable("the log cannot be read from the database", cause);
      });
      const client = await pool.connect().catch((cause) => {
        throw unavailable("the database cannot be reached", cause);
      });
      let failed = false;
      try {
        await client.query("BEGIN");
        // The sequencer: one appender at a time across every replica.
        const state = await client.query(
          `SELECT size, checkpoint,
                  greatest(clock_timestamp(), coalesce(last_witnessed_at, '-infinity')) AS now
             FROM log_state FOR UPDATE`,
        );
        const size = Number(state.rows[0].size);
        if (size < current.size)
          throw new TrailsealError(
            "WITNESS_STORAGE_CORRUPT",
            `the database's log has ${size} entries, fewer than the ${current.size} this replica saw`,
          );
        await adoptUpTo(client, current, size, state.rows[0].checkpoint);
        const witnessedAt = (state.rows[0].now as Date).toISOString();

        const digests = batch.map(digestOf);
        const known = new Map<string, StoredAnchor>();
        const existing = await client.query(
          "SELECT request_digest, entry FROM log_entries WHERE request_digest = ANY($1::bytea[])",
          [digests],
        );
        for (const row of existing.rows)
          known.set((row.request_digest as Buffer).toString("hex"), JSON.parse(row.entry.toString("utf8")));

        const results: { value: StoredAnchor; created: boolean }[] = [];
        const fresh: { idx: number; digest: Buffer; keyId: string; line: Buffer }[] = [];
        for (const [i, request] of batch.entries()) {
          const hex = digests[i]!.toString("hex");
          const stored = known.get(hex);
          if (stored) {
            results.push({ value: stored, created: false });
            continue;
          }
          const canonical = canonicalRequest(request);
          const idx = size + fresh.length;
          const anchor = {
            ...JSON.parse(canonical),
            anchor_id: layout.formatAnchorId(idx, hex),
            witnessed_at: witnessedAt,
          } as StoredAnchor;
          fresh.push({
            idx,
            digest: digests[i]!,
            keyId: request.key_id,
            line: Buffer.from(logEntryOf(anchor)),
          });
          known.set(hex, anchor);
          results.push({ value: anchor, created: true });
        }
        if (fresh.length > 0) {
          const changes = current.append(
            fresh.map((f) => f.line),
            signer,
          );
          const tiles = { level: [] as number[], idx: [] as number[], hashes: [] as Buffer[] };
          for (const [path, bytes] of changes) {
            const tile = parseTilePath(path);
            if (!tile || tile.level === "entries") continue;
            tiles.level.push(tile.level);
            tiles.idx.push(tile.index);
            tiles.hashes.push(Buffer.from(bytes));
          }
          await client.query(
            `INSERT INTO log_entries (idx, request_digest, key_id, entry)
               SELECT * FROM unnest($1::bigint[], $2::bytea[], $3::text[], $4::bytea[])`,
            [
              fresh.map((f) => f.idx),
              fresh.map((f) => f.digest),
              fresh.map((f) => f.keyId),
              fresh.map((f) => f.line),
            ],
          );
          await client.query(
            `INSERT INTO log_tiles (level, idx, hashes)
               SELECT * FROM unnest($1::smallint[], $2::bigint[], $3::bytea[])
               ON CONFLICT (level, idx) DO UPDATE SET hashes = EXCLUDED.hashes`,
            [tiles.level, tiles.idx, tiles.hashes],
          );
          await client.query("UPDATE log_state SET size = $1, checkpoint = $2, last_witnessed_at = $3", [
            current.size,
            current.checkpoint,
            witnessedAt,
          ]);
        }
        await client.query("COMMIT");
        durable = { size: current.size, checkpoint: current.checkpoint };
        return results;
      } catch (cause) {
        failed = true;
        await client.query("ROLLBACK").catch(() => undefined);
        // Whatever was adopted or appended in memory may not match the database: rebuild.
        writer = null;
        if (hasCode(cause, "WITNESS_STORAGE_CORRUPT")) throw cause;
        throw unavailable("the database could not be written", cause);
      } finally {
        client.release(failed);
      }
    });
  }

  const queue = createGroupCommit<AnchorRequest, StoredAnchor>({ flush, maxBatch: options.maxBatch ?? 4096 });
  await exclusive(currentWriter);

  async function anchorAt(anchorId: string): Promise<StoredAnchor | null> {
    const parsed = layout.parseAnchorId(anchorId);
    if (!parsed) return null;
    const { rows } = await pool.query("SELECT entry FROM log_entries WHERE idx = $1", [parsed.index]);
    if (rows.length === 0) return null;
    const anchor = JSON.parse(rows[0].entry.toString("utf8")) as StoredAnchor;
    return anchor.anchor_id === anchorId ? anchor : null;
  }

  return {
    pool,
    async append(request) {
      if (closed) throw unavailable("the log is closed");
      const { value, created } = await queue.submit(canonicalRequest(request), request);
      return { anchor: value, created };
    },
    get: anchorAt,
    async latestForKey(keyId) {
      // Committed rows only: everything another transaction can see is durable.
      const { rows } = await pool.query(
        "SELECT entry FROM log_entries WHERE key_id = $1 ORDER BY idx DESC LIMIT 1",
        [keyId],
      );
      return rows.length === 0 ? null : (JSON.parse(rows[0].entry.toString("utf8")) as StoredAnchor);
    },
    async inclusionEvidence(anchor, evidenceOptions) {
      const index = layout.parseAnchorId(anchor.anchor_id)?.index;
      if (index === undefined) return null;
      // Every replica proves against the database's newest checkpoint, so they answer alike.
      const current = await catchUp();
      const at = durable;
      if (at.checkpoint === undefined || index >= at.size) return null;
      const evidence: Record<string, unknown> = {
        ...proveInclusion(current, index, { size: at.size, checkpoint: at.checkpoint }),
      };
      const from = evidenceOptions?.consistencyFrom;
      if (from !== undefined && Number.isSafeInteger(from) && from >= 1 && from <= at.size)
        evidence.consistency_proof = current
          .consistencyProof(from, at.size)
          .map((hash) => Buffer.from(hash).toString("base64"));
      return evidence;
    },
    async count() {
      const { rows } = await pool.query("SELECT size FROM log_state");
      return Number(rows[0].size);
    },
    async health() {
      const { rows } = await pool.query("SELECT size FROM log_state");
      return {
        backend: "postgres",
        entries: Number(rows[0].size),
        ...queue.stats(),
        origin: options.origin,
        verifier_key: key,
        schema_version: SCHEMA_VERSION,
        replica_tree_size: durable.size,
      };
    },
    readLogFile: (path) => readLogFile(pool, path),
    async close() {
      if (closed) return;
      closed = true;
      await queue.drain();
      await tail;
      await pool.end().catch(() => undefined);
    },
  };
}
