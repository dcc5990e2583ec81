import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { hasCode, isTrailsealError, TrailsealError } from "../../../errors/index.js";
import { CHECKPOINT_PATH, type ReadLogFile } from "../../../tlog/index.js";
import { readGitBlob, runGit } from "../system-git.js";

/** A consistent view of a log's files: the signed checkpoint and a reader for its tiles. */
export interface LogSnapshot {
  note: string;
  read: ReadLogFile;
  /** The commit read, for a git log. */
  commit?: string;
}

/** What git says when the object asked for is not there: an answer, not a failure. */
const MISSING =
  /does not exist|exists on disk, but not in|invalid object name|not a valid object|bad revision/i;

/** The user's git through simple-git (gitlog's runner); null when the object does not exist. */
async function git<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (
      isTrailsealError(error) &&
      MISSING.test(String((error.details as { stderr?: string } | undefined)?.stderr ?? ""))
    )
      return null;
    throw error;
  }
}

/**
 * A shallow clone of a remote log's main branch into `dir`, through the user's git (its ssh and
 * credential setup); COSIGN_LOG_CLONE_FAILED when it cannot be cloned.
 */
export async function cloneLogHead(url: string, dir: string): Promise<void> {
  try {
    await runGit(["clone", "-q", "--depth", "1", "--branch", "main", url, dir]);
  } catch (cause) {
    throw new TrailsealError("COSIGN_LOG_CLONE_FAILED", `cannot clone ${url}`, { cause });
  }
}

/**
 * Reads a log without writing to it. A git log (work tree or bare) is read at one commit of its
 * branch, through git objects, so a `witness serve` appending at the same time can never hand us
 * a checkpoint and tiles from different trees; a plain directory is read as files.
 */
export async function readLogSnapshot(dir: string, branch = "main"): Promise<LogSnapshot> {
  const isGit =
    existsSync(join(dir, ".git")) || (existsSync(join(dir, "HEAD")) && existsSync(join(dir, "objects")));
  if (isGit) {
    const head = await git(() =>
      runGit(["rev-parse", "--verify", "--quiet", `refs/heads/${branch}^{commit}`], { cwd: dir }),
    ).catch(() => null);
    const commit = head?.stdout.trim();
    if (!commit) throw new TrailsealError("COSIGN_LOG_UNREADABLE", `${dir} has no ${branch} branch`);
    const blob = async (path: string) => {
      const out = await git(() => readGitBlob(`${commit}:${path}`, { cwd: dir }));
      return out ? new Uint8Array(out) : null;
    };
    const read: ReadLogFile = async (path) => {
      const found = await blob(path);
      if (found) return found;
      // A hash tile of an older, smaller tree (a cosigned checkpoint behind the head): the head
      // holds a wider partial of the same tile, whose first W hashes are the same.
      const partial = /^(tile\/\d+\/(?:x\d{3}\/)*\d{3})\.p\/(\d+)$/.exec(path);
      if (!partial) return null;
      const listing = await git(() =>
        runGit(["ls-tree", "--name-only", `${commit}:${partial[1]}.p`], { cwd: dir }),
      );
      const width = Number(partial[2]);
      const wider = (listing?.stdout.split("\n") ?? [])
        .map(Number)
        .filter((w) => Number.isSafeInteger(w) && w > width)
        .sort((a, b) => a - b)[0];
      if (wider === undefined) return null;
      return (await blob(`${partial[1]}.p/${wider}`))?.subarray(0, width * 32) ?? null;
    };
    const note = await read(CHECKPOINT_PATH);
    if (!note) throw new TrailsealError("COSIGN_LOG_UNREADABLE", `${dir} has no checkpoint at ${commit}`);
    return { note: Buffer.from(note).toString("utf8"), read, commit };
  }
  const read: ReadLogFile = async (path) => {
    try {
      return new Uint8Array(await readFile(join(dir, path)));
    } catch (error) {
      if (hasCode(error, "ENOENT")) return null;
      throw error;
    }
  };
  const note = await read(CHECKPOINT_PATH);
  if (!note)
    throw new TrailsealError("COSIGN_LOG_UNREADABLE", `${dir} has no ${CHECKPOINT_PATH} file`, {
      hint: "give the directory of a trailseal log (witness init) or of a tiled log",
    });
  return { note: Buffer.from(note).toString("utf8"), read };
}
