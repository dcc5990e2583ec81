/**
 * The RFC 6962 Merkle tree (RFC 6962 §2.1, verification algorithms of RFC 9162 §2.1.3.2 and
 * §2.1.4.2). Pure: hashes in, hashes out. Proof *generation* reads complete subtree hashes
 * through a `SubtreeHash` callback, so the same code runs over the writer's in-memory rows and
 * over tiles fetched by a client (which first runs it with dummy hashes to learn what to fetch).
 *
 * Sizes and indices are JavaScript numbers (safe integers); bit tricks are written as
 * arithmetic because `>>` and `&` truncate to 32 bits.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { tlogError } from "./errors.js";

export const HASH_SIZE = 32;
const LEAF_PREFIX = Uint8Array.of(0x00);
const NODE_PREFIX = Uint8Array.of(0x01);

/** MTH({}) = SHA-256 of the empty string (e3b0c442…b855). */
export const EMPTY_ROOT: Uint8Array = createHash("sha256").digest();

/** SHA-256(0x00 ‖ entry). */
export function leafHash(entry: Uint8Array): Uint8Array {
  return createHash("sha256").update(LEAF_PREFIX).update(entry).digest();
}

/** SHA-256(0x01 ‖ left ‖ right). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return createHash("sha256").update(NODE_PREFIX).update(left).update(right).digest();
}

export function hashesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The largest power of two strictly smaller than n (n ≥ 2): RFC 6962's split point. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH of a list of leaf hashes (not entries: hash entries with `leafHash` first). */
export function rootFromLeaves(leafHashes: readonly Uint8Array[]): Uint8Array {
  if (leafHashes.length === 0) return EMPTY_ROOT;
  const mth = (lo: number, hi: number): Uint8Array => {
    if (hi - lo === 1) return leafHashes[lo]!;
    const k = splitPoint(hi - lo);
    return nodeHash(mth(lo, lo + k), mth(lo + k, hi));
  };
  return mth(0, leafHashes.length);
}

/** Hash of the complete subtree of 2^level leaves starting at leaf index × 2^level. */
export type SubtreeHash = (level: number, index: number) => Uint8Array;

/**
 * MTH(D[lo:hi]) where lo is a multiple of the largest power of two ≤ hi − lo, as in every
 * range RFC 6962's recursion visits: the range is its complete subtrees, largest first,
 * folded from the right.
 */
export function rangeHash(lo: number, hi: number, subtree: SubtreeHash): Uint8Array {
  const parts: Uint8Array[] = [];
  let pos = lo;
  let remaining = hi - lo;
  let level = 0;
  while (2 ** (level + 1) <= remaining) level++;
  for (; remaining > 0; level--) {
    const width = 2 ** level;
    if (width <= remaining) {
      parts.push(subtree(level, pos / width));
      pos += width;
      remaining -= width;
    }
  }
  let hash = parts.pop()!;
  while (parts.length > 0) hash = nodeHash(parts.pop()!, hash);
  return hash;
}

export function rootHashOf(size: number, subtree: SubtreeHash): Uint8Array {
  return size === 0 ? EMPTY_ROOT : rangeHash(0, size, subtree);
}

function assertSize(size: number, what: string): void {
  if (!Number.isSafeInteger(size) || size < 0)
    throw tlogError("TLOG_INDEX_OUT_OF_RANGE", `${what} ${size} is not a non-negative integer`);
}

/** PATH(index, D[0:size]) of RFC 6962 §2.1.1, leaf side first. */
export function inclusionProofOf(index: number, size: number, subtree: SubtreeHash): Uint8Array[] {
  assertSize(size, "tree size");
  if (!Number.isSafeInteger(index) || index < 0 || index >= size)
    throw tlogError("TLOG_INDEX_OUT_OF_RANGE", `index ${index} is not in a tree of size ${size}`);
  const path = (m: number, lo: number, hi: number): Uint8Array[] => {
    if (hi - lo === 1) return [];
    const k = splitPoint(hi - lo);
    if (m < lo + k) return [...path(m, lo, lo + k), rangeHash(lo + k, hi, subtree)];
    return [...path(m, lo + k, hi), rangeHash(lo, lo + k, subtree)];
  };
  return path(index, 0, size);
}

/** PROOF(oldSize, D[0:newSize]) of RFC 6962 §2.1.2. Empty when oldSize is 0 or equals newSize. */
export function consistencyProofOf(oldSize: number, newSize: number, subtree: SubtreeHash): Uint8Array[] {
  assertSize(oldSize, "old size");
  assertSize(newSize, "new size");
  if (oldSize > newSize)
    throw tlogError("TLOG_INDEX_OUT_OF_RANGE", `old size ${oldSize} is larger than new size ${newSize}`);
  if (oldSize === 0 || oldSize === newSize) return [];
  const subproof = (m: number, lo: number, hi: number, complete: boolean): Uint8Array[] => {
    if (m === hi - lo) return complete ? [] : [rangeHash(lo, hi, subtree)];
    const k = splitPoint(hi - lo);
    if (m <= k) return [...subproof(m, lo, lo + k, complete), rangeHash(lo + k, hi, subtree)];
    return [...subproof(m - k, lo + k, hi, false), rangeHash(lo, lo + k, subtree)];
  };
  return subproof(oldSize, 0, newSize, true);
}

function assertHashes(
  proof: readonly Uint8Array[],
  code: "TLOG_INCLUSION_INVALID" | "TLOG_CONSISTENCY_INVALID",
) {
  for (const hash of proof)
    if (hash.length !== HASH_SIZE) throw tlogError(code, `proof element is ${hash.length} bytes, not 32`);
}

const odd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);

/** The root an inclusion proof implies (RFC 9162 §2.1.3.2); throws when the proof has the wrong shape. */
export function rootFromInclusionProof(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
): Uint8Array {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size)
    throw tlogError("TLOG_INCLUSION_INVALID", `index ${index} is not in a tree of size ${size}`);
  if (leaf.length !== HASH_SIZE) throw tlogError("TLOG_INCLUSION_INVALID", "leaf hash is not 32 bytes");
  assertHashes(proof, "TLOG_INCLUSION_INVALID");
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) throw tlogError("TLOG_INCLUSION_INVALID", "inclusion proof is too long");
    if (odd(fn) || fn === sn) {
      r = nodeHash(p, r);
      if (!odd(fn))
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
    } else {
      r = nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) throw tlogError("TLOG_INCLUSION_INVALID", "inclusion proof is too short");
  return r;
}

/** Throws TLOG_INCLUSION_INVALID unless `proof` proves leaf `index` is in the tree of `size` with `root`. */
export function verifyInclusion(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): void {
  const computed = rootFromInclusionProof(index, size, leaf, proof);
  if (!hashesEqual(computed, root))
    throw tlogError("TLOG_INCLUSION_INVALID", `inclusion proof of index ${index} does not match the root`);
}

/**
 * Throws TLOG_CONSISTENCY_INVALID unless `proof` proves the tree of `oldSize` with `oldRoot` is
 * a prefix of the tree of `newSize` with `newRoot` (RFC 9162 §2.1.4.2).
 */
export function verifyConsistency(
  oldSize: number,
  newSize: number,
  oldRoot: Uint8Array,
  newRoot: Uint8Array,
  proof: readonly Uint8Array[],
): void {
  const fail = (why: string) =>
    tlogError("TLOG_CONSISTENCY_INVALID", `consistency ${oldSize} → ${newSize}: ${why}`);
  if (!Number.isSafeInteger(oldSize) || !Number.isSafeInteger(newSize) || oldSize < 0)
    throw fail("sizes are not non-negative integers");
  if (oldSize > newSize) throw fail("the new tree is smaller");
  assertHashes(proof, "TLOG_CONSISTENCY_INVALID");
  if (oldSize === newSize) {
    if (proof.length > 0) throw fail("proof must be empty for equal sizes");
    if (!hashesEqual(oldRoot, newRoot)) throw fail("same size, different roots");
    return;
  }
  if (oldSize === 0) {
    if (proof.length > 0) throw fail("proof must be empty from the empty tree");
    return;
  }
  if (proof.length === 0) throw fail("proof is empty");
  const path = [...proof];
  let pow = 1;
  while (pow < oldSize) pow *= 2;
  if (pow === oldSize) path.unshift(oldRoot);
  let fn = oldSize - 1;
  let sn = newSize - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) throw fail("proof is too long");
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (!odd(fn))
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) throw fail("proof is too short");
  if (!hashesEqual(fr, oldRoot)) throw fail("proof does not match the old root");
  if (!hashesEqual(sr, newRoot)) throw fail("proof does not match the new root");
}
