import { randomBytes } from "node:crypto";
import { mkdir, open, readFile } from "node:fs/promises";
import { join } from "node:path";
import { acquireLock, appendAll, fsyncDir, type HeldLock, syncHandle } from "../../durable/index.js";
import { canonicalJson } from "../../encoding/index.js";
import { hasCode, TrailsealError } from "../../errors/index.js";
import { createGroupCommit } from "../group-commit/index.js";
import {
  ANCHOR_REQUEST_FIELDS,
  type AnchorRequest,
  type AnchorStorage,
  type StoredAnchor,
  storedAnchorSchema,
} from "../protocol/index.js";

export const ANCHORS_FILE = "anchors.jsonl";

export interface FileStorageOptions {
  now?: () => Date;
  /** Anchor id generator (tests); default `wit_` + 16 random URL-safe characters. */
  newAnchorId?: () => string;
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

async function lockStore(dir: string): Promise<HeldLock> {
  try {
    return await acquireLock(join(dir, ".witness.lock"), { staleMs: 15_000, timeoutMs: 0 });
  } catch (cause) {
    throw new TrailsealError("WITNESS_STORAGE_LOCKED", `${dir} is in use by another witness server`, {
      cause,
      hint: "run one server per store; the lock of a server that died is taken over at once",
    });
  }
}

/** Reads the whole lines of the log; returns them and the byte length they span (the torn tail excluded). */
async function readWholeLines(path: string): Promise<{ anchors: StoredAnchor[]; size: number }> {
  let text = "";
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (!hasCode(error, "ENOENT")) throw error;
  }
  const end = text.lastIndexOf("\n") + 1;
  const lines = text.slice(0, end).split("\n");
  lines.pop();
  const anchors = lines.map((line, index) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = undefined;
    }
    const anchor = storedAnchorSchema.safeParse(parsed);
    if (!anchor.success) {
      throw new TrailsealError(
        "WITNESS_STORAGE_CORRUPT",
        `${path} line ${index + 1} is not a stored anchor`,
        {},
      );
    }
    return anchor.data as StoredAnchor;
  });
  return { anchors, size: Buffer.byteLength(text.slice(0, end)) };
}

/**
 * The append-only file backend: `<dir>/anchors.jsonl`, one canonical-JSON stored anchor per
 * line, in log order. Invariants: one writer per directory (a lock held while open); an anchor
 * is visible (get/count/idempotent replay) only after its line is fsync'd; appends are grouped
 * (witness/group-commit). A write either puts out every byte and fsyncs, or the file is cut
 * back to its last whole line and nothing of the batch is acknowledged (durable `appendAll`);
 * a torn last line left by a crash (never acknowledged) is cut off on open.
 */
export async function openFileStorage(dir: string, options: FileStorageOptions = {}): Promise<AnchorStorage> {
  const now = options.now ?? (() => new Date());
  const newAnchorId = options.newAnchorId ?? (() => `wit_${randomBytes(12).toString("base64url")}`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const lock = await lockStore(dir);
  const release = () => lock.release();

  const path = join(dir, ANCHORS_FILE);
  const byId = new Map<string, StoredAnchor>();
  const byKey = new Map<string, StoredAnchor>();
  // The newest durable anchor of each key id (log order), for the latest-anchor question.
  const latestByKeyId = new Map<string, StoredAnchor>();
  let durableSize = 0;
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    const read = await readWholeLines(path);
    for (const stored of read.anchors) {
      byId.set(stored.anchor_id, stored);
      byKey.set(requestKey(stored), stored);
      latestByKeyId.set(stored.key_id, stored);
    }
    durableSize = read.size;
    handle = await open(path, "a+", 0o600);
    const { size } = await handle.stat();
    if (size > durableSize) {
      // The torn tail: bytes after the last newline were never acknowledged.
      await handle.truncate(durableSize);
      await syncHandle(handle);
    }
    if (read.size === 0) await fsyncDir(dir);
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }

  let broken: Error | null = null;
  let closed = false;

  const queue = createGroupCommit<AnchorRequest, StoredAnchor>({
    async flush(batch) {
      if (broken) throw broken;
      const witnessedAt = now().toISOString();
      let index = byId.size;
      const anchors = batch.map(
        (request): StoredAnchor => ({
          ...request,
          anchor_id: newAnchorId(),
          witnessed_at: witnessedAt,
          log_index: index++,
        }),
      );
      const bytes = Buffer.from(anchors.map((anchor) => `${canonicalJson(anchor)}\n`).join(""), "utf8");
      try {
        await appendAll(handle, bytes, durableSize);
      } catch (cause) {
        // appendAll cut the file back to `durableSize`; if it could not, the file may end in
        // part of this batch and nothing more may be appended until a restart repairs it.
        if ((cause as { details?: { truncated?: boolean } }).details?.truncated === false)
          broken = unavailable("the anchor log could not be repaired after a failed write", cause);
        throw unavailable("the anchor log could not be written", cause);
      }
      durableSize += bytes.length;
      return anchors.map((anchor, i) => {
        byId.set(anchor.anchor_id, anchor);
        byKey.set(requestKey(batch[i]!), anchor);
        latestByKeyId.set(anchor.key_id, anchor);
        return { value: anchor, created: true };
      });
    },
  });

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
      const { value, created } = await queue.submit(key, request);
      return { anchor: { ...value }, created };
    },
    async get(anchorId) {
      const anchor = byId.get(anchorId);
      return anchor ? { ...anchor } : null;
    },
    async latestForKey(keyId) {
      const anchor = latestByKeyId.get(keyId);
      return anchor ? { ...anchor } : null;
    },
    async count() {
      if (broken) throw broken;
      return byId.size;
    },
    async health() {
      return { backend: "file", entries: byId.size, ...queue.stats(), log_bytes: durableSize };
    },
    async close() {
      if (closed) return;
      closed = true;
      await queue.drain();
      await handle.close();
      await release().catch(() => undefined);
    },
  };
}
