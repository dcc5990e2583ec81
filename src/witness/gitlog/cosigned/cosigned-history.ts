import {
  CHECKPOINT_PATH,
  type CosignedCheckpointVerification,
  verifyCosignedCheckpoint,
  type WitnessPolicy,
} from "../../../tlog/index.js";
import { readGitBlob, runGit } from "../system-git.js";
import { COSIGNED_COMMIT_SUBJECT } from "./log-commit.js";

/** How many candidate commits are read, newest first. */
export const COSIGNED_HISTORY_LIMIT = 256;

/**
 * The newest checkpoint in a git log's history (from `rev`, default `main`, newest first, among
 * the last `limit` commits `witness cosign` made, however many appends followed them; a shallow
 * clone is made whole first) whose cosignatures meet the policy's quorum, or null. For `witness audit`: the head
 * checkpoint carries no cosignatures between an append and the next cosigning round, and the
 * audit has just proven that the head extends every earlier checkpoint, so a cosigned one in
 * the history vouches for its prefix.
 */
export async function findCosignedInHistory(
  dir: string,
  policy: WitnessPolicy,
  options: { limit?: number; rev?: string } = {},
): Promise<{ commit: string; note: string; result: CosignedCheckpointVerification } | null> {
  return findInHistory(
    dir,
    (note, commit) => {
      const result = verifyCosignedCheckpoint(note, policy);
      return result.quorumMet ? { commit, note, result } : null;
    },
    { ...options, cosignedOnly: true },
  );
}

/**
 * The first checkpoint, newest first, that `accept` takes (it returns null, or throws, to look
 * further) among the last `limit` commits of a git log that changed `checkpoint` (with
 * `cosignedOnly`, those `witness cosign` made); null when none is taken or `dir` is not a git log.
 */
export async function findInHistory<T>(
  dir: string,
  accept: (note: string, commit: string) => T | null,
  options: { limit?: number; rev?: string; cosignedOnly?: boolean } = {},
): Promise<T | null> {
  const limit = options.limit ?? COSIGNED_HISTORY_LIMIT;
  let commits: string[];
  try {
    // A shallow clone of a log URL holds only its head: fetch the history searched.
    const shallow = await runGit(["rev-parse", "--is-shallow-repository"], { cwd: dir });
    if (shallow.stdout.trim() === "true")
      await runGit(["fetch", "-q", "--unshallow", "origin"], { cwd: dir }).catch(() => null);
    const log = await runGit(
      [
        "log",
        "--format=%H",
        "-n",
        String(limit),
        // The commits `witness cosign` adds: found however many appends came after them.
        ...(options.cosignedOnly ? ["--fixed-strings", `--grep=${COSIGNED_COMMIT_SUBJECT} (size `] : []),
        options.rev ?? "refs/heads/main",
        "--",
        CHECKPOINT_PATH,
      ],
      { cwd: dir },
    );
    commits = log.stdout.split("\n").filter((line) => /^[0-9a-f]{40,64}$/.test(line));
  } catch {
    return null; // not a git log (a plain directory of checkpoint and tiles has no history)
  }
  for (const commit of commits) {
    try {
      const note = (await readGitBlob(`${commit}:${CHECKPOINT_PATH}`, { cwd: dir })).toString("utf8");
      const taken = accept(note, commit);
      if (taken !== null) return taken;
    } catch {
      // A commit without a readable or verifiable checkpoint vouches for nothing; look further.
    }
  }
  return null;
}
