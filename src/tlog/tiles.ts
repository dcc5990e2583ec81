/**
 * C2SP tlog-tiles (c2sp.org/tlog-tiles): the paths of hash tiles and entry bundles, their
 * contents, and how to read any complete subtree hash of a tree of a given size out of tiles.
 * A tile at level L holds up to 256 consecutive hashes of tree level 8·L; full tiles are 8,192
 * bytes, the rightmost ones of a tree are partial (`.p/<W>`).
 */
import { tlogError } from "./errors.js";
import { HASH_SIZE, nodeHash, type SubtreeHash } from "./merkle.js";

export const TILE_HEIGHT = 8;
export const TILE_WIDTH = 256;
export const MAX_ENTRY_BYTES = 0xffff;

/** `x001/x234/067` for 1234067: zero-padded 3-digit elements, all but the last prefixed by x. */
export function encodeTileIndex(index: number): string {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`bad tile index ${index}`);
  const groups: string[] = [];
  let n = index;
  do {
    groups.unshift(String(n % 1000).padStart(3, "0"));
    n = Math.floor(n / 1000);
  } while (n > 0);
  return groups.map((g, i) => (i < groups.length - 1 ? `x${g}` : g)).join("/");
}

/**
 * `tile/<L>/<N>[.p/<W>]`, or `tile/entries/<N>[.p/<W>]` for level "entries". A width of 256 (or
 * none) is a full tile.
 */
export function tilePath(level: number | "entries", index: number, width = TILE_WIDTH): string {
  if (level !== "entries" && (!Number.isInteger(level) || level < 0 || level > 63))
    throw new RangeError(`bad tile level ${level}`);
  if (!Number.isInteger(width) || width < 1 || width > TILE_WIDTH)
    throw new RangeError(`bad tile width ${width}`);
  const base = `tile/${level}/${encodeTileIndex(index)}`;
  return width === TILE_WIDTH ? base : `${base}.p/${width}`;
}

/**
 * The inverse of `tilePath`: `{ level, index, width }` for a well-formed tile or entry-bundle
 * path (level "entries" for bundles), null for anything else. Only the canonical spelling is
 * accepted (`tilePath` of the result gives the path back), so one file has one name.
 */
export function parseTilePath(
  path: string,
): { level: number | "entries"; index: number; width: number } | null {
  const match = /^tile\/(entries|\d{1,2})\/((?:x\d{3}\/){0,5}\d{3})(?:\.p\/(\d{1,3}))?$/.exec(path);
  if (!match) return null;
  const level = match[1] === "entries" ? "entries" : Number(match[1]);
  const index = Number(match[2]!.replaceAll("x", "").replaceAll("/", ""));
  const width = match[3] === undefined ? TILE_WIDTH : Number(match[3]);
  if (!Number.isSafeInteger(index) || width < 1 || width > TILE_WIDTH) return null;
  try {
    return tilePath(level, index, width) === path ? { level, index, width } : null;
  } catch {
    return null;
  }
}

export function entryBundlePath(index: number, width = TILE_WIDTH): string {
  return tilePath("entries", index, width);
}

/** Hashes at tree level 8·L in a tree of `size` leaves: floor(size / 256^L). */
export function levelCount(level: number, size: number): number {
  return Math.floor(size / TILE_WIDTH ** level);
}

/** Width of tile N at level L in a tree of `size` leaves (0 when the tree does not reach it). */
export function tileWidth(level: number, index: number, size: number): number {
  return Math.max(0, Math.min(TILE_WIDTH, levelCount(level, size) - index * TILE_WIDTH));
}

/** An entry bundle: each entry prefixed by its length as a big-endian uint16. */
export function entryBundle(entries: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const entry of entries) {
    if (entry.length > MAX_ENTRY_BYTES)
      throw tlogError("TLOG_ENTRY_TOO_LARGE", `entry of ${entry.length} bytes is over the 65,535-byte limit`);
    total += 2 + entry.length;
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const entry of entries) {
    out[at] = entry.length >> 8;
    out[at + 1] = entry.length & 0xff;
    out.set(entry, at + 2);
    at += 2 + entry.length;
  }
  return out;
}

export function parseEntryBundle(bytes: Uint8Array): Uint8Array[] {
  const entries: Uint8Array[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + 2 > bytes.length)
      throw tlogError("TLOG_BUNDLE_MALFORMED", "entry bundle ends inside a length prefix");
    const length = (bytes[at]! << 8) | bytes[at + 1]!;
    if (at + 2 + length > bytes.length)
      throw tlogError("TLOG_BUNDLE_MALFORMED", "entry bundle ends inside an entry");
    entries.push(bytes.subarray(at + 2, at + 2 + length));
    at += 2 + length;
    if (entries.length > TILE_WIDTH)
      throw tlogError("TLOG_BUNDLE_MALFORMED", "entry bundle holds over 256 entries");
  }
  return entries;
}

/** The bytes of tile N at level L with the given width: `width` hashes of tree level 8·L. */
export type TileSource = (level: number, index: number, width: number) => Uint8Array;

/** Root of 2^k consecutive hashes (complete subtree) starting at hash `from` of `hashes`. */
export function completeRoot(hashes: Uint8Array, from: number, count: number): Uint8Array {
  let layer: Uint8Array[] = [];
  for (let i = 0; i < count; i++)
    layer.push(hashes.subarray((from + i) * HASH_SIZE, (from + i + 1) * HASH_SIZE));
  while (layer.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < layer.length; i += 2) next.push(nodeHash(layer[i]!, layer[i + 1]!));
    layer = next;
  }
  return layer[0]!;
}

/**
 * Complete subtree hashes of the tree of `size` leaves, read from its tiles: the node at
 * (level h, index i) is a subtree of 2^(h mod 8) hashes in one tile of level floor(h / 8).
 */
export function subtreeHashFromTiles(
  size: number,
  source: TileSource,
  memo?: Map<string, Uint8Array>,
): SubtreeHash {
  return (level, index) => {
    const tileLevel = Math.floor(level / TILE_HEIGHT);
    const span = 2 ** (level % TILE_HEIGHT);
    const start = index * span;
    const tileIndex = Math.floor(start / TILE_WIDTH);
    const offset = start % TILE_WIDTH;
    const width = tileWidth(tileLevel, tileIndex, size);
    if (offset + span > width)
      throw tlogError(
        "TLOG_INDEX_OUT_OF_RANGE",
        `node ${level}/${index} is not complete in a tree of size ${size}`,
      );
    const key = memo && span > 1 ? `${level}/${index}` : undefined;
    const cached = key ? memo!.get(key) : undefined;
    if (cached) return cached;
    const tile = source(tileLevel, tileIndex, width);
    const hash = completeRoot(tile, offset, span);
    if (key) {
      if (memo!.size > 1 << 16) memo!.clear();
      memo!.set(key, hash);
    }
    return hash;
  };
}

/** Every tile (level, index, width) a tree of `size` leaves consists of, level by level. */
export function* tilesOfTree(size: number): Generator<{ level: number; index: number; width: number }> {
  for (let level = 0; levelCount(level, size) > 0; level++) {
    const count = levelCount(level, size);
    for (let index = 0; index * TILE_WIDTH < count; index++)
      yield { level, index, width: tileWidth(level, index, size) };
  }
}
