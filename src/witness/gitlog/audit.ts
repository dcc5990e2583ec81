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
import { canonicalJson } from "../../encoding/index.js";
import { TrailsealError } from "../../errors/index.js";
import { auditTiles, checkCheckpointConsistency, openCheckpoint } from "../../tlog/index.js";
import { storedAnchorSchema } from "../protocol/index.js";
import { isCommitSignedBy, type ParsedCommit, parseCommit } from "./commit.js";
import {
  ALLOWED_SIGNERS_PATH,
  BUNDLE_SIZE,
  CHECKPOINT_PATH,
  ENTRIES_DIR,
  formatAnchorId,
  METADATA_PATH,
  parseEntriesFilePath,
  requestDigest,
} from "./layout.js";
import { canonicalRequest, readBranchHead } from "./log.js";
import { type LogMetadata, parseAllowedSigners, parseMetadata } from "./metadata.js";
import { ObjectStore } from "./objects.js";
import { WorkTree } from "./tree.js";

export type AuditFailureCode =
  | "GITLOG_AUDIT_UNSIGNED"
  | "GITLOG_AUDIT_SIGNATURE_INVALID"
  | "GITLOG_AUDIT_NOT_LINEAR"
  | "GITLOG_AUDIT_METADATA"
  | "GITLOG_AUDIT_ENTRY_CHANGED"
  | "GITLOG_AUDIT_ENTRY_REMOVED"
  | "GITLOG_AUDIT_ENTRY_INVALID"
  | "GITLOG_AUDIT_LAYOUT"
  | "GITLOG_AUDIT_CHECKPOINT"
  | "GITLOG_AUDIT_NOT_DESCENDANT";

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
  /** A head seen earlier (e.g. by a previous audit): it must be in the audited history. */
  knownHead?: string;
}

class AuditStop extends Error {
  constructor(
    readonly code: AuditFailureCode,
    message: string,
  ) {
    super(message);
  }
}

interface Bundle {
  n: number;
  path: string;
  oid: string;
}

async function listBundles(tree: WorkTree): Promise<Bundle[]> {
  const out: Bundle[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of (await tree.list(dir)) ?? []) {
      const path = `${dir}/${entry.name}`;
      if (entry.mode === "40000") await walk(path);
      else {
        const n = parseEntriesFilePath(path);
        if (n === null) throw new AuditStop("GITLOG_AUDIT_LAYOUT", `unexpected file ${path}`);
        out.push({ n, path, oid: entry.oid });
      }
    }
  };
  await walk(ENTRIES_DIR);
  out.sort((a, b) => a.n - b.n);
  out.forEach((bundle, i) => {
    if (bundle.n !== i) throw new AuditStop("GITLOG_AUDIT_LAYOUT", `entry bundle ${i} is missing`);
  });
  return out;
}

function splitLines(bytes: Buffer, path: string): string[] {
  const text = bytes.toString("utf8");
  if (text === "") return [];
  if (!text.endsWith("\n")) throw new AuditStop("GITLOG_AUDIT_LAYOUT", `${path} does not end in a newline`);
  const lines = text.slice(0, -1).split("\n");
  if (lines.length > BUNDLE_SIZE)
    throw new AuditStop("GITLOG_AUDIT_LAYOUT", `${path} has over ${BUNDLE_SIZE} lines`);
  return lines;
}

/** Checks one new entry line at `index`; returns nothing, throws AuditStop. */
function checkEntry(line: string, index: number): void {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new AuditStop("GITLOG_AUDIT_ENTRY_INVALID", `entry ${index} is not JSON`);
  }
  const parsed = storedAnchorSchema.safeParse(value);
  if (!parsed.success)
    throw new AuditStop("GITLOG_AUDIT_ENTRY_INVALID", `entry ${index} is not a valid anchor`);
  if (canonicalJson(value) !== line) {
    throw new AuditStop("GITLOG_AUDIT_ENTRY_INVALID", `entry ${index} is not in canonical JSON`);
  }
  const expected = formatAnchorId(index, requestDigest(canonicalRequest(parsed.data)));
  if (parsed.data.anchor_id !== expected) {
    throw new AuditStop(
      "GITLOG_AUDIT_ENTRY_INVALID",
      `entry ${index} has anchor_id ${parsed.data.anchor_id}, expected ${expected} (index or request changed)`,
    );
  }
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
 * Step 3: entries only appended, compared bundle by bundle with the parent; every new entry
 * checked. Returns the new bundles, the lines of the last one and the entry count.
 */
async function checkAppendOnly(
  store: ObjectStore,
  tree: WorkTree,
  state: AuditState,
): Promise<{ bundles: Bundle[]; lastLines: string[]; size: number }> {
  const { bundles, lastLines } = state;
  const next = await listBundles(tree);
  if (next.length < bundles.length) {
    throw new AuditStop("GITLOG_AUDIT_ENTRY_REMOVED", `entry bundle ${next.length} was removed`);
  }
  let size = 0;
  let nextLast: string[] = [];
  for (const bundle of next) {
    const before = bundles[bundle.n];
    const isLast = bundle.n === next.length - 1;
    const wasLast = bundle.n === bundles.length - 1;
    if (before && before.oid === bundle.oid) {
      size += wasLast ? lastLines.length : BUNDLE_SIZE;
      if (isLast) nextLast = lastLines;
      continue;
    }
    const lines = splitLines(await store.readTyped(bundle.oid, "blob"), bundle.path);
    if (!isLast && lines.length !== BUNDLE_SIZE) {
      throw new AuditStop("GITLOG_AUDIT_LAYOUT", `${bundle.path} is not full but is not the last bundle`);
    }
    const base = bundle.n * BUNDLE_SIZE;
    let old: string[] = [];
    if (before) {
      // Only the parent's last bundle may change, and only by growing at its end.
      old = wasLast ? lastLines : splitLines(await store.readTyped(before.oid, "blob"), before.path);
      for (const [j, line] of old.entries()) {
        if (lines[j] === undefined)
          throw new AuditStop("GITLOG_AUDIT_ENTRY_REMOVED", `entry ${base + j} was removed`);
        if (lines[j] !== line)
          throw new AuditStop("GITLOG_AUDIT_ENTRY_CHANGED", `entry ${base + j} was changed`);
      }
    }
    for (let j = old.length; j < lines.length; j++) checkEntry(lines[j]!, base + j);
    size += lines.length;
    if (isLast) nextLast = lines;
  }
  return { bundles: next, lastLines: nextLast, size };
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
    const gitdir = await openRemote(target).clone(join(dir, "log"), 0);
    return await auditGitDir(gitdir, options);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
