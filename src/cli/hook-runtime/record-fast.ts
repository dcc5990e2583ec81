/**
 * `trailseal record [--json] [--home <dir>]` on the fast path (./fast-path.ts): the same
 * command (commands/record.ts), with stdin and stdout as plain file-descriptor calls instead of
 * Node's stream objects (which load net and stream) and errors reported exactly as the full
 * command line reports them.
 */
import { fstatSync, readSync, writeSync } from "node:fs";
import { hasCode } from "../../errors/index.js";
import { resolveHookHome } from "../commands/hook.js";
import type { CliIO } from "../io.js";
import { reportError } from "../report-error.js";

/** Reads fd 0 up to one byte past `limit` (so readStdin can refuse it), retrying a non-blocking EAGAIN. */
function readFd0(limit: number): Buffer {
  const chunks: Buffer[] = [];
  let size = 0;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (size <= limit) {
    const chunk = Buffer.allocUnsafe(Math.min(1 << 16, limit + 1 - size));
    let n: number;
    try {
      n = readSync(0, chunk, 0, chunk.length, null);
    } catch (error) {
      if (hasCode(error, "EAGAIN")) {
        Atomics.wait(pause, 0, 0, 2);
        continue;
      }
      if (hasCode(error, "EOF")) break;
      throw error;
    }
    if (n === 0) break;
    chunks.push(chunk.subarray(0, n));
    size += n;
  }
  return Buffer.concat(chunks);
}

/** Whether fd 0 is a terminal, loading node:tty (and net with it) only for character devices. */
async function stdinIsTTY(): Promise<boolean> {
  if (!fstatSync(0).isCharacterDevice()) return false;
  return (await import("node:tty")).isatty(0);
}

function writer(fd: number): CliIO["stdout"] {
  return {
    write(text: string | Uint8Array) {
      try {
        if (typeof text === "string") writeSync(fd, text);
        else writeSync(fd, text);
      } catch (error) {
        // A reader that goes away (`trailseal record | head`) is not an error, as in processIO.
        if (fd === 1 && hasCode(error, "EPIPE")) process.exit(0);
        throw error;
      }
      return true;
    },
  } as CliIO["stdout"];
}

export async function runRecordFast(
  options: { json: boolean; home: string | undefined },
  env: NodeJS.ProcessEnv,
): Promise<number> {
  const io = { stdout: writer(1), stderr: writer(2), env } as CliIO;
  try {
    // Imported here, not at the top: the hook shares this bundle and loads its modules in its own
    // order (the shell grammar first), so nothing of `record` may initialise at bundle load.
    const { MAX_STDIN, runRecord } = await import("../commands/record.js");
    const isTTY = await stdinIsTTY();
    const input = isTTY ? Buffer.alloc(0) : readFd0(MAX_STDIN);
    io.stdin = {
      isTTY,
      async *[Symbol.asyncIterator]() {
        yield input;
      },
    } as unknown as CliIO["stdin"];
    return await runRecord({ json: options.json, home: resolveHookHome(options.home, env) }, io);
  } catch (error) {
    return reportError(io, error);
  }
}
