/**
 * The file calls of the durable code, the trail, the home and the policy cache, on node:fs
 * callbacks. They run on every agent hook call, and `node:fs/promises` costs ~0.7 ms to load
 * there (it loads readline and the file watchers with it; docs/decisions/hook-code-cache.md).
 * Same results and errors as fs/promises (the same system calls, the same `code`s); `Fd` has the
 * subset of FileHandle's methods these modules use, with the same meaning: `write` may write
 * fewer bytes than asked and says how many, `sync` is fsync.
 *
 * A one-shot process that has nothing else to run while it waits (the hook and `record` fast
 * paths) calls `useSynchronousCalls()`: each call then makes its system call directly instead
 * of through libuv's thread pool, which saves a round trip to the pool per call (~2 ms a hook
 * call). The same system calls in the same order, the same results and errors, still as
 * promises; a server never switches. fsync stays on the pool (`Fd.sync`).
 */
// Named imports: a namespace import makes the bundle copy all ~100 exports of node:fs on load.
import {
  chmod as chmodCallback,
  chmodSync,
  close,
  closeSync,
  fstat,
  fstatSync,
  fsync,
  ftruncate,
  ftruncateSync,
  mkdir as mkdirCallback,
  mkdirSync,
  open as openCallback,
  openSync,
  read,
  readdir as readdirCallback,
  readdirSync,
  readFile as readFileCallback,
  readFileSync,
  readSync,
  rename as renameCallback,
  renameSync,
  type Stats,
  stat as statCallback,
  statSync,
  unlink as unlinkCallback,
  unlinkSync,
  write,
  writeSync,
} from "node:fs";

type Callback<T> = (error: NodeJS.ErrnoException | null, value: T) => void;

let synchronous = false;

/** From now on, this process's file calls run synchronously (see above). */
export function useSynchronousCalls(): void {
  synchronous = true;
}

function call<T>(direct: () => T, start: (done: Callback<T>) => void): Promise<T> {
  if (synchronous) {
    try {
      return Promise.resolve(direct());
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return new Promise((resolve, reject) => start((error, value) => (error ? reject(error) : resolve(value))));
}

const noValue =
  (done: Callback<void>) =>
  (error: NodeJS.ErrnoException | null): void =>
    done(error, undefined);

/** An open file descriptor: the FileHandle methods the durable code uses. */
export class Fd {
  constructor(readonly fd: number) {}

  write(bytes: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }> {
    return call<number>(
      () => writeSync(this.fd, bytes, offset, length, null),
      (done) => write(this.fd, bytes, offset, length, null, done),
    ).then((bytesWritten) => ({
      bytesWritten,
    }));
  }

  read(
    buffer: Uint8Array,
    offset: number,
    length: number,
    position: number | null,
  ): Promise<{ bytesRead: number }> {
    return call<number>(
      () => readSync(this.fd, buffer, offset, length, position),
      (done) => read(this.fd, buffer, offset, length, position, done),
    ).then((bytesRead) => ({
      bytesRead,
    }));
  }

  /** Writes all of `text` (UTF-8) from the current position, as FileHandle.writeFile does. */
  async writeFile(text: string): Promise<void> {
    const bytes = Buffer.from(text, "utf8");
    for (let offset = 0; offset < bytes.length; ) {
      const { bytesWritten } = await this.write(bytes, offset, bytes.length - offset);
      if (bytesWritten <= 0)
        throw Object.assign(new Error("the file system accepted no more bytes"), { code: "ENOSPC" });
      offset += bytesWritten;
    }
  }

  /**
   * fsync, always on the thread pool: it is the call that can stall for seconds (a busy disk,
   * a network file system), and meanwhile a held lock's refresh timer must keep running, or a
   * writer that can only judge the lock by its age would take it over.
   */
  sync(): Promise<void> {
    return new Promise((resolve, reject) =>
      fsync(this.fd, (error) => (error && !fsyncForbidden(error) ? reject(error) : resolve())),
    );
  }

  truncate(length: number): Promise<void> {
    return call<void>(
      () => ftruncateSync(this.fd, length),
      (done) => ftruncate(this.fd, length, noValue(done)),
    );
  }

  stat(): Promise<Stats> {
    return call<Stats>(
      () => fstatSync(this.fd),
      (done) => fstat(this.fd, done),
    );
  }

  close(): Promise<void> {
    return call<void>(
      () => closeSync(this.fd),
      (done) => close(this.fd, noValue(done)),
    );
  }
}

/** An open file: a durable `Fd`, or a node:fs/promises FileHandle under Node's permission model. */
export type OpenFile = Pick<Fd, "write" | "read" | "writeFile" | "sync" | "truncate" | "stat" | "close">;

export async function open(path: string, flags: string, mode?: number): Promise<OpenFile> {
  // Node's permission model (--permission) disables fd-based callback calls such as fsync
  // ("fsync API is disabled"), while FileHandle's methods keep working there.
  if ((process as { permission?: unknown }).permission)
    return (await import("node:fs/promises")).open(path, flags, mode);
  return new Fd(
    await call<number>(
      () => openSync(path, flags, mode),
      (done) => openCallback(path, flags, mode, done),
    ),
  );
}

export function stat(path: string): Promise<Stats> {
  return call<Stats>(
    () => statSync(path),
    (done) => statCallback(path, done),
  );
}

export function readdir(path: string): Promise<string[]> {
  return call<string[]>(
    () => readdirSync(path),
    (done) => readdirCallback(path, done),
  );
}

export function readFile(path: string, encoding: "utf8"): Promise<string> {
  return call<string>(
    () => readFileSync(path, encoding),
    (done) => readFileCallback(path, encoding, done),
  );
}

export function mkdir(
  path: string,
  options: { recursive: true; mode?: number },
): Promise<string | undefined> {
  return call<string | undefined>(
    () => mkdirSync(path, options),
    (done) => mkdirCallback(path, options, done),
  );
}

export function rename(from: string, to: string): Promise<void> {
  return call<void>(
    () => renameSync(from, to),
    (done) => renameCallback(from, to, noValue(done)),
  );
}

export function unlink(path: string): Promise<void> {
  return call<void>(
    () => unlinkSync(path),
    (done) => unlinkCallback(path, noValue(done)),
  );
}

export function chmod(path: string, mode: number): Promise<void> {
  return call<void>(
    () => chmodSync(path, mode),
    (done) => chmodCallback(path, mode, noValue(done)),
  );
}

/**
 * True when Node's permission model forbids fsync (Node 24.22 and later refuse fsync and fdatasync
 * with ERR_ACCESS_DENIED under `--permission`): the write is then as durable as the operating
 * system makes it, and the call goes on (docs/decisions/fsync-permission-model.md).
 */
export function fsyncForbidden(error: unknown): boolean {
  return (
    "permission" in process &&
    (error as { code?: string } | null)?.code === "ERR_ACCESS_DENIED" &&
    /\bf(data)?sync\b/.test(String((error as Error).message))
  );
}

/** `handle.sync()`, where Node's permission model may forbid it (fsyncForbidden). */
export async function syncHandle(handle: { sync(): Promise<void> }): Promise<void> {
  try {
    await handle.sync();
  } catch (error) {
    if (!fsyncForbidden(error)) throw error;
  }
}
