/**
 * Group commit for the witness storage backends (the JSONL file and the git log), after
 * tessera's queue: requests that arrive while a batch is being written wait and go together
 * into the next one, so throughput grows with concurrency instead of being one fsync per
 * request. A backend supplies only `flush(batch)`, which must make the whole batch durable or
 * throw having kept none of it; the queue resolves every request of a batch with its result
 * or rejects them all with the flush's error.
 *
 * Invariants: one flush at a time, in arrival order; a request identical (same key) to one
 * still in flight is answered by that one with `created: false`, never written twice;
 * `drain()` returns once nothing is queued or being written.
 */

export interface Committed<T> {
  value: T;
  created: boolean;
}

export interface GroupCommitOptions<R, T> {
  /** Writes a batch durably; returns one result per request, in order. */
  flush(batch: readonly R[]): Promise<Committed<T>[]>;
  /** Largest batch handed to one flush (default 4096). */
  maxBatch?: number;
}

/** Counters every backend reports in its health body. */
export interface GroupCommitStats {
  /** Flushes that succeeded since the queue was created. */
  commits_since_start: number;
  /** Requests written by them (÷ commits is the mean batch size). */
  anchors_since_start: number;
}

export interface GroupCommit<R, T> {
  /** Queues `request` (identified by `key` for in-flight deduplication). */
  submit(key: string, request: R): Promise<Committed<T>>;
  /** Resolves when nothing is queued or in flight. */
  drain(): Promise<void>;
  stats(): GroupCommitStats;
}

interface Waiting<R, T> {
  key: string;
  request: R;
  resolve(result: Committed<T>): void;
  reject(error: unknown): void;
}

export function createGroupCommit<R, T>(options: GroupCommitOptions<R, T>): GroupCommit<R, T> {
  const maxBatch = options.maxBatch ?? 4096;
  const queue: Waiting<R, T>[] = [];
  const inFlight = new Map<string, Promise<Committed<T>>>();
  const stats: GroupCommitStats = { commits_since_start: 0, anchors_since_start: 0 };
  let running: Promise<void> | null = null;

  async function flushOne(batch: Waiting<R, T>[]): Promise<void> {
    try {
      const results = await options.flush(batch.map((w) => w.request));
      stats.commits_since_start += 1;
      stats.anchors_since_start += results.filter((r) => r.created).length;
      batch.forEach((waiting, i) => {
        waiting.resolve(results[i]!);
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      for (const waiting of batch) inFlight.delete(waiting.key);
    }
  }

  function kick(): void {
    if (running) return;
    running = (async () => {
      // Let the requests that arrive in this tick join the first batch.
      await new Promise((resolve) => setImmediate(resolve));
      while (queue.length > 0) await flushOne(queue.splice(0, maxBatch));
    })().finally(() => {
      running = null;
      if (queue.length > 0) kick();
    });
  }

  return {
    submit(key, request) {
      const pending = inFlight.get(key);
      if (pending) return pending.then(({ value }) => ({ value, created: false }));
      const promise = new Promise<Committed<T>>((resolve, reject) => {
        queue.push({ key, request, resolve, reject });
      });
      inFlight.set(key, promise);
      kick();
      return promise;
    },
    async drain() {
      while (running) await running;
    },
    stats: () => ({ ...stats }),
  };
}
