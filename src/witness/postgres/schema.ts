/**
 * The database layout of the PostgreSQL witness log, as versioned migrations. Each migration
 * runs once, in order, in one transaction, under an advisory lock (replicas starting together
 * wait for each other instead of racing to create tables); `trailseal_migrations` records which
 * versions ran. A database migrated by a newer trailseal (a version this build does not know) is
 * refused rather than written with an older idea of the layout.
 *
 * Tables:
 * - `log_state`: one row — origin, verifier key, size, the latest signed checkpoint and the
 *   latest `witnessed_at`. Its row lock (`FOR UPDATE`) is the sequencer: whoever holds it
 *   appends the next batch at `size`.
 * - `log_entries`: one row per leaf — index, SHA-256 of the canonical request (idempotency),
 *   key id, and the leaf bytes (the canonical JSON of the stored anchor, as in the git log).
 * - `log_tiles`: the C2SP hash tiles, one row per (level, index) holding its current hashes
 *   (a partial tile grows in place; every width it had is a prefix of it).
 * - `cosign_state`: a C2SP witness's latest cosigned checkpoint per log origin.
 */
import type { ClientBase } from "pg";
import { TrailsealError } from "../../errors/index.js";

/** Advisory lock keys (two int4s: a namespace for trailseal, then the purpose). */
export const LOCK_NAMESPACE = 0x74736c67; // "tslg"
export const MIGRATION_LOCK = 1;
export const MIRROR_LOCK = 2;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "log",
    sql: `
      CREATE TABLE log_state (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        origin text NOT NULL,
        verifier_key text NOT NULL,
        size bigint NOT NULL DEFAULT 0 CHECK (size >= 0),
        checkpoint text,
        last_witnessed_at timestamptz
      );
      CREATE TABLE log_entries (
        idx bigint PRIMARY KEY CHECK (idx >= 0),
        request_digest bytea NOT NULL UNIQUE CHECK (length(request_digest) = 32),
        key_id text NOT NULL,
        entry bytea NOT NULL
      );
      CREATE TABLE log_tiles (
        level smallint NOT NULL CHECK (level >= 0),
        idx bigint NOT NULL CHECK (idx >= 0),
        hashes bytea NOT NULL CHECK (length(hashes) % 32 = 0 AND length(hashes) BETWEEN 32 AND 8192),
        PRIMARY KEY (level, idx)
      );`,
  },
  {
    version: 2,
    name: "latest anchor of a key id",
    sql: "CREATE INDEX log_entries_key_id ON log_entries (key_id, idx DESC);",
  },
  {
    version: 3,
    name: "witness state",
    // The latest checkpoint cosigned per log origin (`witness serve --cosign-logs`): one row per
    // origin, replaced only by compare-and-swap.
    sql: `
      CREATE TABLE cosign_state (
        origin text PRIMARY KEY,
        size bigint NOT NULL CHECK (size >= 0),
        root text NOT NULL,
        note text NOT NULL,
        cosignatures text
      );`,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/** Applies every migration the database lacks; returns the versions applied now. */
export async function migrate(client: ClientBase): Promise<number[]> {
  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock($1, $2)", [LOCK_NAMESPACE, MIGRATION_LOCK]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS trailseal_migrations (
         version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const current = await schemaVersion(client);
    const applied: number[] = [];
    for (const migration of MIGRATIONS) {
      if (migration.version <= current) continue;
      await client.query(migration.sql);
      await client.query("INSERT INTO trailseal_migrations (version, name) VALUES ($1, $2)", [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    await client.query("COMMIT");
    return applied;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/** The highest migration applied (0: none); refuses a database from a newer trailseal. */
export async function schemaVersion(client: ClientBase): Promise<number> {
  const exists = await client.query("SELECT to_regclass('trailseal_migrations') IS NOT NULL AS present");
  if (!exists.rows[0].present) return 0;
  const { rows } = await client.query(
    "SELECT coalesce(max(version), 0) AS version FROM trailseal_migrations",
  );
  const version = Number(rows[0].version);
  if (version > SCHEMA_VERSION)
    throw new TrailsealError(
      "WITNESS_STORAGE_SCHEMA",
      `the database is at schema version ${version}; this trailseal knows up to ${SCHEMA_VERSION}`,
      { hint: "upgrade trailseal on this replica: a newer one migrated the database" },
    );
  return version;
}
