/**
 * Proofs computed from tiles read through an async `read(path)` — a git working tree, a commit
 * of the log, or HTTP. Tiles are authenticated only through the signed root: every result here
 * is checked against a checkpoint before it is returned.
 */
import type { Checkpoint } from "./checkpoint.js";
import { tlogError } from "./errors.js";
import {
  consistencyProofOf,
  HASH_SIZE,
  hashesEqual,
  inclusionProofOf,
  leafHash,
  rootHashOf,
  type SubtreeHash,
  verifyConsistency,
  verifyInclusion,
} from "./merkle.js";
import {
  completeRoot,
  entryBundlePath,
  parseEntryBundle,
  subtreeHashFromTiles,
  TILE_WIDTH,
  tilePath,
  tilesOfTree,
  tileWidth,
} from "./tiles.js";
import type { ReadLogFile } from "./writer.js";

/**
 * Reads tile N of level L (or the entry bundle, level "entries") at the width a tree needs. A
 * partial tile that is gone may be served by the full tile that replaced it (c2sp tlog-tiles
 * allows logs to delete partials): the first `width` hashes or entries are the same.
 */
export async function readTileBytes(
  read: ReadLogFile,
  level: number,
  index: number,
  width: number,
): Promise<Uint8Array> {
  const path = tilePath(level, index, width);
  let bytes = await read(path);
  if (!bytes && width < TILE_WIDTH)
    bytes = (await read(tilePath(level, index)))?.subarray(0, width * HASH_SIZE) ?? null;
  if (!bytes) throw tlogError("TLOG_TILE_MISSING", `${path} is missing`);
  if (bytes.length !== width * HASH_SIZE)
    throw tlogError("TLOG_TILE_MALFORMED", `${path} is ${bytes.length} bytes, expected ${width * HASH_SIZE}`);
  return bytes;
}

export async function readEntryBundle(
  read: ReadLogFile,
  index: number,
  width: number,
): Promise<Uint8Array[]> {
  const path = entryBundlePath(index, width);
  let bytes = await read(path);
  if (!bytes && width < TILE_WIDTH) bytes = await read(entryBundlePath(index));
  if (!bytes) throw tlogError("TLOG_TILE_MISSING", `${path} is missing`);
  const entries = parseEntryBundle(bytes);
  if (entries.length < width)
    throw tlogError("TLOG_BUNDLE_MALFORMED", `${path} holds ${entries.length} entries, expected ${width}`);
  return entries.slice(0, width);
}

/**
 * Runs `compute` over the tiles of the tree of `size`: a dry run with zero hashes learns which
 * tiles it reads (the nodes a proof visits do not depend on hash values), those are fetched in
 * parallel, then it runs on the real hashes.
 */
export async function withTiles<T>(
  size: number,
  read: ReadLogFile,
  compute: (subtree: SubtreeHash) => T,
): Promise<T> {
  const needed = new Map<string, [number, number, number]>();
  compute(
    subtreeHashFromTiles(size, (level, index, width) => {
      needed.set(`${level}/${index}`, [level, index, width]);
      return new Uint8Array(width * HASH_SIZE);
    }),
  );
  const tiles = new Map<string, Uint8Array>();
  await Promise.all(
    [...needed].map(async ([key, [level, index, width]]) => {
      tiles.set(key, await readTileBytes(read, level, index, width));
    }),
  );
  return compute(subtreeHashFromTiles(size, (level, index) => tiles.get(`${level}/${index}`)!));
}

export interface TileInclusion {
  index: number;
  entry: Uint8Array;
  leafHash: Uint8Array;
  proof: Uint8Array[];
}

/** Fetches entry `index` and its inclusion proof from tiles and verifies them against the checkpoint. */
export async function inclusionFromTiles(
  read: ReadLogFile,
  checkpoint: Checkpoint,
  index: number,
): Promise<TileInclusion> {
  const { size, rootHash } = checkpoint;
  if (!Number.isSafeInteger(index) || index < 0 || index >= size)
    throw tlogError("TLOG_INDEX_OUT_OF_RANGE", `index ${index} is not in the log (size ${size})`);
  const bundleIndex = Math.floor(index / TILE_WIDTH);
  const [entries, proof] = await Promise.all([
    readEntryBundle(read, bundleIndex, tileWidth(0, bundleIndex, size)),
    withTiles(size, read, (subtree) => inclusionProofOf(index, size, subtree)),
  ]);
  const entry = entries[index % TILE_WIDTH]!;
  const leaf = leafHash(entry);
  verifyInclusion(index, size, leaf, proof, rootHash);
  return { index, entry, leafHash: leaf, proof };
}

/**
 * Proves the tree of `next` extends the tree of `previous`, from the tiles of `next`. Throws
 * TLOG_ROLLBACK (smaller), TLOG_FORK_DETECTED (same size with another root, or not a prefix),
 * TLOG_TILE_MISMATCH (the tiles are not the tiles of `next`). Returns the consistency proof.
 */
export async function proveExtends(
  previous: Checkpoint,
  next: Checkpoint,
  read: ReadLogFile,
): Promise<Uint8Array[]> {
  if (previous.origin !== next.origin)
    throw tlogError(
      "TLOG_ORIGIN_MISMATCH",
      `checkpoints of different logs ("${previous.origin}", "${next.origin}")`,
    );
  if (next.size < previous.size)
    throw tlogError("TLOG_ROLLBACK", `the log went back from ${previous.size} to ${next.size} entries`, {
      hint: "a log only grows: this one was truncated or rewritten",
    });
  if (next.size === previous.size) {
    if (!hashesEqual(next.rootHash, previous.rootHash))
      throw tlogError("TLOG_FORK_DETECTED", `two different trees of size ${next.size}`, {
        hint: "the log showed different histories of the same length: keep both checkpoints as evidence",
      });
    return [];
  }
  if (previous.size === 0) return [];
  const { root, proof } = await withTiles(next.size, read, (subtree) => ({
    root: rootHashOf(next.size, subtree),
    proof: consistencyProofOf(previous.size, next.size, subtree),
  }));
  if (!hashesEqual(root, next.rootHash))
    throw tlogError(
      "TLOG_TILE_MISMATCH",
      `the tiles do not hash to the root of the checkpoint of size ${next.size}`,
    );
  try {
    verifyConsistency(previous.size, next.size, previous.rootHash, next.rootHash, proof);
  } catch (cause) {
    throw tlogError(
      "TLOG_FORK_DETECTED",
      `the tree of size ${next.size} does not extend the tree of size ${previous.size}`,
      {
        cause,
        hint: "history was rewritten: keep both checkpoints as evidence",
      },
    );
  }
  return proof;
}

export interface TileAudit {
  entries: number;
  tiles: number;
}

/**
 * Reads every tile and entry bundle of the tree of `checkpoint` and checks they are exactly the
 * tree: each level-0 hash is the leaf hash of its entry, each higher hash the root of the full
 * tile below, and the whole hashes to the checkpoint root. `onEntry` sees every entry in order.
 */
export async function auditTiles(
  read: ReadLogFile,
  checkpoint: Checkpoint,
  onEntry?: (entry: Uint8Array, index: number) => void,
): Promise<TileAudit> {
  const { size } = checkpoint;
  const rows: Uint8Array[][] = [];
  let tiles = 0;
  for (const { level, index, width } of tilesOfTree(size)) {
    const bytes = await readTileBytes(read, level, index, width);
    tiles++;
    if (level === 0) {
      const entries = await readEntryBundle(read, index, width);
      entries.forEach((entry, i) => {
        const at = index * TILE_WIDTH + i;
        if (!hashesEqual(leafHash(entry), bytes.subarray(i * HASH_SIZE, (i + 1) * HASH_SIZE)))
          throw tlogError("TLOG_TILE_MISMATCH", `entry ${at} does not hash to its level-0 tile hash`);
        onEntry?.(entry, at);
      });
    } else {
      for (let i = 0; i < width; i++) {
        const below = rows[level]?.[index * TILE_WIDTH + i];
        if (!below || !hashesEqual(below, bytes.subarray(i * HASH_SIZE, (i + 1) * HASH_SIZE)))
          throw tlogError(
            "TLOG_TILE_MISMATCH",
            `${tilePath(level, index, width)} hash ${i} is not the root of the tile below`,
          );
      }
    }
    if (width === TILE_WIDTH) {
      rows[level + 1] = rows[level + 1] ?? [];
      rows[level + 1]!.push(completeRoot(bytes, 0, TILE_WIDTH));
    }
  }
  const root = await withTiles(size, read, (subtree) => rootHashOf(size, subtree));
  if (!hashesEqual(root, checkpoint.rootHash))
    throw tlogError("TLOG_TILE_MISMATCH", "the tiles do not hash to the checkpoint root");
  return { entries: size, tiles };
}
