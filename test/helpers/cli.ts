import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const REPO_ROOT = resolve(import.meta.dirname, "../..");
export const CLI = join(REPO_ROOT, "dist", "cli.js");
/**
 * The black-box witness conformance checker is not part of this repository: scripts/ci/conformance.sh
 * runs it from CI when it is available. Tests that also want it read its path from
 * $TRAILSEAL_CONFORMANCE and skip that step without it, so `npm test` needs nothing outside the clone.
 */
export const CONFORMANCE_CHECKER: string | undefined = process.env.TRAILSEAL_CONFORMANCE || undefined;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (`npm run build` first) as a user would: a real process. */
export function runCli(
  args: string[],
  options: { input?: string | Buffer; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: { ...process.env, TRAILSEAL_HOME: undefined, ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      resolvePromise({
        code,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
      }),
    );
    child.stdin.on("error", () => undefined);
    child.stdin.end(options.input ?? "");
  });
}

export interface StartedCli {
  child: ChildProcess;
  /** The first line the command prints on stdout (a server prints its URL); rejects if it exits first. */
  firstLine: Promise<string>;
  /** Everything it has written to stderr so far. */
  stderr(): string;
}

/**
 * Starts a long-running command of the built CLI (a server) as a real process. `child` is there
 * at once, so the caller can register it for cleanup before waiting for `firstLine`; the caller
 * stops it.
 */
export function startCli(args: string[], options: { env?: NodeJS.ProcessEnv } = {}): StartedCli {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, TRAILSEAL_HOME: undefined, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  const firstLine = new Promise<string>((resolvePromise, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const end = out.indexOf("\n");
      if (end >= 0) resolvePromise(out.slice(0, end));
    });
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`trailseal ${args.join(" ")} exited ${code}: ${err}`)));
  });
  // A test that never awaits it (it stopped the child first) must not see an unhandled rejection.
  firstLine.catch(() => undefined);
  return { child, firstLine, stderr: () => err };
}

/** A temporary directory removed by the returned cleanup. */
export async function tempDir(
  prefix = "trailseal-test-",
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  // Retried: a hook call's resident server (docs/hooks.md) may still be writing into a home
  // there while it is removed (ENOTEMPTY); it stops once it sees its home go.
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }) };
}
