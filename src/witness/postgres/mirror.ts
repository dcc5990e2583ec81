/**
 * The public mirror of a database log: one replica at a time — the holder of a session-level
 * advisory lock on its own connection — copies committed entries, in order, into the git
 * transparency log (gitlog `openLogCopier`: signed commits, the writer lock on the repository,
 * pushed in the background). When the holder dies its connection closes, the database frees the
 * lock, and another replica's next try takes it over and continues from the mirror's branch
 * (fast-forwarded from the push remote first, when there is one).
 *
 * The lock alone is not trusted with the repository: the copier holds the git log's writer lock
 * and moves the branch only by compare-and-swap, and a push remote refuses a non-fast-forward,
 * so two replicas that both believe they lead (a connection cut mid-round) cannot fork the mirror.
 */
import pg from "pg";
import { type LogCopier, openLogCopier } from "../gitlog/index.js";
import type { StoredAnchor } from "../protocol/index.js";
import { LOCK_NAMESPACE, MIRROR_LOCK } from "./schema.js";

export interface MirrorPublisherOptions {
  url: string;
  /** The git log to copy into. */
  mirror: string;
  home: string;
  push?: string;
  /** Pause between rounds and between tries to lead (default 1 s). */
  intervalMs?: number;
  /** Entries per mirror commit at most (default 4096). */
  chunk?: number;
}

export interface MirrorStatus {
  /** This replica holds the lock and writes the mirror. */
  leader: boolean;
  /** Entries in the mirror when this replica last wrote or read it (null: never led). */
  mirror_size: number | null;
  head: string | null;
  last_error: string | null;
  last_round_at: string | null;
  push?: unknown;
}

export interface MirrorPublisher {
  status(): MirrorStatus;
  /** Starts a round now (after the one running, if any); resolves when that round is done. */
  poke(): Promise<void>;
  stop(): Promise<void>;
}

export function startMirrorPublisher(options: MirrorPublisherOptions): MirrorPublisher {
  const intervalMs = options.intervalMs ?? 1_000;
  const chunk = options.chunk ?? 4096;
  let client: pg.Client | null = null;
  let copier: LogCopier | null = null;
  let stopped = false;
  let wake: (() => void) | null = null;
  /** poke() callers, answered at the end of the next round that starts after they asked. */
  const waiting: (() => void)[] = [];
  const status: MirrorStatus = {
    leader: false,
    mirror_size: null,
    head: null,
    last_error: null,
    last_round_at: null,
  };

  async function resign(): Promise<void> {
    const [held, session] = [copier, client];
    copier = null;
    client = null;
    status.leader = false;
    await held?.close().catch(() => undefined);
    // Ending the session frees the advisory lock.
    await session?.end().catch(() => undefined);
  }

  async function tryToLead(): Promise<boolean> {
    const session = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5_000 });
    session.on("error", () => undefined);
    await session.connect();
    const { rows } = await session.query("SELECT pg_try_advisory_lock($1, $2) AS ok", [
      LOCK_NAMESPACE,
      MIRROR_LOCK,
    ]);
    if (!rows[0].ok) {
      await session.end().catch(() => undefined);
      return false;
    }
    client = session;
    try {
      copier = await openLogCopier(options.mirror, { home: options.home, push: options.push });
    } catch (error) {
      await resign();
      throw error;
    }
    status.leader = true;
    return true;
  }

  async function round(): Promise<void> {
    if (!copier && !(await tryToLead())) return;
    const session = client!;
    const writer = copier!;
    // On the lock's own session: if it was cut (and the lock freed), this fails and we resign.
    const { rows } = await session.query("SELECT size FROM log_state");
    const size = Number(rows[0]?.size ?? 0);
    if (writer.size > size)
      throw new Error(`the mirror holds ${writer.size} entries, more than the database's ${size}`);
    while (writer.size < size && !stopped) {
      const from = writer.size;
      const to = Math.min(size, from + chunk);
      const batch = await session.query(
        "SELECT entry FROM log_entries WHERE idx >= $1 AND idx < $2 ORDER BY idx",
        [from, to],
      );
      const anchors = batch.rows.map((row) => JSON.parse(row.entry.toString("utf8")) as StoredAnchor);
      // The commit carries the database's time (its last entry's witnessed_at), not this
      // replica's clock: the mirror's history reads the same whichever replica wrote it.
      await writer.append(anchors, new Date(anchors.at(-1)!.witnessed_at));
    }
    status.mirror_size = writer.size;
    status.head = writer.head;
  }

  const loop = (async () => {
    while (!stopped) {
      const answered = waiting.splice(0);
      try {
        await round();
        status.last_error = null;
      } catch (error) {
        status.last_error = (error as Error).message;
        await resign();
      }
      status.last_round_at = new Date().toISOString();
      for (const done of answered) done();
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, intervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
    await resign();
    for (const done of waiting.splice(0)) done();
  })();

  return {
    status: () => ({ ...status, ...(copier?.push() ? { push: copier.push() } : {}) }),
    poke() {
      return new Promise<void>((resolve) => {
        if (stopped) return resolve();
        waiting.push(resolve);
        wake?.();
      });
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
