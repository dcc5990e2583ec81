import { createHash } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { withLock, writeFileAtomic } from "../../durable/index.js";
import { TrailsealError } from "../../errors/index.js";

/** The latest checkpoint a witness cosigned for one log (tlog-witness: all it must remember). */
export interface WitnessedCheckpoint {
  origin: string;
  size: number;
  /** Base64 root hash. */
  root: string;
  /** The signed checkpoint note as received. */
  note: string;
}

/**
 * Per-origin witness state. `update` is the compare-and-swap: `decide` sees the current record
 * and returns the next one (or none to keep it); the next record is durable before `update`
 * returns, and no other update of the same origin (in this process or another) runs meanwhile,
 * so two requests can never both build on the same old size (the rollback race of the spec).
 */
export interface CosignStateStore {
  read(origin: string): Promise<WitnessedCheckpoint | null>;
  update<T>(
    origin: string,
    decide: (current: WitnessedCheckpoint | null) => { next?: WitnessedCheckpoint; result: T },
  ): Promise<T>;
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
    typeof record.note !== "string"
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
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
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
    update(origin, decide) {
      return serialize(origin, async () => {
        ready ??= mkdir(dir, { recursive: true, mode: 0o700 });
        await ready;
        const file = fileOf(origin);
        return withLock(`${file}.lock`, async () => {
          const { next, result } = decide(await read(origin));
          if (next) await writeFileAtomic(file, `${JSON.stringify(next)}\n`, { mode: 0o600 });
          return result;
        });
      });
    },
  };
}

/** The same contract in memory (tests and benchmarks of the protocol logic). */
export function memoryCosignState(): CosignStateStore {
  const records = new Map<string, WitnessedCheckpoint>();
  let tail: Promise<unknown> = Promise.resolve();
  return {
    async read(origin) {
      return records.get(origin) ?? null;
    },
    update(origin, decide) {
      const run = tail.then(() => {
        const { next, result } = decide(records.get(origin) ?? null);
        if (next) records.set(origin, next);
        return result;
      });
      tail = run.catch(() => undefined);
      return run;
    },
  };
}
