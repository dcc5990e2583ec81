import { createHash } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { withLock, writeFileAtomic } from "../../durable/index.js";
import { hasCode, TrailsealError } from "../../errors/index.js";

/** The latest checkpoint a witness cosigned for one log (tlog-witness: all it must remember). */
export interface WitnessedCheckpoint {
  origin: string;
  size: number;
  /** Base64 root hash. */
  root: string;
  /** The signed checkpoint note as received. */
  note: string;
  /**
   * The cosignature lines returned for it (served by the monitoring API); absent in records
   * written before the monitoring API existed.
   */
  cosignatures?: string;
}

/**
 * Per-origin witness state: the whole persistence contract a backend implements (files here; a
 * database can join by passing test/witness/cosign/state-contract.ts), after transparency-dev's
 * witness. `compareAndSwap` stores `next` only if the origin's record is still `expected` (null:
 * none yet), durably before it resolves true; it resolves false and writes nothing when another
 * writer got there first. So two requests can never both build on the same old size (the
 * rollback race of the spec): the loser reads again (updateCosignState) and is refused.
 */
export interface CosignStateStore {
  read(origin: string): Promise<WitnessedCheckpoint | null>;
  compareAndSwap(
    origin: string,
    expected: WitnessedCheckpoint | null,
    next: WitnessedCheckpoint,
  ): Promise<boolean>;
}

/** Whether two records are the same witnessed checkpoint (null: none). */
export function sameCheckpoint(a: WitnessedCheckpoint | null, b: WitnessedCheckpoint | null): boolean {
  if (a === null || b === null) return a === b;
  return a.origin === b.origin && a.size === b.size && a.root === b.root && a.note === b.note;
}

/** Rounds of read-decide-swap before giving up: each lost round means another writer moved on. */
const MAX_ROUNDS = 100;

/**
 * The read-decide-swap loop over any store: `decide` sees the current record and returns the
 * next one (or none to keep it) and a result, or throws (a refusal). When another writer swapped
 * first, the record is read again and `decide` runs on it.
 */
export async function updateCosignState<T>(
  store: CosignStateStore,
  origin: string,
  decide: (current: WitnessedCheckpoint | null) => { next?: WitnessedCheckpoint; result: T },
): Promise<T> {
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const current = await store.read(origin);
    const { next, result } = decide(current);
    if (!next || (await store.compareAndSwap(origin, current, next))) return result;
  }
  throw unavailable(`the witness state for "${origin}" kept changing under ${MAX_ROUNDS} updates`);
}

function unavailable(message: string, cause?: unknown) {
  return new TrailsealError("COSIGN_STATE_UNAVAILABLE", message, cause === undefined ? {} : { cause });
}

function parseRecord(text: string, origin: string): WitnessedCheckpoint {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw unavailable(`witness state for "${origin}" is not JSON`, cause);
  }
  const record = value as Partial<WitnessedCheckpoint>;
  if (
    typeof record !== "object" ||
    record === null ||
    record.origin !== origin ||
    !Number.isSafeInteger(record.size) ||
    typeof record.root !== "string" ||
    typeof record.note !== "string" ||
    (record.cosignatures !== undefined && typeof record.cosignatures !== "string")
  )
    throw unavailable(`witness state for "${origin}" is not a witnessed checkpoint`);
  return record as WitnessedCheckpoint;
}

/**
 * One JSON file per origin (`<dir>/<sha256(origin)>.json`), replaced with writeFileAtomic (temp
 * file, fsync, rename, fsync dir), updated under an in-process queue and a cross-process lock
 * file. A record that cannot be read is an error, never "no record": treating it as empty
 * would let a log roll the witness back.
 */
export function openFileCosignState(dir: string): CosignStateStore {
  const queues = new Map<string, Promise<unknown>>();
  const fileOf = (origin: string) =>
    join(dir, `${createHash("sha256").update(origin, "utf8").digest("hex")}.json`);
  let ready: Promise<unknown> | null = null;

  async function read(origin: string): Promise<WitnessedCheckpoint | null> {
    let text: string;
    try {
      text = await readFile(fileOf(origin), "utf8");
    } catch (error) {
      if (hasCode(error, "ENOENT")) return null;
      throw unavailable(`cannot read the witness state for "${origin}"`, error);
    }
    return parseRecord(text, origin);
  }

  function serialize<T>(origin: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(origin) ?? Promise.resolve();
    const run = previous.then(work, work);
    const settled = run.catch(() => undefined);
    queues.set(origin, settled);
    void settled.then(() => {
      if (queues.get(origin) === settled) queues.delete(origin);
    });
    return run;
  }

  return {
    read,
    compareAndSwap(origin, expected, next) {
      return serialize(origin, async () => {
        ready ??= mkdir(dir, { recursive: true, mode: 0o700 });
        await ready;
        const file = fileOf(origin);
        return withLock(`${file}.lock`, async () => {
          if (!sameCheckpoint(await read(origin), expected)) return false;
          await writeFileAtomic(file, `${JSON.stringify(next)}\n`, { mode: 0o600 });
          return true;
        });
      });
    },
  };
}

/** The same contract in memory (tests and benchmarks of the protocol logic). */
export function memoryCosignState(): CosignStateStore {
  const records = new Map<string, WitnessedCheckpoint>();
  return {
    async read(origin) {
      const record = records.get(origin);
      return record ? { ...record } : null;
    },
    async compareAndSwap(origin, expected, next) {
      if (!sameCheckpoint(records.get(origin) ?? null, expected)) return false;
      records.set(origin, { ...next });
      return true;
    },
  };
}
