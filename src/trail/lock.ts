import { join } from "node:path";
import lockfile from "proper-lockfile";
import { TrailsealError } from "../errors/index.js";

/**
 * Cross-process mutual exclusion for a directory (mkdir-based, via proper-lockfile).
 * A holder that died (SIGKILL, power loss) stops refreshing the lock's mtime; after
 * `staleMs` the next writer takes it over.
 */
export async function withDirLock<T>(dir: string, work: () => Promise<T>, staleMs = 5_000): Promise<T> {
  let compromised: Error | null = null;
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, {
      lockfilePath: join(dir, ".lock"),
      realpath: false,
      stale: staleMs,
      update: Math.max(1_000, Math.floor(staleMs / 3)),
      retries: { retries: 400, factor: 1.3, minTimeout: 2, maxTimeout: 60, randomize: true },
      onCompromised: (error) => {
        compromised = error;
      },
    });
  } catch (cause) {
    throw new TrailsealError("TRAIL_LOCK_TIMEOUT", `could not lock ${dir}`, {
      cause,
      hint: "another trailseal process holds the lock; if none is running it expires within seconds",
    });
  }
  try {
    const result = await work();
    if (compromised) {
      throw new TrailsealError("TRAIL_LOCK_LOST", `lost the lock on ${dir} while writing`, {
        cause: compromised,
      });
    }
    return result;
  } finally {
    await release().catch(() => undefined);
  }
}
