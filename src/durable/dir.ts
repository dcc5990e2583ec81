import { hasCode } from "../errors/index.js";
import { open, readFile, syncHandle } from "./fs.js";

/** fsync a directory, so that entries created or renamed in it are durable. */
export async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await syncHandle(handle);
  } finally {
    await handle.close();
  }
}

/** A file's text, or null when it does not exist; any other error is thrown. */
export async function readTextIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if (hasCode(error, "ENOENT")) return null;
    throw error;
  }
}
