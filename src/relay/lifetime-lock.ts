import { stat } from "node:fs/promises";
import { acquireLock, type HeldLock, ownerLiveness, parseOwner, readTextIfExists } from "../durable/index.js";
import { codeOf, TrailsealError } from "../errors/index.js";

/**
 * One relay per home: the daemon holds `<home>/relay.lock` (the durable cross-process lock,
 * docs/decisions/trail-lock.md) for its whole life. The lock's record names its holder (pid,
 * kernel start time, boot id), so "is a relay running" is a question about that very process:
 * a dead holder or a recycled pid is never taken for a live relay, whatever its command line
 * (the former pidfile trusted any process whose command line contained "relay", so a
 * `tail -f relay.log` kept a dead relay "running"). A holder that cannot be checked (another
 * host or pid namespace) counts as live while it keeps refreshing the lock.
 */

/** How long a lock whose holder cannot be checked stays valid without a refresh. */
const STALE_MS = 15_000;

/** Takes the relay lock for this process's lifetime; RELAY_ALREADY_RUNNING when a live relay holds it. */
export async function acquireRelayLock(path: string): Promise<HeldLock> {
  try {
    return await acquireLock(path, { timeoutMs: 0, staleMs: STALE_MS });
  } catch (cause) {
    const code = codeOf(cause);
    if (code === "DURABLE_LOCK_TIMEOUT") {
      const pid = (cause as { details?: { pid?: number } }).details?.pid;
      throw new TrailsealError(
        "RELAY_ALREADY_RUNNING",
        `a relay is already running for this home${pid ? ` (pid ${pid})` : ""}`,
        {
          cause,
          hint: "use `trailseal relay restart` to apply a new configuration, or `trailseal relay stop`",
        },
      );
    }
    throw new TrailsealError("RELAY_LOCK_FAILED", `could not take the relay lock ${path}`, { cause });
  }
}

export interface RelayHolder {
  pid: number;
  /** Whether that process holds the lock now (false: it died and left the lock behind). */
  alive: boolean;
}

/** Who holds the relay lock, and whether it is alive; null when no relay ever left a lock. */
export async function relayHolder(path: string): Promise<RelayHolder | null> {
  const text = await readTextIfExists(path).catch(() => null);
  if (text === null) return null;
  const owner = parseOwner(text);
  if (owner === null) return null; // being written, or not a lock record
  const liveness = ownerLiveness(owner);
  if (liveness !== "unknown") return { pid: owner.pid, alive: liveness === "alive" };
  const mtime = await stat(path).then(
    (info) => info.mtimeMs,
    () => 0,
  );
  return { pid: owner.pid, alive: Date.now() - mtime <= STALE_MS };
}

/** The pid of the running relay, or null. */
export async function runningRelayPid(path: string): Promise<number | null> {
  const holder = await relayHolder(path);
  return holder?.alive ? holder.pid : null;
}

/**
 * Removes a lock left by a relay that died (killed hard); returns its pid, or null when there
 * is none or its holder lives. Taking the lock over (it is stale) and releasing it removes it.
 */
export async function clearStaleRelayLock(path: string): Promise<number | null> {
  const holder = await relayHolder(path);
  if (holder === null || holder.alive) return null;
  try {
    const lock = await acquireLock(path, { timeoutMs: 0, staleMs: STALE_MS });
    await lock.release();
  } catch {
    return null; // a new relay took it meanwhile
  }
  return holder.pid;
}
