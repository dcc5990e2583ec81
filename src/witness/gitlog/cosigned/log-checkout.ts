import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { openRemote } from "../remote.js";

/** The directory a git witness URL names on this machine, if it names one (a path or file://). */
function localPath(url: string): string | null {
  const text = url.trim();
  if (/^file:\/\//i.test(text)) return fileURLToPath(text);
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(text) || /^[A-Za-z0-9._-]+@[^/:]+:/.test(text)) return null;
  return resolve(text);
}

/**
 * Runs `fn` on a readable copy of a git log named by a git witness URL: a local repository as it
 * is (never written), anything else cloned shallow (one commit of `main` holds the checkpoint
 * and every tile) into a temporary directory removed afterwards.
 */
export async function withLogCheckout<T>(
  url: string,
  fn: (dir: string) => Promise<T>,
  options: { authToken?: string } = {},
): Promise<T> {
  const local = localPath(url);
  if (local !== null && existsSync(local)) return fn(local);
  const tmp = await mkdtemp(join(tmpdir(), "trailseal-log-"));
  try {
    const dir = await openRemote(url, options).clone(join(tmp, "log"), 1);
    return await fn(dir);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
