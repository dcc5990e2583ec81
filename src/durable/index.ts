/**
 * File-system primitives for things that must survive a crash, shared by every store
 * (trail, seal store, witness backends, git log objects, pins, the relay's pidfile).
 * Invariant: a file or directory entry counts as written only after its fsync.
 */
import { open, readFile } from "node:fs/promises";

/** fsync a directory, so that entries created or renamed in it are durable. */
export async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A file's text, or null when it does not exist; any other error is thrown. */
export async function readTextIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
