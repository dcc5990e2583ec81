import type { AnchorRequest, StoredAnchor } from "../protocol/index.js";

/**
 * Where a witness keeps its anchors. Every backend (the JSONL file here, the git transparency
 * log in witness/gitlog) passes the same contract suite (test/witness/server/storage-contract.ts).
 *
 * Contract:
 * - `append` is idempotent: the same request (every field equal) again resolves to the original
 *   anchor with `created: false` and adds nothing; concurrent identical requests create one.
 * - `append` resolves only once the anchor is durable (survives a crash and a reopen);
 *   a rejected append leaves nothing visible.
 * - `get` returns only durable anchors, exactly as stored (request fields unchanged, plus
 *   `anchor_id`, `witnessed_at` and backend extras); `null` for an unknown id.
 * - `count` is the number of distinct durable anchors.
 * - After `close`, nothing is pending and `append` rejects.
 * Failures that make the store unusable reject with code WITNESS_STORAGE_UNAVAILABLE (→ 503).
 */
export interface AnchorStorage {
  append(request: AnchorRequest): Promise<{ anchor: StoredAnchor; created: boolean }>;
  get(anchorId: string): Promise<StoredAnchor | null>;
  count(): Promise<number>;
  /**
   * Optional (transparency-log backends): inclusion evidence for a stored anchor — `log_index`,
   * `tree_size`, `inclusion_proof`, `checkpoint` (docs/protocol.md) — under the latest DURABLE
   * checkpoint; null when there is none. GET adds it to the stored anchor; it is never stored.
   * With `consistencyFrom` (1 ≤ N ≤ the evidence's tree_size; else it is ignored), also
   * `consistency_proof` from the tree of size N to that same checkpoint.
   */
  inclusionEvidence?(
    anchor: StoredAnchor,
    options?: { consistencyFrom?: number },
  ): Promise<Record<string, unknown> | null>;
  /** Extra fields for the health body (backend name, push lag, …). */
  health(): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}
