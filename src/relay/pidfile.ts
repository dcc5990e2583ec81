import { readFileSync } from "node:fs";
import { open, unlink } from "node:fs/promises";
import { readTextIfExists, withLock } from "../durable/index.js";
import { TrailsealError } from "../errors/index.js";

/**
 * One relay per home: `<home>/relay.pid` holds the daemon's pid. Taking it is a short critical
 * section under a lock (`relay.pid.lock`), so two `relay start` racing cannot both win. A
 * pidfile whose process is gone (or whose pid now belongs to an unrelated program) is stale
 * and is replaced.
 */

/** Whether `pid` is a live process that looks like a trailseal relay. */
export function isRelayProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive but not ours to signal, which still means "running".
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // Pid reuse: on Linux, a live pid whose command line has no "relay" is someone else's.
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return cmdline.includes("relay");
  } catch {
    return true;
  }
}

export async function readPidfile(path: string): Promise<number | null> {
  const text = await readTextIfExists(path);
  if (text === null) return null;
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

/** The pid of the running relay, or null (no pidfile, or a stale one). */
export async function runningRelayPid(path: string): Promise<number | null> {
  const pid = await readPidfile(path);
  return pid !== null && isRelayProcessAlive(pid) ? pid : null;
}

async function withPidLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  try {
    return await withLock(`${path}.lock`, work, { staleMs: 5_000, timeoutMs: 5_000 });
  } catch (cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === "DURABLE_LOCK_TIMEOUT" || code === "DURABLE_LOCK_FAILED")
      throw new TrailsealError("RELAY_LOCK_TIMEOUT", `could not lock ${path}`, { cause });
    throw cause;
  }
}

/** Claims the pidfile for `pid`; throws RELAY_ALREADY_RUNNING when a live relay holds it. */
export async function acquirePidfile(path: string, pid: number): Promise<{ replacedStale: number | null }> {
  return withPidLock(path, async () => {
    const existing = await readPidfile(path);
    if (existing !== null && existing !== pid && isRelayProcessAlive(existing)) {
      throw new TrailsealError(
        "RELAY_ALREADY_RUNNING",
        `a relay is already running for this home (pid ${existing})`,
        {
          hint: "use `trailseal relay restart` to apply a new configuration, or `trailseal relay stop`",
        },
      );
    }
    const handle = await open(path, "w", 0o644);
    try {
      await handle.writeFile(`${pid}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return { replacedStale: existing !== null && existing !== pid ? existing : null };
  });
}

/** Removes the pidfile if it still names `pid` (a successor's pidfile is left alone). */
export async function releasePidfile(path: string, pid: number): Promise<void> {
  await withPidLock(path, async () => {
    if ((await readPidfile(path)) === pid) await unlink(path).catch(() => undefined);
  });
}

/** Removes a stale pidfile; returns the dead pid it named, if any. */
export async function clearStalePidfile(path: string): Promise<number | null> {
  return withPidLock(path, async () => {
    const pid = await readPidfile(path);
    if (pid === null || isRelayProcessAlive(pid)) return null;
    await unlink(path).catch(() => undefined);
    return pid;
  });
}
