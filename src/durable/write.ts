import { randomBytes } from "node:crypto";
import { basename, dirname, join } from "node:path";
import { TrailsealError } from "../errors/index.js";
import { fsyncDir } from "./dir.js";
import { open, rename, syncHandle, unlink } from "./fs.js";

/** What appendAll needs of an open file: a node:fs/promises FileHandle or a durable `Fd`. */
export interface WritableFile {
  write(bytes: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }>;
  sync(): Promise<void>;
  truncate(length: number): Promise<void>;
}

/**
 * Writes every byte of `bytes` through `handle` (at the current position, or the end for an
 * "a" handle). A single `write()` may write fewer bytes than asked (full disk, `ulimit -f`,
 * a signal) and still succeed: the loop keeps going until all are out, and a write that makes
 * no progress is an error rather than a busy loop.
 */
async function writeEvery(handle: WritableFile, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    if (bytesWritten <= 0) {
      throw Object.assign(new Error("the file system accepted no more bytes"), { code: "ENOSPC" });
    }
    offset += bytesWritten;
  }
}

/**
 * Appends `bytes` to the file open as `handle` and fsyncs it: on return every byte is durable.
 * `knownSize` is the file's size before this append (whole records only). On any failure the
 * file is truncated back to `knownSize`, so a reader never sees part of this append, and
 * DURABLE_WRITE_FAILED is thrown with the original error as `cause`: the caller must not
 * acknowledge anything of it.
 */
export async function appendAll(handle: WritableFile, bytes: Uint8Array, knownSize: number): Promise<void> {
  try {
    await writeEvery(handle, bytes);
    await syncHandle(handle);
  } catch (cause) {
    let truncated = true;
    try {
      await handle.truncate(knownSize);
      await syncHandle(handle);
    } catch {
      truncated = false; // the next writer's tail repair removes the partial record
    }
    throw new TrailsealError(
      "DURABLE_WRITE_FAILED",
      `could not write ${bytes.length} bytes (nothing of them kept)`,
      {
        cause,
        details: { knownSize, truncated },
        hint: "check free space, quotas and file size limits (ulimit -f) where the file lives",
      },
    );
  }
}

export interface WriteFileOptions {
  /** Permission bits of a newly created file (default 0o644; the umask applies). */
  mode?: number;
}

/**
 * Replaces `path` with `data` atomically and durably: a temporary file in the same directory
 * gets every byte and an fsync, is renamed over `path`, and the directory is fsync'd. A reader
 * sees the old content or the new, never a mix; after return, the new content survives a crash.
 * On failure the temporary file is removed and DURABLE_WRITE_FAILED is thrown (cause kept).
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: WriteFileOptions = {},
): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.tmp-${process.pid}-${randomBytes(6).toString("hex")}`);
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  try {
    const handle = await open(temp, "wx", options.mode ?? 0o644);
    try {
      await writeEvery(handle, bytes);
      await syncHandle(handle);
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (cause) {
    await unlink(temp).catch(() => undefined);
    throw new TrailsealError("DURABLE_WRITE_FAILED", `could not write ${path}`, {
      cause,
      hint: "check free space, quotas and permissions where the file lives",
    });
  }
  await fsyncDir(dir);
}
