/**
 * Verify by cloning (docs/log-format.md): one anchor of a remote log, from a shallow clone deepened
 * only as far as needed. Checks, in order: the entry at the id's index has exactly that id and
 * is a valid stored anchor; the head and every commit back to the one that added the entry are
 * SSH-signed by the log's allowed signers and never change the entry; the entry is included
 * under the head's signed C2SP checkpoint (src/tlog). Every failure is a coded error.
 */
import { type ErrorCode, TrailsealError } from "../../errors/index.js";
import {
  type Checkpoint,
  inclusionFromTiles,
  openCheckpoint,
  type PinStatus,
  type ReadLogFile,
} from "../../tlog/index.js";
import { type CloneEvidence, type StoredAnchor, storedAnchorSchema } from "../protocol/index.js";
import { readBranchHead } from "./branch-head.js";
import { isCommitSignedBy, parseCommit } from "./commit.js";
import {
  ALLOWED_SIGNERS_PATH,
  BUNDLE_SIZE,
  bundleOf,
  CHECKPOINT_PATH,
  entriesFilePath,
  METADATA_PATH,
  parseAnchorId,
} from "./layout.js";
import { readEntryLines } from "./log.js";
import { parseAllowedSigners, parseMetadata } from "./metadata.js";
import { ObjectStore } from "./objects.js";
import type { LogRemote } from "./remote.js";
import { WorkTree } from "./tree.js";

/** A stored anchor with the evidence of its verification in a clone (the protocol's CloneEvidence). */
export interface VerifiedAnchor extends StoredAnchor, CloneEvidence {}

/**
 * Called with the verified head checkpoint and a reader of the head's files (its tiles can
 * prove that the tree extends a pinned one); returns the pin status or throws (TLOG_ROLLBACK…).
 */
export type OnCheckpoint = (
  checkpoint: Checkpoint,
  note: string,
  read: ReadLogFile,
  verifierKey: string,
) => Promise<PinStatus>;

function verifyError(code: ErrorCode, message: string, cause?: unknown): TrailsealError {
  return new TrailsealError(code, message, { cause });
}

async function lineAt(tree: WorkTree, index: number): Promise<string | null> {
  const bytes = await tree.readFile(entriesFilePath(bundleOf(index)));
  if (!bytes) return null;
  const lines = bytes.toString("utf8").split("\n");
  return lines[index % BUNDLE_SIZE] || null;
}

export async function verifyAnchorInClone(
  remote: LogRemote,
  dest: string,
  anchorId: string,
  signal?: AbortSignal,
  onCheckpoint?: OnCheckpoint,
): Promise<VerifiedAnchor> {
  const parsedId = parseAnchorId(anchorId);
  if (!parsedId)
    throw verifyError("WITNESS_ANCHOR_NOT_FOUND", `${anchorId} is not an anchor id of a git log`);
  const verified = await verifyEntryInClone(remote, dest, async () => parsedId.index, signal, onCheckpoint);
  if (verified.anchor_id !== anchorId)
    throw verifyError("WITNESS_ANCHOR_NOT_FOUND", `entry ${parsedId.index} of the log is not ${anchorId}`);
  return verified;
}

/**
 * The newest entry of `keyId` at the head of the log (the latest-anchor question), verified as
 * `verifyAnchorInClone` verifies one anchor; null when the log holds none for that key id. The
 * clone stays shallow: the head's tree lists every entry, and history is fetched only back to
 * the commit that added the one found.
 */
export async function verifyLatestInClone(
  remote: LogRemote,
  dest: string,
  keyId: string,
  signal?: AbortSignal,
  onCheckpoint?: OnCheckpoint,
): Promise<VerifiedAnchor | null> {
  let none = false;
  const verified = await verifyEntryInClone(
    remote,
    dest,
    async (headTree) => {
      const lines = await readEntryLines(headTree);
      for (let index = lines.length - 1; index >= 0; index--) {
        const entry = safeJson(lines[index]!) as { key_id?: unknown } | undefined;
        if (entry?.key_id === keyId) return index;
      }
      none = true;
      return null;
    },
    signal,
    onCheckpoint,
  ).catch((error) => {
    if (none) return null;
    throw error;
  });
  return none ? null : verified;
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

async function verifyEntryInClone(
  remote: LogRemote,
  dest: string,
  pick: (headTree: WorkTree) => Promise<number | null>,
  signal?: AbortSignal,
  onCheckpoint?: OnCheckpoint,
): Promise<VerifiedAnchor> {
  let depth = 1;
  const gitdir = await remote.clone(dest, depth, signal);
  const store = new ObjectStore(gitdir);
  const head = await readBranchHead(gitdir);
  if (!head) throw verifyError("GITLOG_NOT_A_LOG", `${remote.url} has no main branch`);
  const headTree = await WorkTree.load(store, parseCommit(await store.readTyped(head, "commit")).tree);
  const metadata = parseMetadata((await headTree.readFile(METADATA_PATH))?.toString("utf8") ?? "");
  const trusted = parseAllowedSigners(
    (await headTree.readFile(ALLOWED_SIGNERS_PATH))?.toString("utf8") ?? "",
  );
  const index = await pick(headTree);
  if (index === null) throw verifyError("WITNESS_ANCHOR_NOT_FOUND", "the log holds no such entry");
  const line = await lineAt(headTree, index);
  if (line === null) throw verifyError("WITNESS_ANCHOR_NOT_FOUND", `the log has no entry ${index}`);
  const parsed = storedAnchorSchema.safeParse(safeJson(line));
  if (!parsed.success || parseAnchorId(parsed.data.anchor_id)?.index !== index) {
    throw verifyError("WITNESS_ANCHOR_NOT_FOUND", `entry ${index} of the log is not a stored anchor`);
  }

  // Walk back from the head to the commit that added the entry, deepening the clone on demand.
  let oid = head;
  let checked = 0;
  for (;;) {
    const commit = parseCommit(await store.readTyped(oid, "commit"));
    if (!isCommitSignedBy(commit, trusted)) {
      throw verifyError("GITLOG_VERIFY_SIGNATURE_INVALID", `commit ${oid} is not signed by the log key`);
    }
    checked++;
    // The signed message names the entries the commit added (log.ts): once its signature is
    // checked, a commit that claims the entry ends the walk without fetching more history.
    const added = /^log: add entries (\d+)\.\.(\d+) /.exec(commit.message);
    if (added && Number(added[1]) <= index && index <= Number(added[2])) break;
    const parent = commit.parents[0];
    if (commit.parents.length > 1) throw verifyError("GITLOG_VERIFY_NOT_LINEAR", `commit ${oid} is a merge`);
    if (!parent) break;
    let parentRaw: Buffer | null = null;
    while (!parentRaw) {
      try {
        parentRaw = await store.readTyped(parent, "commit");
      } catch (error) {
        if (depth > 1 << 24) throw error;
        signal?.throwIfAborted();
        await remote.deepen(gitdir, depth, signal);
        depth *= 2;
      }
    }
    const parentLine = await lineAt(await WorkTree.load(store, parseCommit(parentRaw).tree), index);
    if (parentLine === null) break; // `oid` added the entry
    if (parentLine !== line) {
      throw verifyError("GITLOG_VERIFY_ENTRY_CHANGED", `entry ${index} differs before commit ${oid}`);
    }
    oid = parent;
  }

  let opened: { checkpoint: Checkpoint; note: string } | null = null;
  const note = await headTree.readFile(CHECKPOINT_PATH);
  const readHead: ReadLogFile = (path) => headTree.readFile(path);
  if (metadata.verifier_key && note) {
    // The checkpoint's own failures (a bad signature, another origin, a malformed note) keep
    // their TLOG_* code: "not proven in the checkpoint" would hide that the log signed nothing.
    opened = openCheckpoint(note, metadata.verifier_key, metadata.origin);
    try {
      const inclusion = await inclusionFromTiles(readHead, opened!.checkpoint, index);
      if (Buffer.from(inclusion.entry).toString("utf8") !== line) {
        throw verifyError("GITLOG_VERIFY_NOT_INCLUDED", `entry ${index} in the tiles differs from entries/`);
      }
    } catch (error) {
      if ((error as TrailsealError).code === "GITLOG_VERIFY_NOT_INCLUDED") throw error;
      throw verifyError(
        "GITLOG_VERIFY_NOT_INCLUDED",
        `entry ${index} is not proven in the checkpoint`,
        error,
      );
    }
  } else if (metadata.verifier_key) {
    throw verifyError("GITLOG_VERIFY_NOT_INCLUDED", "the log has no checkpoint");
  }
  // Outside the try above: a rollback or fork must surface with its own TLOG_* code.
  const pin =
    opened && onCheckpoint && metadata.verifier_key
      ? await onCheckpoint(opened.checkpoint, opened.note, readHead, metadata.verifier_key)
      : undefined;
  return {
    ...parsed.data,
    log_index: index,
    commit: oid,
    log_head: head,
    commits_checked: checked,
    checkpoint_size: opened?.checkpoint.size ?? null,
    log_origin: opened?.checkpoint.origin ?? null,
    ...(pin ? { pin } : {}),
  } as VerifiedAnchor;
}
