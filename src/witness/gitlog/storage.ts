/**
 * The git backend of the witness server (`witness serve --store <log dir>`): an AnchorStorage
 * over a transparency-log repository. Invariants: single writer (a lock on the git dir held
 * while open); group commit (witness/group-commit: every append that arrives while a commit is
 * being written goes into the next one); an append resolves only after its
 * commit's objects and the branch ref are fsync'd; `get`/`count` see only durable entries;
 * an optional mirror pushes the branch to a remote in the background, with retry.
 */
import { existsSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { withDirLock } from "../../durable/index.js";
import { TrailsealError } from "../../errors/index.js";
import { createGroupCommit } from "../group-commit/index.js";
import type { AnchorRequest, AnchorStorage, StoredAnchor } from "../protocol/index.js";
import { type LogKey, loadLogKey } from "./keys.js";
import { METADATA_PATH } from "./layout.js";
import { canonicalRequest, LogState } from "./log.js";
import { PushMirror } from "./mirror.js";
import { runGit } from "./system-git.js";

export interface GitStorageOptions {
  home: string;
  /** A git remote (name or URL) to mirror the branch to after each commit. */
  push?: string;
  now?: () => Date;
  /** Largest number of entries in one commit. */
  maxBatch?: number;
  /**
   * Pack loose objects after this many commits (default 100; 0 never): loose objects stay
   * bounded (about a dozen per commit) instead of growing by millions over a log's life.
   */
  repackEvery?: number;
}

/**
 * Packing runs beside the writer; if it falls this many cadences behind (a slow disk under
 * sustained one-at-a-time appends), the writer waits for it before the next commit, so loose
 * objects stay bounded under any load.
 */
const MAX_CADENCES_BEHIND = 3;

/**
 * The pack a repack writes must be on disk before the loose objects it replaces are deleted:
 * ask git to fsync objects, pack metadata and refs whatever the user's config says.
 */
const REPACK_CONFIG = { "core.fsync": "objects,derived-metadata,reference", "core.fsyncMethod": "fsync" };

/** Packs beyond this many are merged (geometric repack); below it, only loose objects are packed. */
const MAX_PACKS = 16;

/**
 * Packs the loose objects without walking history (so each run costs what was written since
 * the last one, not the size of the log): git's `loose-objects` maintenance task deletes loose
 * objects already packed and packs the remaining loose ones into one new pack, and
 * `prune-packed` then removes those too. Safe beside a writer and readers, as git's own gc is
 * beside a push: a loose object is deleted only once a complete, fsync'd pack (index written
 * last) holds it, and readers (git, isomorphic-git) look loose, then in the packs they list
 * afresh; new objects are written whole by rename, so a run packs them whole or not at all.
 */
export async function packLooseObjects(gitdir: string): Promise<void> {
  await runGit(["--git-dir", gitdir, "maintenance", "run", "--quiet", "--task=loose-objects"], {
    config: REPACK_CONFIG,
  });
  // The task deletes what an earlier run packed; delete what this one packed too (the pack is
  // fsync'd by now), so loose objects are only those written since.
  await runGit(["--git-dir", gitdir, "prune-packed", "-q"]);
}

/**
 * When packs pile up, `git repack -d --geometric=2` merges them so each is at least twice the
 * next smaller one (the count stays logarithmic). It deletes the packs it merged, so it runs
 * between two commits under the writer's lock. Refs are never touched, so the branch's
 * compare-and-swap (branch-head.ts `updateBranchHead`) is unaffected. True when it merged.
 */
export async function mergePacks(gitdir: string): Promise<boolean> {
  const packs = (await readdir(join(gitdir, "objects", "pack")).catch(() => [])).filter((name) =>
    name.endsWith(".pack"),
  );
  if (packs.length <= MAX_PACKS) return false;
  await runGit(["--git-dir", gitdir, "repack", "-d", "-q", "--geometric=2", "--no-write-bitmap-index"], {
    config: REPACK_CONFIG,
  });
  return true;
}

/** Both steps at once (a log no server is writing: the mirror copier between its commits). */
export async function repackLog(gitdir: string): Promise<void> {
  await packLooseObjects(gitdir);
  await mergePacks(gitdir);
}

function unavailable(message: string, cause?: unknown): TrailsealError {
  return new TrailsealError("WITNESS_STORAGE_UNAVAILABLE", message, { cause });
}

/** The git dir of a log: `<dir>/.git` for a working clone, `<dir>` itself for a bare repo. */
export function resolveGitDir(dirArg: string): string {
  const dir = resolve(dirArg);
  if (existsSync(join(dir, ".git", "HEAD"))) return join(dir, ".git");
  if (existsSync(join(dir, "HEAD")) && existsSync(join(dir, "objects"))) return dir;
  throw new TrailsealError("GITLOG_NOT_A_LOG", `${dir} is not a git repository`, {
    hint: "create a log with `trailseal witness init --bare <dir>`",
  });
}

/** True when `dir` is a git transparency log: a work tree with the metadata file, or a bare repo with it at the branch head. */
export async function isGitLogDir(dir: string): Promise<boolean> {
  if (existsSync(join(dir, METADATA_PATH))) return true;
  const looksBare =
    existsSync(join(dir, "HEAD")) &&
    existsSync(join(dir, "objects")) &&
    statSync(join(dir, "objects")).isDirectory();
  if (!looksBare) return false;
  return runGit(["--git-dir", dir, "cat-file", "-e", `HEAD:${METADATA_PATH}`]).then(
    () => true,
    () => false,
  );
}

/** Holds the single-writer lock of `gitdir` until the returned release function is called. */
export async function holdLock(gitdir: string): Promise<() => Promise<void>> {
  let acquired!: () => void;
  let release!: () => void;
  const acquiredP = new Promise<void>((r) => {
    acquired = r;
  });
  const releaseP = new Promise<void>((r) => {
    release = r;
  });
  const held = withDirLock(
    gitdir,
    async () => {
      acquired();
      await releaseP;
    },
    { timeoutMs: 2_000 },
  );
  try {
    await Promise.race([acquiredP, held]);
  } catch (cause) {
    throw new TrailsealError("WITNESS_STORAGE_LOCKED", `another writer holds the log ${gitdir}`, {
      cause,
      hint: "one `witness serve` per log; stop the other one (the lock of a writer that died is taken over at once)",
    });
  }
  return async () => {
    release();
    await held.catch(() => undefined);
  };
}

export async function openGitStorage(dir: string, options: GitStorageOptions): Promise<AnchorStorage> {
  const gitdir = resolveGitDir(dir);
  const releaseLock = await holdLock(gitdir);
  let state: LogState;
  let key: LogKey;
  try {
    state = await LogState.open(gitdir);
    key = await loadLogKey(options.home, state.publicKey);
  } catch (error) {
    await releaseLock();
    throw error;
  }
  const now = options.now ?? (() => new Date());
  const maxBatch = options.maxBatch ?? 4096;
  const mirror = options.push ? new PushMirror(gitdir, options.push) : null;
  let durableSize = state.size;
  let durableHead = state.head!;
  // The signed checkpoint of the durable tree: GET proves inclusion against it, never against
  // a staged commit that might still fail (a client would pin a tree that never existed).
  let durableNote: string | undefined;
  try {
    durableNote = await state.checkpointNote();
  } catch (error) {
    await releaseLock();
    throw error;
  }
  let closed = false;
  mirror?.kick(durableHead, durableSize);

  /** Re-reads the log from disk: the in-memory state may be ahead of the durable ref. */
  async function reload(): Promise<void> {
    state = await LogState.open(gitdir).catch(() => state);
    const note = await state.checkpointNote().catch(() => undefined);
    durableSize = state.size;
    durableHead = state.head!;
    durableNote = note;
  }

  /** One signed commit for the batch, objects and ref fsync'd; all or nothing. */
  async function commitBatch(batch: readonly AnchorRequest[]) {
    for (let attempt = 1; ; attempt++) {
      try {
        const staged = await state.stage(batch, now(), key);
        await state.publish();
        const note = await state.checkpointNote();
        durableSize = state.size;
        durableHead = state.head!;
        durableNote = note;
        mirror?.kick(durableHead, durableSize);
        return staged.anchors.map((anchor, i) => ({ value: anchor, created: staged.created[i]! }));
      } catch (cause) {
        await reload();
        // Someone pushed into the log (direct publishing): append again on top of their commit.
        if ((cause as TrailsealError).code === "GITLOG_REF_MOVED" && attempt < 3) continue;
        throw unavailable("the git log could not be written", cause);
      }
    }
  }

  // Loose objects are packed beside the writer (packLooseObjects is safe with a writer and
  // readers), so appends never wait for it unless it falls MAX_CADENCES_BEHIND behind; merging
  // packs deletes packs, so it runs between two commits, under the writer, when they pile up.
  const repackEvery = options.repackEvery ?? 100;
  let commitsSincePack = 0;
  let packing: Promise<void> | null = null;
  let mergeDue = false;
  const repacks = { runs: 0, merges: 0, waits: 0, last_error: null as string | null };
  function maybePack(): void {
    commitsSincePack += 1;
    if (repackEvery <= 0 || commitsSincePack < repackEvery || packing) return;
    commitsSincePack = 0;
    packing = packLooseObjects(gitdir)
      .then(
        () => {
          repacks.runs += 1;
          repacks.last_error = null;
          mergeDue = true;
        },
        (error: Error) => {
          repacks.last_error = error.message;
        },
      )
      .finally(() => {
        packing = null;
      });
  }
  async function beforeCommit(): Promise<void> {
    if (packing && commitsSincePack >= repackEvery * MAX_CADENCES_BEHIND) {
      repacks.waits += 1;
      await packing;
    }
    if (mergeDue && !packing) {
      mergeDue = false;
      try {
        if (await mergePacks(gitdir)) repacks.merges += 1;
      } catch (error) {
        repacks.last_error = (error as Error).message;
      }
    }
  }

  const queue = createGroupCommit<AnchorRequest, StoredAnchor>({
    flush: async (batch) => {
      await beforeCommit();
      const results = await commitBatch(batch);
      maybePack();
      return results;
    },
    maxBatch,
  });

  return {
    async append(request) {
      if (closed) throw unavailable("the git log is closed");
      const existing = state.find(request);
      if (existing && indexOf(existing) < durableSize) return { anchor: existing, created: false };
      const { value, created } = await queue.submit(canonicalRequest(request), request);
      return { anchor: value, created };
    },
    async get(anchorId) {
      const anchor = state.get(anchorId);
      return anchor && indexOf(anchor) < durableSize ? anchor : null;
    },
    async latestForKey(keyId) {
      return state.latestForKey(keyId, durableSize);
    },
    async inclusionEvidence(anchor, options) {
      const index = indexOf(anchor);
      // One snapshot: the inclusion and consistency proofs are both for this durable checkpoint.
      const size = durableSize;
      const note = durableNote;
      if (note === undefined || index >= size) return null;
      return {
        ...(await state.inclusionEvidence(index, { size, checkpoint: note }, options?.consistencyFrom)),
      };
    },
    async count() {
      return durableSize;
    },
    async health() {
      return {
        backend: "git",
        entries: durableSize,
        ...queue.stats(),
        repacks: { ...repacks },
        head: durableHead,
        origin: state.metadata.origin,
        ...(state.metadata.verifier_key ? { verifier_key: state.metadata.verifier_key } : {}),
        ...(mirror ? { push: mirror.status(durableSize) } : {}),
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await queue.drain();
      if (packing) await packing;
      await mirror?.stop();
      await releaseLock();
    },
  };
}

function indexOf(anchor: StoredAnchor): number {
  return Number(/^wit_(\d+)_/.exec(anchor.anchor_id)?.[1] ?? Number.POSITIVE_INFINITY);
}
