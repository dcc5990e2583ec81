import {
  closeSync,
  fstatSync,
  futimesSync,
  openSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { codeOf, hasCode, TrailsealError } from "../errors/index.js";
import {
  type LockOwner,
  markHeld,
  newOwner,
  ownerLiveness,
  parseOwner,
  serializeOwner,
} from "./lock-owner.js";

/**
 * Cross-process mutual exclusion on one host, without dependencies (docs/decisions/trail-lock.md).
 * Invariants: the lock is a file created with O_EXCL holding its owner's record (pid, kernel
 * start time, boot id, pid namespace, token); a lock is stale only if its owner is provably
 * dead, or, when that cannot be checked (no /proc, another host or namespace, unreadable
 * record), if its mtime, which a live holder refreshes every staleMs/3, is older than staleMs;
 * a stale lock is removed only under a second O_EXCL file (`<lock>.steal`) after re-reading it,
 * so two waiters that saw the same stale lock cannot both remove a successor's lock; release
 * removes the lock only if it is still our inode. All file operations are synchronous, so no
 * other code of this process runs between a check and the action it justifies.
 */

export interface LockOptions {
  /**
   * Age limit for a lock whose owner cannot be checked (see above). A live holder refreshes
   * its lock's mtime every staleMs/3, so it is not stolen unless its event loop stalls that long.
   */
  staleMs?: number;
  /** How long to wait for a held lock before DURABLE_LOCK_TIMEOUT; 0 tries once. */
  timeoutMs?: number;
  /** Tests: judge every owner by age alone, as on a platform without /proc. */
  procChecks?: boolean;
  /** Tests: called between judging a lock stale and removing it (widens the steal race). */
  onStale?: () => void;
}

export interface HeldLock {
  readonly path: string;
  /** Set when the lock file was removed or replaced under us (only after a stall of > staleMs). */
  lost(): Error | null;
  /** Removes the lock if it is still ours; idempotent. */
  release(): Promise<void>;
}

const DEFAULT_STALE_MS = 5_000;
const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 25;
/** How long release waits for a busy `.steal` guard before removing its lock without it. */
const RELEASE_GUARD_WAIT_MS = 1_000;

interface Resolved {
  staleMs: number;
  timeoutMs: number;
  procChecks: boolean;
  onStale: (() => void) | undefined;
}

interface Snapshot {
  dev: number;
  ino: number;
  mtimeMs: number;
  owner: LockOwner | null;
}

const errno = (error: unknown) => codeOf(error);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Creates `path` exclusively with `owner`'s record; the fd, or null when it already exists. */
function tryCreate(path: string, owner: LockOwner): number | null {
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o644);
  } catch (error) {
    if (errno(error) === "EEXIST") return null;
    throw error;
  }
  try {
    writeSync(fd, serializeOwner(owner));
  } catch (error) {
    closeSync(fd);
    removePath(path);
    throw error;
  }
  return fd;
}

/** The lock at `path` as one consistent view (inode, mtime and record from one open), or null. */
function inspect(path: string): Snapshot | null {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    const code = errno(error);
    if (code === "ENOENT") return null;
    if (code !== "EISDIR" && code !== "EACCES" && code !== "EPERM") throw error;
    // A directory (a proper-lockfile lock of an older version) or a record we may not read.
    const stat = statOrNull(path);
    return stat && { dev: stat.dev, ino: stat.ino, mtimeMs: stat.mtimeMs, owner: null };
  }
  try {
    const stat = fstatSync(fd);
    const owner = stat.isFile() ? parseOwner(readFileSync(fd, "utf8")) : null;
    return { dev: stat.dev, ino: stat.ino, mtimeMs: stat.mtimeMs, owner };
  } finally {
    closeSync(fd);
  }
}

function statOrNull(path: string) {
  try {
    return statSync(path);
  } catch (error) {
    if (errno(error) === "ENOENT") return null;
    throw error;
  }
}

function removePath(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    const code = errno(error);
    if (code === "ENOENT") return;
    if (code !== "EISDIR" && code !== "EPERM") throw error;
    rmdirSync(path);
  }
}

function isStale(snapshot: Snapshot, options: Resolved): boolean {
  const liveness = ownerLiveness(snapshot.owner, options.procChecks);
  if (liveness !== "unknown") return liveness === "dead";
  return Date.now() - snapshot.mtimeMs > options.staleMs;
}

function sameLock(a: Snapshot, b: Snapshot): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.owner?.token === b.owner?.token;
}

/** Whether the file at `path` is still the one open as `fd`. */
/**
 * Refreshes the lock's mtime on our inode, never on a successor's file. Node's permission model
 * (`--permission`) refuses fd-based calls like futimes: there the path is touched, after checking
 * that it is still ours (a successor can only appear once our lock went stale, and touching a live
 * successor's lock only confirms what it says).
 */
function touch(path: string, fd: number): void {
  const now = new Date();
  try {
    futimesSync(fd, now, now);
  } catch (error) {
    if (!hasCode(error, "ERR_ACCESS_DENIED") || !isStillOurs(path, fd)) throw error;
    utimesSync(path, now, now);
  }
}

function isStillOurs(path: string, fd: number): boolean {
  const mine = fstatSync(fd);
  const now = statOrNull(path);
  return now !== null && now.dev === mine.dev && now.ino === mine.ino;
}

/**
 * Runs `critical` holding `<path>.steal`; false when another live process holds it. A stale
 * guard (its holder died within the few microseconds it is held) is removed first.
 */
function underGuard(path: string, options: Resolved, critical: () => void): boolean {
  const guardPath = `${path}.steal`;
  const owner = newOwner();
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const fd = tryCreate(guardPath, owner);
    if (fd === null) {
      const guard = inspect(guardPath);
      if (guard !== null && !isStale(guard, options)) return false;
      // Not atomic with respect to another waiter doing the same: see the decision's limits.
      if (guard !== null) removePath(guardPath);
      continue;
    }
    markHeld(owner, true);
    try {
      critical();
    } finally {
      markHeld(owner, false);
      if (isStillOurs(guardPath, fd)) removePath(guardPath);
      closeSync(fd);
    }
    return true;
  }
  return false;
}

/** Removes `seen` if, re-read under the guard, it is still that same stale lock. */
function removeStale(path: string, seen: Snapshot, options: Resolved): boolean {
  options.onStale?.();
  return underGuard(path, options, () => {
    const now = inspect(path);
    if (now !== null && sameLock(now, seen) && isStale(now, options)) removePath(path);
  });
}

function resolveOptions(options: LockOptions): Resolved {
  return {
    staleMs: options.staleMs ?? DEFAULT_STALE_MS,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    procChecks: options.procChecks ?? true,
    onStale: options.onStale,
  };
}

function hold(path: string, fd: number, owner: LockOwner, options: Resolved): HeldLock {
  markHeld(owner, true);
  let lost: Error | null = null;
  let released = false;
  const refresh = setInterval(
    () => {
      try {
        touch(path, fd);
        if (!isStillOurs(path, fd)) throw new Error("the lock file was removed or replaced");
      } catch (cause) {
        lost ??= new TrailsealError("DURABLE_LOCK_LOST", `lost the lock ${path}`, { cause });
        clearInterval(refresh);
      }
    },
    Math.max(10, Math.floor(options.staleMs / 3)),
  );
  refresh.unref();
  return {
    path,
    lost: () => lost,
    async release() {
      if (released) return;
      released = true;
      clearInterval(refresh);
      markHeld(owner, false);
      const removeIfOurs = () => {
        if (isStillOurs(path, fd)) removePath(path);
      };
      try {
        const deadline = Date.now() + RELEASE_GUARD_WAIT_MS;
        while (!underGuard(path, options, removeIfOurs)) {
          if (Date.now() >= deadline) {
            removeIfOurs();
            break;
          }
          await sleep(1);
        }
      } finally {
        closeSync(fd);
      }
    },
  };
}

/**
 * Takes the lock file `path` (its directory must exist), waiting with backoff up to
 * `timeoutMs`; throws DURABLE_LOCK_TIMEOUT when a live holder keeps it that long.
 */
export async function acquireLock(path: string, options: LockOptions = {}): Promise<HeldLock> {
  const resolved = resolveOptions(options);
  const deadline = Date.now() + resolved.timeoutMs;
  const owner = newOwner();
  let backoff = 1;
  for (;;) {
    let seen: Snapshot | null;
    try {
      const fd = tryCreate(path, owner);
      if (fd !== null) return hold(path, fd, owner, resolved);
      seen = inspect(path);
      if (seen === null) continue; // released meanwhile
      if (isStale(seen, resolved) && removeStale(path, seen, resolved)) continue;
    } catch (cause) {
      throw new TrailsealError("DURABLE_LOCK_FAILED", `cannot take the lock ${path}`, { cause });
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new TrailsealError(
        "DURABLE_LOCK_TIMEOUT",
        `could not lock ${path} within ${resolved.timeoutMs} ms`,
        {
          details: seen.owner ? { pid: seen.owner.pid, host: seen.owner.host } : undefined,
          hint: "another process holds the lock; the lock of a holder that died is taken over at once (or after its age limit where that cannot be checked)",
        },
      );
    }
    await sleep(Math.min(left, backoff * (0.5 + Math.random() / 2)));
    backoff = Math.min(backoff * 1.5, MAX_BACKOFF_MS);
  }
}

/** Runs `work` holding the lock file `path`; throws DURABLE_LOCK_LOST if the lock was lost meanwhile. */
export async function withLock<T>(
  path: string,
  work: () => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const lock = await acquireLock(path, options);
  try {
    const result = await work();
    const lost = lock.lost();
    if (lost) throw lost;
    return result;
  } finally {
    await lock.release().catch(() => undefined);
  }
}

/**
 * Runs `work` holding `<dir>/.lock`. A number as third argument is `staleMs` (the former
 * signature).
 */
export async function withDirLock<T>(
  dir: string,
  work: () => Promise<T>,
  options: number | LockOptions = {},
): Promise<T> {
  return withLock(join(dir, ".lock"), work, typeof options === "number" ? { staleMs: options } : options);
}
