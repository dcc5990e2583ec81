/**
 * The log's branch ref, read and moved the way git itself does: the one place that reads
 * `refs/heads/<branch>` and the one compare-and-swap that moves it (log.ts, copy, init, cosigning).
 */
import { open, rename, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fsyncDir, syncHandle, writeFileAtomic } from "../../durable/index.js";
import { hasCode, TrailsealError } from "../../errors/index.js";
import { BRANCH_REF } from "./layout.js";
import { loadIsoGit } from "./objects.js";

export async function readBranchHead(gitdir: string): Promise<string | null> {
  const git = await loadIsoGit();
  try {
    return await git.resolveRef({
      fs: await import("node:fs"),
      gitdir,
      ref: BRANCH_REF,
    });
  } catch {
    return null;
  }
}

export async function writeBranchHead(gitdir: string, commit: string): Promise<void> {
  await writeFileAtomic(join(gitdir, BRANCH_REF), `${commit}\n`);
}

/**
 * Moves the branch from `expected` to `commit` the way git itself updates a ref: take
 * `<ref>.lock` exclusively (git's receive-pack and update-ref take the same lock), check the
 * ref still holds `expected`, write and fsync the lock file, rename it over the ref, fsync the
 * directory. Someone else's push into the same repository (direct publishing into a served
 * log) is therefore never erased by a blind overwrite: we fail with GITLOG_REF_MOVED instead.
 */
export async function updateBranchHead(
  gitdir: string,
  expected: string | null,
  commit: string,
): Promise<void> {
  const refPath = join(gitdir, BRANCH_REF);
  const lockPath = `${refPath}.lock`;
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(lockPath, "wx", 0o644);
  } catch (cause) {
    if (!hasCode(cause, "EEXIST")) throw cause;
    throw new TrailsealError("GITLOG_REF_MOVED", `${BRANCH_REF} is being updated by another git process`, {
      cause,
      hint: `if no git process is running, a crash left ${lockPath} behind: remove it`,
    });
  }
  let renamed = false;
  try {
    try {
      const current = await readBranchHead(gitdir);
      if (current !== expected) {
        throw new TrailsealError(
          "GITLOG_REF_MOVED",
          `${BRANCH_REF} moved to ${current ?? "nothing"} while this writer expected ${expected ?? "nothing"}`,
          {
            hint: "another writer (e.g. a direct publisher) pushed into this log; re-read it and append again",
          },
        );
      }
      await handle.writeFile(`${commit}\n`);
      await syncHandle(handle);
    } finally {
      await handle.close();
    }
    await rename(lockPath, refPath);
    renamed = true;
  } finally {
    if (!renamed) await unlink(lockPath).catch(() => undefined);
  }
  await fsyncDir(dirname(refPath));
}
