/**
 * `witness audit`: the whole history of a log, oldest commit first. A log passes when
 * - history is linear and every commit is SSH-signed by a key in the allowed_signers of its
 *   parent (the root commit: its own), so the key cannot be swapped without a signed hand-over;
 * - history only appends: every entry bundle of the parent is still there, unchanged or extended
 *   at its end; indices are contiguous (bundle structure + the index in each anchor_id);
 * - every new entry is a schema-valid stored anchor in canonical JSON whose anchor_id is the one
 *   the log assigns (index + request digest);
 * - checkpoints (src/tlog) are signed by the log key, cover exactly the entries, and each is
 *   consistent with the one before; at the head, every tile and tile entry matches entries/.
 * The first violation stops the audit and names its commit.
 */
import { TrailsealError } from "../../errors/index.js";
import { auditTiles, checkCheckpointConsistency, openCheckpoint } from "../../tlog/index.js";
import { type Bundle, checkAppendOnly, splitLines } from "./audit-append-only.js";
import { type AuditFailureCode, AuditStop } from "./audit-failure.js";
import { readBranchHead } from "./branch-head.js";
import { isCommitSignedBy, type ParsedCommit, parseCommit } from "./commit.js";
import { ALLOWED_SIGNERS_PATH, CHECKPOINT_PATH, METADATA_PATH } from "./layout.js";
import { type LogMetadata, parseAllowedSigners, parseMetadata } from "./metadata.js";
import { ObjectStore } from "./objects.js";
import { WorkTree } from "./tree.js";

export type { AuditFailureCode } from "./audit-failure.js";

export interface AuditFailure {
  commit: string;
  code: AuditFailureCode;
  message: string;
}

export interface AuditReport {
  ok: boolean;
  head: string;
  commits: number;
  entries: number;
  origin: string | null;
  checkpoints: number;
  failure: AuditFailure | null;
}

export interface AuditOptions {
  /** Called after each commit: (commits done, total). */
  onProgress?: (done: number, total: number) => void;
  /** Called while a URL is cloned, with what the transfer is doing. */
  onClone?: (text: string) => void;
  /** A head seen earlier (e.g. by a previous audit): it must be in the audited history. */
  knownHead?: string;
  /** For an http(s) URL: the token the clone carries (HTTP Basic, to that origin only). */
  authToken?: string;
}

/** First-parent history from `head` back to the root, returned oldest first. */
async function linearHistory(
  store: ObjectStore,
  head: string,
): Promise<{ oid: string; commit: ParsedCommit }[]> {
  const out: { oid: string; commit: ParsedCommit }[] = [];
  let oid: string | undefined = head;
  while (oid) {
    const commit = parseCommit(await store.readTyped(oid, "commit"));
    out.push({ oid, commit });
    if (commit.parents.length > 1) {
      out.reverse();
      throw Object.assign(
        new AuditStop("GITLOG_AUDIT_NOT_LINEAR", "merge commits are not allowed in a log"),
        {
          commit: oid,
        },
      );
    }
    oid = commit.parents[0];
  }
  return out.reverse();
}

/** What the audit carries from one commit to the next. */
interface AuditState {
  signers: Uint8Array[] | null;
  metadata: LogMetadata | null;
  bundles: Bundle[];
  lastLines: string[];
  size: number;
  checkpoint: Buffer | null;
  tree: WorkTree | null;
}

/** Step 1: signed by an allowed signer of the parent (the root: its own); returns this commit's signers. */
async function checkSignature(
  commit: ParsedCommit,
  tree: WorkTree,
  state: AuditState,
): Promise<Uint8Array[]> {
  const own = parseAllowedSigners((await tree.readFile(ALLOWED_SIGNERS_PATH))?.toString("utf8") ?? "");
  if (commit.signature === null) throw new AuditStop("GITLOG_AUDIT_UNSIGNED", "commit is not signed");
  if (!isCommitSignedBy(commit, state.signers ?? own)) {
    throw new AuditStop("GITLOG_AUDIT_SIGNATURE_INVALID", "commit signature is not by an allowed signer");
  }
  return own;
}

/** Step 2: valid metadata whose origin never changes. */
async function checkMetadata(tree: WorkTree, state: AuditState): Promise<LogMetadata> {
  const bytes = await tree.readFile(METADATA_PATH);
  let meta: LogMetadata;
  try {
    meta = parseMetadata(bytes?.toString("utf8") ?? "");
  } catch (error) {
    throw new AuditStop("GITLOG_AUDIT_METADATA", (error as Error).message);
  }
  if (state.metadata && meta.origin !== state.metadata.origin) {
    throw new AuditStop(
      "GITLOG_AUDIT_METADATA",
      `origin changed from ${state.metadata.origin} to ${meta.origin}`,
    );
  }
  return meta;
}

/**
 * Step 4: the checkpoint (src/tlog) is signed by the log key, covers exactly the entries, and
 * is consistent with the previous one. Returns the checkpoint bytes, or null when absent.
 */
async function checkCheckpoint(
  tree: WorkTree,
  meta: LogMetadata,
  size: number,
  previous: Buffer | null,
): Promise<Buffer | null> {
  const next = await tree.readFile(CHECKPOINT_PATH);
  const key = meta.verifier_key;
  if (!next || !key) {
    if (previous || (size > 0 && key))
      throw new AuditStop("GITLOG_AUDIT_CHECKPOINT", "the checkpoint is missing");
    return next;
  }
  try {
    const opened = openCheckpoint(next, key).checkpoint;
    if (opened.size !== size) {
      throw new AuditStop(
        "GITLOG_AUDIT_CHECKPOINT",
        `checkpoint covers ${opened.size} entries, entries/ ${size}`,
      );
    }
    if (previous && !previous.equals(next)) {
      await checkCheckpointConsistency(previous, next, key, async (path) => tree.readFile(path));
    }
  } catch (error) {
    if (error instanceof AuditStop) throw error;
    throw new AuditStop("GITLOG_AUDIT_CHECKPOINT", `checkpoint: ${(error as Error).message}`);
  }
  return next;
}

/** Final step, at the head: every tile and every tile entry matches entries/, byte for byte. */
async function checkHeadTiles(store: ObjectStore, state: AuditState): Promise<void> {
  const { checkpoint, tree } = state;
  const key = state.metadata?.verifier_key;
  if (!checkpoint || !key || !tree) return;
  const lines: string[] = [];
  for (const bundle of state.bundles)
    lines.push(...splitLines(await store.readTyped(bundle.oid, "blob"), bundle.path));
  try {
    const opened = openCheckpoint(checkpoint, key).checkpoint;
    await auditTiles(
      async (path) => tree.readFile(path),
      opened,
      (entry, index) => {
        if (Buffer.from(entry).toString("utf8") !== lines[index]) {
          throw new AuditStop("GITLOG_AUDIT_CHECKPOINT", `tile entry ${index} differs from entries/`);
        }
      },
    );
  } catch (error) {
    if (error instanceof AuditStop) throw error;
    throw new AuditStop("GITLOG_AUDIT_CHECKPOINT", `tiles: ${(error as Error).message}`);
  }
}

/** The history to audit, oldest first; the head seen earlier (`knownHead`) must be in it. */
async function historyToAudit(
  store: ObjectStore,
  head: string,
  knownHead: string | undefined,
): Promise<{ oid: string; commit: ParsedCommit }[]> {
  const history = await linearHistory(store, head);
  if (knownHead && !history.some((h) => h.oid === knownHead)) {
    throw Object.assign(
      new AuditStop(
        "GITLOG_AUDIT_NOT_DESCENDANT",
        `the previously seen head ${knownHead} is not in this history: the log was rewritten`,
      ),
      { commit: head },
    );
  }
  return history;
}

export async function auditGitDir(gitdir: string, options: AuditOptions = {}): Promise<AuditReport> {
  const store = new ObjectStore(gitdir);
  const head = await readBranchHead(gitdir);
  if (!head)
    throw new TrailsealError("GITLOG_NOT_A_LOG", `${gitdir} has no main branch: not a trailseal log`);
  const report: AuditReport = {
    ok: true,
    head,
    commits: 0,
    entries: 0,
    origin: null,
    checkpoints: 0,
    failure: null,
  };
  const state: AuditState = {
    signers: null,
    metadata: null,
    bundles: [],
    lastLines: [],
    size: 0,
    checkpoint: null,
    tree: null,
  };
  let current = head;
  try {
    const history = await historyToAudit(store, head, options.knownHead);
    for (const [i, { oid, commit }] of history.entries()) {
      current = oid;
      const tree = await WorkTree.load(store, commit.tree);
      state.tree = tree;
      state.signers = await checkSignature(commit, tree, state);
      const meta = await checkMetadata(tree, state);
      state.metadata = meta;
      report.origin = meta.origin;
      Object.assign(state, await checkAppendOnly(store, tree, state));
      const checkpoint = await checkCheckpoint(tree, meta, state.size, state.checkpoint);
      if (checkpoint && meta.verifier_key) report.checkpoints++;
      state.checkpoint = checkpoint;
      report.commits = i + 1;
      report.entries = state.size;
      options.onProgress?.(i + 1, history.length);
    }
    await checkHeadTiles(store, state);
  } catch (error) {
    if (!(error instanceof AuditStop)) throw error;
    report.ok = false;
    const at = (error as AuditStop & { commit?: string }).commit;
    report.failure = { commit: at ?? current, code: error.code, message: error.message };
  }
  return report;
}

/**
 * Audits a log given as a local directory (read in place) or a git URL (fully cloned into a
 * temporary directory first, with the same transports as publishing).
 */
export async function auditLog(target: string, options: AuditOptions = {}): Promise<AuditReport> {
  const { existsSync } = await import("node:fs");
  const { resolveGitDir } = await import("./storage.js");
  if (existsSync(target)) return auditGitDir(resolveGitDir(target), options);
  const { mkdtemp, rm } = await import("node:fs/promises");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const { openRemote } = await import("./remote.js");
  const dir = await mkdtemp(join(tmpdir(), "trailseal-audit-"));
  try {
    const gitdir = await openRemote(target, { authToken: options.authToken }).clone(
      join(dir, "log"),
      0,
      undefined,
      options.onClone,
    );
    return await auditGitDir(gitdir, options);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
