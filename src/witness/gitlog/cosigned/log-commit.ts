import { TrailsealError } from "../../../errors/index.js";
import { CHECKPOINT_PATH, parseCheckpoint, parseNote } from "../../../tlog/index.js";
import { updateBranchHead } from "../branch-head.js";
import { parseCommit } from "../commit.js";
import { loadLogKey } from "../keys.js";
import { METADATA_PATH } from "../layout.js";
import { writeSignedCommit } from "../log.js";
import { ObjectStore } from "../objects.js";
import { resolveGitDir } from "../storage.js";
import { isNonFastForward, runGit } from "../system-git.js";
import { WorkTree } from "../tree.js";

/** The subject of the commit that publishes a cosigned checkpoint (history searches find it by it). */
export const COSIGNED_COMMIT_SUBJECT = "log: cosigned checkpoint";

export type CosignedCommitResult =
  | { status: "committed"; commit: string }
  | { status: "unchanged" }
  | { status: "skipped"; code: string; reason: string };

/**
 * Publishes a cosigned checkpoint in the git log itself: one commit on top of `parent` (the
 * commit the checkpoint was read at) whose only change is `checkpoint`, now carrying the
 * cosignature lines, signed with the log key from `home` like every commit of the log. The
 * branch moves by compare-and-swap from `parent` (git's ref lock, as the log's writer takes),
 * so an append that landed meanwhile is never overwritten: that round is then skipped (its tree
 * is not the current one anyway) and the writer, which re-reads a moved branch, is unaffected.
 * Readers that know only the log key ignore the cosignature lines; the audit sees the same tree.
 */
export async function commitCosignedCheckpoint(options: {
  dir: string;
  parent: string;
  note: string;
  home: string;
  now?: () => Date;
}): Promise<CosignedCommitResult> {
  const gitdir = resolveGitDir(options.dir);
  const store = new ObjectStore(gitdir);
  try {
    const tree = await WorkTree.load(
      store,
      parseCommit(await store.readTyped(options.parent, "commit")).tree,
    );
    const current = await tree.readFile(CHECKPOINT_PATH);
    if (current?.toString("utf8") === options.note) return { status: "unchanged" };
    if (!current || parseNote(current.toString("utf8")).text !== parseNote(options.note).text)
      return { status: "skipped", code: "COSIGN_LOG_MOVED", reason: "the log's checkpoint is another tree" };
    const metadata = JSON.parse((await tree.readFile(METADATA_PATH))?.toString("utf8") ?? "{}") as {
      public_key?: string;
    };
    const blob = Buffer.from(metadata.public_key?.split(" ")[1] ?? "", "base64");
    const key = await loadLogKey(options.home, new Uint8Array(blob.subarray(-32)));
    await tree.setFile(CHECKPOINT_PATH, Buffer.from(options.note, "utf8"));
    const size = parseCheckpoint(parseNote(options.note).text).size;
    const commit = await writeSignedCommit(
      store,
      await tree.write(),
      options.parent,
      `${COSIGNED_COMMIT_SUBJECT} (size ${size})\n`,
      (options.now ?? (() => new Date()))(),
      key,
    );
    await store.flush();
    await updateBranchHead(gitdir, options.parent, commit);
    return { status: "committed", commit };
  } catch (error) {
    if (
      error instanceof TrailsealError &&
      ["GITLOG_REF_MOVED", "GITLOG_KEY_NOT_FOUND", "GITLOG_KEY_PERMISSIONS"].includes(error.code)
    )
      return { status: "skipped", code: error.code, reason: error.message };
    throw error;
  }
}

/**
 * Pushes a committed cosigned checkpoint to the log's mirror remote (`witness serve --push`),
 * which otherwise would only carry it as the parent of the next append. A rejected push (the
 * server's own mirror already pushed a newer head on top of it) is fine: that head includes it.
 */
export async function pushCosignedCommit(
  dir: string,
  remote: string,
  commit: string,
): Promise<"pushed" | "superseded"> {
  try {
    await runGit(["--git-dir", resolveGitDir(dir), "push", "--quiet", remote, `${commit}:refs/heads/main`]);
    return "pushed";
  } catch (error) {
    if (isNonFastForward(error)) return "superseded";
    throw error;
  }
}
