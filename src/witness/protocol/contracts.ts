/**
 * The contracts between the witness parts: what a client of one witness offers (`WitnessClient`,
 * implemented over HTTP in witness/client and over a git clone in witness/gitlog), where a
 * witness server keeps anchors (`AnchorStorage`, implemented by the JSONL file in witness/server
 * and by the git log in witness/gitlog), and what a verified log says about one anchor
 * (`LogCheck`). Defined here, next to the wire schemas, so that no implementation imports
 * another: witness/index.ts composes them.
 */
import type { PinStatus } from "../../tlog/index.js";
import type { AnchorReceipt, AnchorRequest, StoredAnchor } from "./schemas.js";

/** One witness as the publisher and verifier see it; HTTP and git witnesses both implement it. */
export interface WitnessClient {
  readonly name: string;
  /** The anchor URL (HTTP) or repository URL (git): the identity a receipt is stored under. */
  readonly url: string;
  readonly kind: "http" | "git";
  publish(request: AnchorRequest, options: { signal: AbortSignal }): Promise<AnchorReceipt>;
  /**
   * GETs a stored anchor. `consistencyFrom` (HTTP witnesses serving a log): ask for the
   * consistency proof from the tree of that size (docs/protocol.md); others ignore it.
   * A git witness verifies the anchor in a clone and adds `CloneEvidence`.
   */
  fetchAnchor(
    anchorId: string,
    options: { signal: AbortSignal; consistencyFrom?: number },
  ): Promise<StoredAnchor>;
  /**
   * The newest anchor the witness holds for `keyId` (the latest-anchor extension of
   * docs/protocol.md); null when it holds none. Throws a coded error when it cannot answer
   * (unreachable, or a witness without the extension: WITNESS_LATEST_UNSUPPORTED).
   */
  fetchLatest(keyId: string, options: { signal: AbortSignal }): Promise<StoredAnchor | null>;
  /** Optional liveness check: a body with at least `status`. */
  health?(options: { signal: AbortSignal }): Promise<{ status: string } & Record<string, unknown>>;
}

/** A configured witness (relay-config.json `witness.endpoints`, or `--witness-url`). */
export interface WitnessEndpoint {
  url: string;
  name: string;
  auth_token?: string;
}

/** What a verified log said about one anchor (reported per witness). */
export interface LogCheck {
  origin: string;
  tree_size: number;
  log_index: number;
  /** Where the checkpoint stands against the pin: first seen, same tree, proven extension, or larger but unproven. */
  pin: PinStatus;
}

/**
 * The members a git witness's `fetchAnchor` adds to the stored anchor after verifying it in a
 * clone (signatures back to the entry's commit, inclusion under the head checkpoint, the pin).
 */
export interface CloneEvidence {
  log_index: number;
  /** The commit that added the entry. */
  commit: string;
  /** The branch head the verification started from. */
  log_head: string;
  /** Commits whose signatures were checked (head back to `commit`). */
  commits_checked: number;
  /** Tree size of the checkpoint the entry was proven included in (null: no checkpoint). */
  checkpoint_size: number | null;
  /** The checkpoint's origin (null: no checkpoint). */
  log_origin: string | null;
  /** The checkpoint against the reader's pin, when it was pinned. */
  pin?: PinStatus;
}

/** The log check a git witness's clone verification reported, if it reached a checkpoint. */
export function logCheckOfClone(anchor: Readonly<Record<string, unknown>>): LogCheck | undefined {
  const { log_origin, checkpoint_size, log_index, pin } = anchor as Partial<CloneEvidence>;
  return typeof log_origin === "string" && typeof checkpoint_size === "number" && typeof pin === "string"
    ? { origin: log_origin, tree_size: checkpoint_size, log_index: Number(log_index), pin }
    : undefined;
}

/** Health fields every storage backend reports (plus backend extras such as the git head). */
export interface StorageHealth {
  /** "file", "git" or "postgres". */
  backend: string;
  /** Durable anchors. */
  entries: number;
  /** Group-commit rounds (one write + fsync each) since the store was opened. */
  commits_since_start: number;
  /** Anchors written in those rounds: ÷ commits_since_start is the mean batch size. */
  anchors_since_start: number;
  [extra: string]: unknown;
}

/**
 * Where a witness keeps its anchors. Every backend (the JSONL file in witness/server, the git
 * transparency log in witness/gitlog) passes the same contract suite
 * (test/witness/server/storage-contract.ts).
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
  /**
   * The newest durable anchor whose `key_id` is `keyId` (the last one appended), exactly as
   * `get` returns it; null when none is held. Serves the latest-anchor extension
   * (docs/protocol.md), which verifiers use to find a cut trail.
   */
  latestForKey(keyId: string): Promise<StoredAnchor | null>;
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
  /**
   * Optional (logs that are not a git repository): a C2SP file of the log relative to its root
   * (`checkpoint`, `tile/<L>/<N>[.p/<W>]`, `tile/entries/<N>[.p/<W>]`) as committed, null when it
   * does not exist; served under `ROUTES.log`.
   */
  readLogFile?(path: string): Promise<Uint8Array | null>;
  /** The health body's storage fields. */
  health(): Promise<StorageHealth>;
  close(): Promise<void>;
}
