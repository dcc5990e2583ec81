/**
 * The PostgreSQL witness log (`witness serve --store postgres://… --mirror <git log>`): several
 * replicas of the witness server append to one log kept in one database (storage.ts: sequencing
 * in the database, a 201 only after COMMIT); every replica serves the log's C2SP checkpoint and
 * tiles; the git transparency log named by `--mirror` gives the log its origin and signing key
 * and stays its public copy. Schema changes are versioned migrations (schema.ts).
 */
import pg from "pg";
import { TrailsealError } from "../../errors/index.js";
import { LogState, loadLogKey, resolveGitDir } from "../gitlog/index.js";
import { type MirrorPublisher, startMirrorPublisher } from "./mirror.js";
import { migrate } from "./schema.js";
import { openPostgresStorage, type PostgresStorage } from "./storage.js";

export type { PostgresCosignState } from "./cosign-state.js";
export { openPostgresCosignState } from "./cosign-state.js";
export type { MirrorPublisher, MirrorStatus } from "./mirror.js";
export { MIGRATIONS, SCHEMA_VERSION } from "./schema.js";
export type { PostgresStorage, PostgresStorageOptions } from "./storage.js";

/** True for a `postgres://` or `postgresql://` store. */
export function isPostgresUrl(store: string): boolean {
  return /^postgres(ql)?:\/\//i.test(store);
}

/** The log's storage, and its mirror publisher unless `publishMirror: false`. */
export type PostgresLog = PostgresStorage & { mirror?: MirrorPublisher };

export interface OpenPostgresLogOptions {
  home: string;
  /** The git transparency log that names this log and mirrors it. */
  mirror: string;
  /** A git remote the elected replica pushes the mirror to. */
  push?: string;
  /** Copy into the mirror when elected (default true). */
  publishMirror?: boolean;
  /** Pause between mirror rounds (default 1 s). */
  mirrorIntervalMs?: number;
}

/** Opens the log in the database `url` as the git log `mirror` names it (origin, key). */
export async function openPostgresLog(
  url: string,
  options: OpenPostgresLogOptions,
): Promise<PostgresStorage> {
  const gitdir = resolveGitDir(options.mirror);
  const state = await LogState.open(gitdir);
  const key = await loadLogKey(options.home, state.publicKey);
  const storage = await openPostgresStorage({ url, origin: state.metadata.origin, key });
  const size = await storage.count().catch(async (error) => {
    await storage.close();
    throw error;
  });
  if (state.size > size) {
    await storage.close();
    throw new TrailsealError(
      "WITNESS_STORAGE_MISMATCH",
      `the mirror ${options.mirror} holds ${state.size} entries, the database ${size}`,
      {
        hint: "start a database log from an empty mirror (`trailseal witness init`), or give it this log's database",
      },
    );
  }
  if (options.publishMirror === false) return storage;
  const publisher = startMirrorPublisher({
    url,
    mirror: gitdir,
    home: options.home,
    ...(options.push ? { push: options.push } : {}),
    ...(options.mirrorIntervalMs ? { intervalMs: options.mirrorIntervalMs } : {}),
  });
  const log: PostgresLog = {
    ...storage,
    mirror: publisher,
    async health() {
      return { ...(await storage.health()), mirror: publisher.status() };
    },
    async close() {
      await publisher.stop();
      await storage.close();
    },
  };
  return log;
}

/** `witness serve --migrate`: applies the migrations the database lacks; returns them. */
export async function migrateDatabase(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on("error", () => undefined); // a dropped connection fails the query in progress
  try {
    await client.connect();
  } catch (cause) {
    throw new TrailsealError("WITNESS_STORAGE_UNAVAILABLE", "the database cannot be reached", { cause });
  }
  try {
    return await migrate(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
