/**
 * The state of one transparency log repository and the one way entries are added to it:
 * `LogState.open` reads the branch head (entries, metadata, allowed signers); `stage` builds a
 * signed commit that appends entries (objects written, ref untouched); `publish` makes the
 * objects and the ref durable. The server backend (storage.ts) and direct publishing
 * (publish.ts) both append through here, so the format has exactly one writer.
 */
import { canonicalJson } from "../../encoding/index.js";
import { TrailsealError } from "../../errors/index.js";
import type { InclusionEvidence } from "../../tlog/index.js";
import {
  ANCHOR_REQUEST_FIELDS,
  type AnchorRequest,
  logEntryOf,
  type StoredAnchor,
} from "../protocol/index.js";
import { readBranchHead, updateBranchHead } from "./branch-head.js";
import { type CommitFields, parseCommit, signCommit } from "./commit.js";
import type { LogKey } from "./keys.js";
import {
  ALLOWED_SIGNERS_PATH,
  BRANCH_REF,
  BUNDLE_SIZE,
  bundleOf,
  COMMITTER,
  ENTRIES_DIR,
  entriesFilePath,
  formatAnchorId,
  METADATA_PATH,
  parseAnchorId,
  parseEntriesFilePath,
  requestDigest,
} from "./layout.js";
import { type LogMetadata, metadataPublicKey, parseAllowedSigners, parseMetadata } from "./metadata.js";
import { ObjectStore } from "./objects.js";
import { openTlogFiles, type TlogFiles } from "./tlog-files.js";
import { WorkTree } from "./tree.js";

/** The canonical request part of an anchor (its six fields, docs/protocol.md), as hashed for ids. */
export function canonicalRequest(request: AnchorRequest): string {
  const picked: Record<string, unknown> = {};
  for (const field of ANCHOR_REQUEST_FIELDS) picked[field] = request[field];
  return canonicalJson(picked);
}

export interface StagedCommit {
  commit: string;
  parent: string | null;
  anchors: StoredAnchor[];
  created: boolean[];
}

/** Reads every entry bundle of a tree in order; throws GITLOG_LAYOUT_INVALID on gaps. */
export async function readEntryLines(tree: WorkTree): Promise<string[]> {
  const bundles: string[] = [];
  const collect = async (dir: string): Promise<void> => {
    for (const entry of (await tree.list(dir)) ?? []) {
      const path = `${dir}/${entry.name}`;
      if (entry.mode === "40000") await collect(path);
      else bundles.push(path);
    }
  };
  await collect(ENTRIES_DIR);
  const numbered = bundles.map((path) => ({ path, n: parseEntriesFilePath(path) }));
  const bad = numbered.find((b) => b.n === null);
  if (bad) throw new TrailsealError("GITLOG_LAYOUT_INVALID", `unexpected file ${bad.path} under entries/`);
  numbered.sort((a, b) => a.n! - b.n!);
  const lines: string[] = [];
  for (const [i, bundle] of numbered.entries()) {
    if (bundle.n !== i) throw new TrailsealError("GITLOG_LAYOUT_INVALID", `entry bundle ${i} is missing`);
    const text = (await tree.readFile(bundle.path))!.toString("utf8");
    const bundleLines = text === "" ? [] : text.replace(/\n$/, "").split("\n");
    if (!text.endsWith("\n") || bundleLines.length > BUNDLE_SIZE) {
      throw new TrailsealError("GITLOG_LAYOUT_INVALID", `${bundle.path} is malformed`);
    }
    if (i < numbered.length - 1 && bundleLines.length !== BUNDLE_SIZE) {
      throw new TrailsealError(
        "GITLOG_LAYOUT_INVALID",
        `${bundle.path} is not full but is not the last bundle`,
      );
    }
    lines.push(...bundleLines);
  }
  return lines;
}

export class LogState {
  private readonly byDigest = new Map<string, number>();
  /** Entry indices of each key id, ascending (the latest-anchor question). */
  private readonly byKeyId = new Map<string, number[]>();
  private tlog: Promise<TlogFiles> | null = null;
  /** The branch head on disk as this state last saw it: `publish` moves the ref only from here. */
  private published: string | null;

  private constructor(
    readonly store: ObjectStore,
    readonly metadata: LogMetadata,
    readonly allowedSigners: Uint8Array[],
    public head: string | null,
    private tree: WorkTree,
    private lines: string[],
  ) {
    this.published = head;
    for (const [index, line] of lines.entries()) this.index(index, line);
  }

  private index(index: number, line: string): void {
    const entry = JSON.parse(line) as { anchor_id?: string; key_id?: unknown };
    const parsed = parseAnchorId(entry.anchor_id ?? "");
    if (parsed) this.byDigest.set(parsed.digest, index);
    if (typeof entry.key_id === "string") {
      const indices = this.byKeyId.get(entry.key_id);
      if (indices) indices.push(index);
      else this.byKeyId.set(entry.key_id, [index]);
    }
  }

  static async open(gitdir: string): Promise<LogState> {
    const store = new ObjectStore(gitdir);
    const head = await readBranchHead(gitdir);
    if (!head) {
      throw new TrailsealError("GITLOG_NOT_A_LOG", `${gitdir} has no ${BRANCH_REF}: not a trailseal log`, {
        hint: "create one with `trailseal witness init <dir>`",
      });
    }
    const commit = parseCommit(await store.readTyped(head, "commit"));
    const tree = await WorkTree.load(store, commit.tree);
    const metaBytes = await tree.readFile(METADATA_PATH);
    if (!metaBytes)
      throw new TrailsealError("GITLOG_NOT_A_LOG", `${METADATA_PATH} is missing: not a trailseal log`);
    const metadata = parseMetadata(metaBytes.toString("utf8"));
    const signers = parseAllowedSigners((await tree.readFile(ALLOWED_SIGNERS_PATH))?.toString("utf8") ?? "");
    return new LogState(store, metadata, signers, head, tree, await readEntryLines(tree));
  }

  get size(): number {
    return this.lines.length;
  }

  get publicKey(): Uint8Array {
    return metadataPublicKey(this.metadata);
  }

  entry(index: number): StoredAnchor | null {
    const line = this.lines[index];
    return line === undefined ? null : (JSON.parse(line) as StoredAnchor);
  }

  entryLine(index: number): string | null {
    return this.lines[index] ?? null;
  }

  /** The stored anchor with this id, or null (id form, index and digest must all match). */
  get(anchorId: string): StoredAnchor | null {
    const parsed = parseAnchorId(anchorId);
    if (!parsed) return null;
    const anchor = this.entry(parsed.index);
    return anchor && anchor.anchor_id === anchorId ? anchor : null;
  }

  /** The newest entry of `keyId` among the first `size` entries (the durable ones), or null. */
  latestForKey(keyId: string, size: number = this.lines.length): StoredAnchor | null {
    const indices = this.byKeyId.get(keyId) ?? [];
    for (let i = indices.length - 1; i >= 0; i--) if (indices[i]! < size) return this.entry(indices[i]!);
    return null;
  }

  /** The already stored anchor for this request, if any (idempotency). */
  find(request: AnchorRequest): StoredAnchor | null {
    const digest = requestDigest(canonicalRequest(request)).slice(0, 16);
    const index = this.byDigest.get(digest);
    if (index === undefined) return null;
    const anchor = this.entry(index)!;
    return canonicalRequest(anchor) === canonicalRequest(request) ? anchor : null;
  }

  /**
   * Builds (but does not publish) one signed commit appending every request not already in
   * the log. Duplicates, in the log or within the batch, get the existing anchor, created=false.
   * On failure the state must be discarded (re-open), as the in-memory tree may be ahead.
   */
  async stage(requests: readonly AnchorRequest[], now: Date, key: LogKey): Promise<StagedCommit> {
    const anchors: StoredAnchor[] = [];
    const created: boolean[] = [];
    const fresh: string[] = [];
    const witnessedAt = now.toISOString();
    for (const request of requests) {
      const existing = this.find(request);
      if (existing) {
        anchors.push(existing);
        created.push(false);
        continue;
      }
      const canonical = canonicalRequest(request);
      const index = this.lines.length;
      const anchor = {
        ...JSON.parse(canonical),
        anchor_id: formatAnchorId(index, requestDigest(canonical)),
        witnessed_at: witnessedAt,
      } as StoredAnchor;
      const line = logEntryOf(anchor);
      this.lines.push(line);
      this.index(index, line);
      fresh.push(line);
      anchors.push(anchor);
      created.push(true);
    }
    if (fresh.length === 0) return { commit: this.head!, parent: this.head, anchors, created };
    const { commit, parent } = await this.commitLines(fresh.length, now, key);
    return { commit, parent, anchors, created };
  }

  /**
   * Builds (but does not publish) one signed commit appending anchors another log already
   * sequenced (the public mirror of a database log): each must sit at the next index with the
   * id its request gives, and keeps its `witnessed_at`. Throws GITLOG_LAYOUT_INVALID otherwise,
   * having changed nothing.
   */
  async stageStored(anchors: readonly StoredAnchor[], now: Date, key: LogKey): Promise<StagedCommit> {
    for (const [i, anchor] of anchors.entries()) {
      const expected = formatAnchorId(this.lines.length + i, requestDigest(canonicalRequest(anchor)));
      if (anchor.anchor_id !== expected)
        throw new TrailsealError(
          "GITLOG_LAYOUT_INVALID",
          `anchor ${anchor.anchor_id} cannot be entry ${this.lines.length + i} (its id would be ${expected})`,
        );
    }
    if (anchors.length === 0) return { commit: this.head!, parent: this.head, anchors: [], created: [] };
    for (const anchor of anchors) {
      const line = logEntryOf(anchor);
      this.index(this.lines.length, line);
      this.lines.push(line);
    }
    const { commit, parent } = await this.commitLines(anchors.length, now, key);
    return { commit, parent, anchors: [...anchors], created: anchors.map(() => true) };
  }

  /** The signed commit for the last `count` lines (already in `lines`): bundles, tlog files, commit. */
  private async commitLines(
    count: number,
    now: Date,
    key: LogKey,
  ): Promise<{ commit: string; parent: string | null }> {
    const fresh = this.lines.slice(this.lines.length - count);
    const first = this.lines.length - fresh.length;
    for (let bundle = bundleOf(first); bundle <= bundleOf(this.lines.length - 1); bundle++) {
      const slice = this.lines.slice(bundle * BUNDLE_SIZE, (bundle + 1) * BUNDLE_SIZE);
      await this.tree.setFile(entriesFilePath(bundle), Buffer.from(`${slice.join("\n")}\n`));
    }
    const tlog = await this.openTlog();
    if (tlog.size !== first) {
      throw new TrailsealError(
        "GITLOG_LAYOUT_INVALID",
        `the tlog holds ${tlog.size} entries, entries/ ${first}`,
      );
    }
    const changes = tlog.append(
      fresh.map((line) => Buffer.from(line)),
      key,
    );
    for (const path of changes.remove) if (!changes.write.has(path)) await this.tree.removeFile(path);
    for (const [path, bytes] of changes.write) await this.tree.setFile(path, bytes);
    const last = this.lines.length - 1;
    const message = `log: add entries ${first}..${last} (size ${this.lines.length})\n`;
    const commit = await writeSignedCommit(this.store, await this.tree.write(), this.head, message, now, key);
    const parent = this.head;
    this.head = commit;
    return { commit, parent };
  }

  /**
   * The tlog writer over this state's tree, opened once (a single promise, so a reader and a
   * stage racing to open it share one writer and the writer never falls behind entries/).
   */
  private openTlog(): Promise<TlogFiles> {
    if (!this.tlog) {
      const opening = openTlogFiles((path) => this.tree.readFile(path), this.metadata.origin);
      this.tlog = opening;
      opening.catch(() => {
        if (this.tlog === opening) this.tlog = null;
      });
    }
    return this.tlog;
  }

  /** The signed checkpoint of the staged tree (after `publish`, the durable one); undefined when empty. */
  async checkpointNote(): Promise<string | undefined> {
    return (await this.openTlog()).checkpoint;
  }

  /**
   * Inclusion evidence for entry `index` under the checkpoint `at` (a tree this state has
   * reached), with the consistency proof from size `consistencyFrom` when 1 ≤ it ≤ `at.size`.
   */
  async inclusionEvidence(
    index: number,
    at: { size: number; checkpoint: string },
    consistencyFrom?: number,
  ): Promise<InclusionEvidence & { consistency_proof?: string[] }> {
    return (await this.openTlog()).evidence(index, at, consistencyFrom);
  }

  /**
   * Makes every staged object durable, then moves the branch to `head` (durably) — only if it
   * still points where this state read it; otherwise GITLOG_REF_MOVED and the state must be
   * re-opened.
   */
  async publish(): Promise<void> {
    if (this.head === this.published) return;
    await this.store.flush();
    await updateBranchHead(this.store.gitdir, this.published, this.head!);
    this.published = this.head;
  }
}

export async function writeSignedCommit(
  store: ObjectStore,
  tree: string,
  parent: string | null,
  message: string,
  now: Date,
  key: LogKey,
): Promise<string> {
  const who = { ...COMMITTER, time: Math.floor(now.getTime() / 1000) };
  const fields: CommitFields = {
    tree,
    parents: parent ? [parent] : [],
    author: who,
    committer: who,
    message,
  };
  return store.write("commit", signCommit(fields, key.privateKey));
}
