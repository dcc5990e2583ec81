/**
 * The log writer: keeps the tree in memory as the rows of hashes that tiles store (tree levels
 * 0, 8, 16, …), appends entries, and returns exactly the files one commit must write — changed
 * hash tiles, entry bundles and the signed `checkpoint` — plus the partial tiles they supersede.
 * It does no I/O of its own: `open` gets a reader of files relative to the log root.
 *
 * If the caller fails to persist what `append` returned, it must discard the writer and `open`
 * a new one from storage: the in-memory tree is already ahead.
 */
import { formatCheckpoint, parseCheckpoint } from "./checkpoint.js";
import { tlogError } from "./errors.js";
import {
  consistencyProofOf,
  EMPTY_ROOT,
  HASH_SIZE,
  hashesEqual,
  inclusionProofOf,
  leafHash,
  rootHashOf,
  type SubtreeHash,
} from "./merkle.js";
import { type NoteSigner, parseNote, signNote, verifierKey, verifyNote } from "./note.js";
import {
  completeRoot,
  entryBundle,
  entryBundlePath,
  levelCount,
  MAX_ENTRY_BYTES,
  parseEntryBundle,
  subtreeHashFromTiles,
  TILE_WIDTH,
  tilePath,
  tileWidth,
} from "./tiles.js";

/** Reads a file relative to the log root; null when it does not exist. */
export type ReadLogFile = (path: string) => Promise<Uint8Array | null>;

export const CHECKPOINT_PATH = "checkpoint";

/** A growable array of 32-byte hashes in one buffer (a million leaves is 32 MB, not a million objects). */
class HashRow {
  private buffer = new Uint8Array(HASH_SIZE * TILE_WIDTH);
  count = 0;

  push(hash: Uint8Array): void {
    if ((this.count + 1) * HASH_SIZE > this.buffer.length) {
      const grown = new Uint8Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer.set(hash, this.count * HASH_SIZE);
    this.count++;
  }

  at(index: number): Uint8Array {
    return this.buffer.subarray(index * HASH_SIZE, (index + 1) * HASH_SIZE);
  }

  tile(index: number, width: number): Uint8Array {
    const start = index * TILE_WIDTH * HASH_SIZE;
    return this.buffer.subarray(start, start + width * HASH_SIZE);
  }
}

/** The files of one append, keyed by path relative to the log root. */
export class TlogChanges extends Map<string, Uint8Array> {
  /** Partial tiles and bundles superseded by this append; delete them in the same commit (history keeps them). */
  readonly removed: string[] = [];
}

export interface TlogWriterOptions {
  /** The checkpoint origin of a new log (default: the signer's key name). */
  origin?: string;
}

export class TlogWriter {
  private readonly rows: HashRow[] = [new HashRow()];
  /** Entries of the rightmost, partial entry bundle (the only entries the writer keeps). */
  private pending: Uint8Array[] = [];
  private readonly memo = new Map<string, Uint8Array>();
  private origin: string | undefined;
  private note: string | undefined;
  private signerChecked = false;

  private constructor(origin: string | undefined) {
    this.origin = origin;
  }

  /** Rebuilds the tree from the stored level-0 tiles and checks it against the stored checkpoint. */
  static async open(read: ReadLogFile, options: TlogWriterOptions = {}): Promise<TlogWriter> {
    const writer = new TlogWriter(options.origin);
    const stored = await read(CHECKPOINT_PATH);
    if (!stored) return writer;
    const note = Buffer.from(stored).toString("utf8");
    const checkpoint = parseCheckpoint(parseNote(note).text);
    if (options.origin !== undefined && checkpoint.origin !== options.origin)
      throw tlogError(
        "TLOG_ORIGIN_MISMATCH",
        `the stored log is "${checkpoint.origin}", not "${options.origin}"`,
      );
    writer.origin = checkpoint.origin;
    writer.note = note;
    const size = checkpoint.size;
    const tiles = Math.ceil(size / TILE_WIDTH);
    for (let first = 0; first < tiles; first += 64) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(64, tiles - first) }, async (_, i) => {
          const index = first + i;
          const width = tileWidth(0, index, size);
          const path = tilePath(0, index, width);
          const bytes = await read(path);
          if (!bytes) throw tlogError("TLOG_TILE_MISSING", `${path} is missing from the log`);
          if (bytes.length !== width * HASH_SIZE)
            throw tlogError("TLOG_TILE_MALFORMED", `${path} has the wrong size`);
          return bytes;
        }),
      );
      for (const bytes of batch)
        for (let at = 0; at < bytes.length; at += HASH_SIZE)
          writer.pushLeafHash(bytes.subarray(at, at + HASH_SIZE));
    }
    const partial = size % TILE_WIDTH;
    if (partial > 0) {
      const path = entryBundlePath(Math.floor(size / TILE_WIDTH), partial);
      const bytes = await read(path);
      if (!bytes) throw tlogError("TLOG_TILE_MISSING", `${path} is missing from the log`);
      const entries = parseEntryBundle(bytes);
      const base = size - partial;
      if (
        entries.length !== partial ||
        entries.some((e, i) => !hashesEqual(leafHash(e), writer.rows[0]!.at(base + i)))
      )
        throw tlogError("TLOG_STATE_MISMATCH", `${path} does not match the level-0 tile`);
      writer.pending = entries.map((e) => new Uint8Array(e));
    }
    if (!hashesEqual(writer.rootHash(), checkpoint.rootHash))
      throw tlogError("TLOG_STATE_MISMATCH", "the stored tiles do not hash to the stored checkpoint's root", {
        hint: "the log's files were changed outside trailseal; run `trailseal witness audit`",
      });
    return writer;
  }

  get size(): number {
    return this.rows[0]!.count;
  }

  /** The latest signed checkpoint note (undefined for a log that has never been appended to). */
  get checkpoint(): string | undefined {
    return this.note;
  }

  private pushLeafHash(hash: Uint8Array): void {
    this.rows[0]!.push(hash);
    for (let level = 0; this.rows[level]!.count % TILE_WIDTH === 0; level++) {
      const row = this.rows[level]!;
      const full = row.tile(row.count / TILE_WIDTH - 1, TILE_WIDTH);
      if (!this.rows[level + 1]) this.rows.push(new HashRow());
      this.rows[level + 1]!.push(completeRoot(full, 0, TILE_WIDTH));
    }
  }

  private subtree(size: number): SubtreeHash {
    if (!Number.isSafeInteger(size) || size < 0 || size > this.size)
      throw tlogError("TLOG_INDEX_OUT_OF_RANGE", `tree size ${size} is not between 0 and ${this.size}`);
    return subtreeHashFromTiles(
      size,
      (level, index, width) => this.rows[level]!.tile(index, width),
      this.memo,
    );
  }

  leafHash(index: number): Uint8Array {
    if (!Number.isSafeInteger(index) || index < 0 || index >= this.size)
      throw tlogError("TLOG_INDEX_OUT_OF_RANGE", `index ${index} is not in a tree of size ${this.size}`);
    return new Uint8Array(this.rows[0]!.at(index));
  }

  rootHash(size = this.size): Uint8Array {
    return rootHashOf(size, this.subtree(size));
  }

  inclusionProof(index: number, size = this.size): Uint8Array[] {
    return inclusionProofOf(index, size, this.subtree(size));
  }

  consistencyProof(oldSize: number, newSize = this.size): Uint8Array[] {
    return consistencyProofOf(oldSize, newSize, this.subtree(newSize));
  }

  private pushEntries(entries: readonly Uint8Array[], changes?: TlogChanges): void {
    for (const entry of entries) {
      this.pending.push(new Uint8Array(entry));
      this.pushLeafHash(leafHash(entry));
      if (this.pending.length === TILE_WIDTH) {
        changes?.set(entryBundlePath((this.size - TILE_WIDTH) / TILE_WIDTH), entryBundle(this.pending));
        this.pending = [];
      }
    }
  }

  /**
   * Takes in entries another writer of the same log appended (a replica sharing one database),
   * with the checkpoint it signed for them: the tree moves forward without producing files.
   * The checkpoint must name this tree (origin, size and root hash), or TLOG_STATE_MISMATCH and
   * the writer must be discarded. Without `note` (a long catch-up read in parts), nothing is
   * checked until a later call that has one.
   */
  adopt(entries: readonly Uint8Array[], note?: string): void {
    this.pushEntries(entries);
    if (note === undefined) return;
    const checkpoint = parseCheckpoint(parseNote(note).text);
    if (
      (this.origin !== undefined && checkpoint.origin !== this.origin) ||
      checkpoint.size !== this.size ||
      !hashesEqual(this.rootHash(), checkpoint.rootHash)
    )
      throw tlogError(
        "TLOG_STATE_MISMATCH",
        `the checkpoint of size ${checkpoint.size} does not name the adopted tree`,
      );
    this.origin = checkpoint.origin;
    this.note = note;
  }

  /** Appends entries and returns the files to write in the same commit (and `removed`, to delete). */
  append(entries: readonly Uint8Array[], signer: NoteSigner): TlogChanges {
    const changes = new TlogChanges();
    if (entries.length === 0) return changes;
    for (const entry of entries)
      if (entry.length > MAX_ENTRY_BYTES)
        throw tlogError(
          "TLOG_ENTRY_TOO_LARGE",
          `entry of ${entry.length} bytes is over the 65,535-byte limit`,
        );
    const key = verifierKey(signer.name, signer.publicKey);
    if (this.note && !this.signerChecked) verifyNote(this.note, key);
    this.signerChecked = true;
    const origin = this.origin ?? signer.name;
    formatCheckpoint({ origin, size: 0, rootHash: EMPTY_ROOT }); // a bad origin throws before anything changes

    const oldSize = this.size;
    this.pushEntries(entries, changes);
    const newSize = this.size;
    if (this.pending.length > 0)
      changes.set(
        entryBundlePath(Math.floor(newSize / TILE_WIDTH), this.pending.length),
        entryBundle(this.pending),
      );
    if (oldSize % TILE_WIDTH > 0)
      changes.removed.push(entryBundlePath(Math.floor(oldSize / TILE_WIDTH), oldSize % TILE_WIDTH));

    for (let level = 0; levelCount(level, newSize) > 0; level++) {
      const before = levelCount(level, oldSize);
      const after = levelCount(level, newSize);
      if (after === before) continue;
      for (let index = Math.floor(before / TILE_WIDTH); index * TILE_WIDTH < after; index++) {
        const width = tileWidth(level, index, newSize);
        changes.set(tilePath(level, index, width), new Uint8Array(this.rows[level]!.tile(index, width)));
      }
      if (before % TILE_WIDTH > 0)
        changes.removed.push(tilePath(level, Math.floor(before / TILE_WIDTH), before % TILE_WIDTH));
    }

    const text = formatCheckpoint({ origin, size: newSize, rootHash: this.rootHash() });
    this.note = signNote(text, signer);
    this.origin = origin;
    changes.set(CHECKPOINT_PATH, Buffer.from(this.note, "utf8"));
    return changes;
  }
}
