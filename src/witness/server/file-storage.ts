import { randomBytes } from "node:crypto";
import { mkdir, open, readFile } from "node:fs/promises";
import { join } from "node:path";
import { acquireLock, fsyncDir, type HeldLock } from "../../durable/index.js";
import { canonicalJson } from "../../encoding/index.js";
import { TrailsealError } from "../../errors/index.js";
import {
  ANCHOR_REQUEST_FIELDS,
  type AnchorRequest,
  type StoredAnchor,
  storedAnchorSchema,
} from "../protocol/index.js";
import type { AnchorStorage } from "./storage.js";

export const ANCHORS_FILE = "anchors.jsonl";

export interface FileStorageOptions {
  now?: () => Date;
  /** Anchor id generator (tests); default `wit_` + 16 random URL-safe characters. */
  newAnchorId?: () => string;
}

interface Pending {
  request: AnchorRequest;
  key: string;
  resolve: (anchor: StoredAnchor) => void;
  reject: (error: unknown) => void;
}

function unavailable(message: string, cause?: unknown): TrailsealError {
  return new TrailsealError("WITNESS_STORAGE_UNAVAILABLE", message, { cause });
}

/** Identity of a request for idempotency: the canonical JSON of exactly the protocol fields. */
function requestKey(request: AnchorRequest): string {
  const picked: Record<string, unknown> = {};
  for (const field of ANCHOR_REQUEST_FIELDS) picked[field] = request[field];
  return canonicalJson(picked);
}

/**
 * The append-only file backend: `<dir>/anchors.jsonl`, one canonical-JSON stored anchor per
 * line, in log order. Invariants: one writer per directory (a lock held while open); an anchor
 * is visible (get/count/idempotent replay) only after its line is fsync'd; appends that arrive
 * while a write is in flight are written and fsync'd together (group commit), so throughput
 * grows with concurrency instead of being one fsync per request. A torn last line (crash
 * mid-write, never acknowledged) is cut off on open.
 */
export async function openFileStorage(dir: string, options: FileStorageOptions = {}): Promise<AnchorStorage> {
  const now = options.now ?? (() => new Date());
  const newAnchorId = options.newAnchorId ?? (() => `wit_${randomBytes(12).toString("base64url")}`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let lock: HeldLock;
  try {
    lock = await acquireLock(join(dir, ".witness.lock"), { staleMs: 15_000, timeoutMs: 0 });
  } catch (cause) {
    throw new TrailsealError("WITNESS_STORE_LOCKED", `${dir} is in use by another witness server`, {
      cause,
      exitCode: 2,
      hint: "run one server per store; the lock of a server that died is taken over at once",
    });
  }
  const release = () => lock.release();

  const path = join(dir, ANCHORS_FILE);
  const byId = new Map<string, StoredAnchor>();
  const byKey = new Map<string, StoredAnchor>();
  let durableSize = 0;
  try {
    let text = "";
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    const end = text.lastIndexOf("\n") + 1;
    const lines = text.slice(0, end).split("\n");
    lines.pop();
    lines.forEach((line, index) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = undefined;
      }
      const anchor = storedAnchorSchema.safeParse(parsed);
      if (!anchor.success) {
        throw new TrailsealError(
          "WITNESS_STORE_CORRUPT",
          `${path} line ${index + 1} is not a stored anchor`,
          {
            exitCode: 1,
          },
        );
      }
      const stored = anchor.data as StoredAnchor;
      byId.set(stored.anchor_id, stored);
      byKey.set(requestKey(stored), stored);
    });
    durableSize = Buffer.byteLength(text.slice(0, end));
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }

  const created = durableSize === 0;
  const handle = await open(path, "a+", 0o600);
  const { size } = await handle.stat();
  if (size > durableSize) {
    // The torn tail: bytes after the last newline were never acknowledged.
    await handle.truncate(durableSize);
    await handle.sync();
  }
  if (created) await fsyncDir(dir);

  const queue: Pending[] = [];
  const pendingByKey = new Map<string, Promise<StoredAnchor>>();
  let flushing: Promise<void> | null = null;
  let broken: Error | null = null;
  let closed = false;
  /** Write+fsync rounds since open: anchors ÷ commits is the group-commit batch size. */
  let commits = 0;

  async function writeBatch(batch: Pending[]): Promise<void> {
    const witnessedAt = now().toISOString();
    let index = byId.size;
    const anchors = batch.map(
      (pending): StoredAnchor => ({
        ...pending.request,
        anchor_id: newAnchorId(),
        witnessed_at: witnessedAt,
        log_index: index++,
      }),
    );
    const bytes = Buffer.from(anchors.map((anchor) => `${canonicalJson(anchor)}\n`).join(""), "utf8");
    try {
      await handle.write(bytes, 0, bytes.length);
      await handle.sync();
    } catch (cause) {
      // Take the partial write back so the file holds only acknowledged anchors.
      try {
        await handle.truncate(durableSize);
        await handle.sync();
      } catch {
        broken = unavailable("the anchor log could not be repaired after a failed write", cause);
      }
      const error = unavailable("the anchor log could not be written", cause);
      for (const pending of batch) pending.reject(error);
      return;
    }
    durableSize += bytes.length;
    commits += 1;
    batch.forEach((pending, i) => {
      const anchor = anchors[i]!;
      byId.set(anchor.anchor_id, anchor);
      byKey.set(pending.key, anchor);
      pending.resolve(anchor);
    });
  }

  function scheduleFlush(): void {
    if (flushing) return;
    flushing = (async () => {
      // Let the requests that arrived in this tick join the first batch.
      await new Promise((resolve) => setImmediate(resolve));
      while (queue.length > 0) await writeBatch(queue.splice(0));
    })().finally(() => {
      flushing = null;
      if (queue.length > 0) scheduleFlush();
    });
  }

  return {
    async append(request) {
      if (closed) throw unavailable("the anchor store is closed");
      if (broken) throw broken;
      const lockLost = lock.lost();
      if (lockLost)
        throw unavailable("the store lock was lost (another process took the directory)", lockLost);
      const key = requestKey(request);
      const existing = byKey.get(key);
      if (existing) return { anchor: { ...existing }, created: false };
      const inFlight = pendingByKey.get(key);
      if (inFlight) return { anchor: { ...(await inFlight) }, created: false };
      const promise = new Promise<StoredAnchor>((resolve, reject) => {
        queue.push({ request, key, resolve, reject });
      });
      pendingByKey.set(key, promise);
      scheduleFlush();
      try {
        return { anchor: { ...(await promise) }, created: true };
      } finally {
        pendingByKey.delete(key);
      }
    },
    async get(anchorId) {
      const anchor = byId.get(anchorId);
      return anchor ? { ...anchor } : null;
    },
    async count() {
      if (broken) throw broken;
      return byId.size;
    },
    async health() {
      return { storage: "file", log_bytes: durableSize, commits_since_start: commits };
    },
    async close() {
      if (closed) return;
      closed = true;
      while (flushing) await flushing;
      await handle.close();
      await release().catch(() => undefined);
    },
  };
}
