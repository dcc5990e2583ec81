/**
 * A git log written as the copy of a log sequenced elsewhere (the public mirror of a database
 * log): entries arrive with their ids and `witnessed_at` already assigned and are appended in
 * order through the one writer format (log.ts `stageStored`), each round a signed commit with
 * the log's key, objects and ref fsync'd, then pushed in the background. While open it holds
 * the log's writer lock, like `witness serve --store <log>`. With a push remote, the remote's
 * branch is taken first when it is ahead (a previous copier on another machine pushed it), so
 * a new copier continues that history instead of forking it.
 */
import { TrailsealError } from "../../errors/index.js";
import type { StoredAnchor } from "../protocol/index.js";
import { updateBranchHead } from "./branch-head.js";
import { loadLogKey } from "./keys.js";
import { BRANCH_REF } from "./layout.js";
import { LogState } from "./log.js";
import { PushMirror, type PushStatus } from "./mirror.js";
import { holdLock, repackLog, resolveGitDir } from "./storage.js";
import { runGit } from "./system-git.js";

export interface LogCopier {
  readonly size: number;
  readonly head: string;
  readonly origin: string;
  /** Appends anchors that must start at index `size`; one commit; durable when it resolves. */
  append(anchors: readonly StoredAnchor[], now: Date): Promise<void>;
  push(): PushStatus | null;
  /** Drops the writer lock (and stops pushing, letting a push in progress finish). */
  close(): Promise<void>;
}

export interface LogCopierOptions {
  home: string;
  push?: string;
  /** Repack after this many commits (default 100). */
  repackEvery?: number;
}

const REMOTE_TRACKING = "refs/trailseal/mirror-remote";

/** Takes the remote's branch when it strictly extends ours (a copier elsewhere got further). */
async function fastForwardFromRemote(gitdir: string, remote: string): Promise<void> {
  await runGit(["--git-dir", gitdir, "fetch", "--quiet", remote, `+${BRANCH_REF}:${REMOTE_TRACKING}`]);
  const local = (await runGit(["--git-dir", gitdir, "rev-parse", BRANCH_REF])).stdout.trim();
  const theirs = (await runGit(["--git-dir", gitdir, "rev-parse", REMOTE_TRACKING])).stdout.trim();
  if (local === theirs) return;
  const isAncestor = (a: string, b: string) =>
    runGit(["--git-dir", gitdir, "merge-base", "--is-ancestor", a, b]).then(
      () => true,
      () => false,
    );
  if (await isAncestor(local, theirs)) await updateBranchHead(gitdir, local, theirs);
  else if (!(await isAncestor(theirs, local)))
    throw new TrailsealError("GITLOG_REF_MOVED", `the mirror ${remote} and ${gitdir} have diverged`, {
      hint: "run `trailseal witness audit` on both; the remote's history is the published one",
    });
}

export async function openLogCopier(dir: string, options: LogCopierOptions): Promise<LogCopier> {
  const gitdir = resolveGitDir(dir);
  const release = await holdLock(gitdir);
  let state: LogState;
  let mirror: PushMirror | null = null;
  try {
    if (options.push) await fastForwardFromRemote(gitdir, options.push);
    state = await LogState.open(gitdir);
  } catch (error) {
    await release();
    throw error;
  }
  const key = await loadLogKey(options.home, state.publicKey).catch(async (error) => {
    await release();
    throw error;
  });
  if (options.push) {
    mirror = new PushMirror(gitdir, options.push);
    mirror.kick(state.head!, state.size);
  }
  const repackEvery = options.repackEvery ?? 100;
  let commits = 0;
  return {
    get size() {
      return state.size;
    },
    get head() {
      return state.head!;
    },
    get origin() {
      return state.metadata.origin;
    },
    async append(anchors, now) {
      try {
        await state.stageStored(anchors, now, key);
        await state.publish();
      } catch (error) {
        state = await LogState.open(gitdir);
        throw error;
      }
      mirror?.kick(state.head!, state.size);
      commits += 1;
      if (repackEvery > 0 && commits % repackEvery === 0) await repackLog(gitdir);
    },
    push: () => mirror?.status(state.size) ?? null,
    async close() {
      await mirror?.stop();
      await release();
    },
  };
}
