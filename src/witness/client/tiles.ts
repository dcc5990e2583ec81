/**
 * Verify by tiles: one anchor of a tiled transparency log (a git log served as raw files, or
 * any static copy) from its signed checkpoint, O(log n) hash tiles and one entry bundle — no
 * clone, no witness server. Picks the local receipts to check, proves the entry's inclusion,
 * compares it field by field with the local seal, and checks the checkpoint against the pin
 * of that log (fork detection). Throws TLOG_* codes; returns what was proven.
 */
import { configError, TrailsealError } from "../../errors/index.js";
import { homePaths } from "../../home/index.js";
import { findSeal, readSeals, type StoredReceipt, type StoredSeal } from "../../seal/index.js";
import {
  type Checkpoint,
  checkLogPin,
  type FetchLike,
  httpReader,
  inclusionFromTiles,
  type PinResult,
  parseVerifierKey,
  readCheckpoint,
} from "../../tlog/index.js";
import { diffAnchor, expectedAnchor } from "./verify.js";

export interface VerifyByTilesOptions {
  home: string;
  /** Raw base URL of the log (where `checkpoint` and `tile/` live). */
  tiles: string;
  anchor?: string;
  seal?: string;
  /** The log's C2SP verifier key; default: the `verifier_key` of the log's metadata file. */
  key?: string;
  /** The entry's log index, when neither the receipt nor the anchor id carries it. */
  index?: number;
  fetch?: FetchLike;
}

export interface TilesVerification {
  stored: StoredSeal;
  receipt: StoredReceipt;
  log_index: number;
  checkpoint: Checkpoint;
  proofLength: number;
  pin: PinResult;
  requests: number;
  bytes: number;
}

interface Candidate {
  stored: StoredSeal;
  receipt: StoredReceipt;
  index: number | undefined;
}

/** The entry's index: the explicit one, else the receipt's `log_index`, else the index in a git log anchor id. */
async function indexOf(receipt: StoredReceipt, explicit: number | undefined): Promise<number | undefined> {
  if (explicit !== undefined) return explicit;
  const fromReceipt = receipt.receipt.log_index;
  if (typeof fromReceipt === "number" && Number.isSafeInteger(fromReceipt)) return fromReceipt;
  const { layout } = await import("../gitlog/index.js");
  return layout.parseAnchorId(receipt.receipt.anchor_id)?.index;
}

/** The receipts to check: those of `--anchor`, else every receipt of the seal (default: the latest receipted one). */
async function selectCandidates(options: VerifyByTilesOptions): Promise<Candidate[]> {
  const seals = await readSeals(homePaths(options.home).seals);
  let pairs: { stored: StoredSeal; receipt: StoredReceipt }[];
  if (options.anchor) {
    pairs = seals.flatMap((stored) =>
      stored.receipts
        .filter((r) => r.receipt.anchor_id === options.anchor)
        .map((receipt) => ({ stored, receipt })),
    );
    if (pairs.length === 0)
      throw configError("TLOG_RECEIPT_NOT_FOUND", `no local receipt for anchor ${options.anchor}`, {
        hint: "`trailseal witness publish` records receipts; check --home",
      });
  } else {
    const stored = options.seal
      ? findSeal(seals, options.seal)
      : seals.findLast((s) => s.receipts.length > 0);
    if (!stored)
      throw configError("TLOG_RECEIPT_NOT_FOUND", "no seal has a witness receipt yet", {
        hint: "run `trailseal witness publish` first",
      });
    pairs = stored.receipts.map((receipt) => ({ stored, receipt }));
  }
  const out: Candidate[] = [];
  for (const pair of pairs) out.push({ ...pair, index: await indexOf(pair.receipt, options.index) });
  return out.filter((c) => c.index !== undefined);
}

/** The verifier key and origin: the explicit key (its name is the origin), else the log's metadata. */
async function logKey(
  options: VerifyByTilesOptions,
  read: ReturnType<typeof httpReader>["read"],
): Promise<{ key: string; origin: string }> {
  if (options.key) return { key: options.key, origin: parseVerifierKey(options.key).name };
  const { readPublishedLogKey } = await import("../gitlog/index.js");
  const metadata = await readPublishedLogKey(read);
  if (!metadata?.verifierKey)
    throw configError("TLOG_KEY_MISSING", "no verifier key for this log", {
      hint: "pass --key <name+id+key> (from the log's trailseal-log.json, obtained out of band)",
    });
  return {
    key: metadata.verifierKey,
    origin: metadata.origin ?? parseVerifierKey(metadata.verifierKey).name,
  };
}

export async function verifyByTiles(options: VerifyByTilesOptions): Promise<TilesVerification> {
  const found = await selectCandidates(options);
  if (found.length === 0)
    throw configError("TLOG_INDEX_UNKNOWN", "the receipt does not say where the anchor is in the log", {
      hint: "pass --index <n> (the log_index `witness verify` or GET /api/v1/anchors/:id reports)",
    });
  const { read, stats } = httpReader(options.tiles, options.fetch ? { fetch: options.fetch } : {});
  // With an explicit key the key's name is the log's origin (as for evidence), so a checkpoint
  // the key signed for another origin cannot land in, or escape, that origin's pin.
  const { key, origin } = await logKey(options, read);
  const { checkpoint, note } = await readCheckpoint(read, key, origin);

  for (const candidate of found) {
    const index = candidate.index!;
    if (index >= checkpoint.size) continue;
    const inclusion = await inclusionFromTiles(read, checkpoint, index);
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(Buffer.from(inclusion.entry).toString("utf8")) as Record<string, unknown>;
    } catch (cause) {
      throw new TrailsealError("TLOG_ENTRY_MISMATCH", `entry ${index} is not JSON`, { cause });
    }
    if (entry.anchor_id !== candidate.receipt.receipt.anchor_id) continue;
    const differences = diffAnchor(expectedAnchor(candidate.stored, candidate.receipt), entry);
    if (differences.length > 0)
      throw new TrailsealError(
        "TLOG_ENTRY_MISMATCH",
        `log entry ${index} differs from seal ${candidate.stored.id}: ${differences.map((d) => d.field).join(", ")}`,
        { details: differences, hint: "the log holds other data than this machine sealed" },
      );
    const pin = await checkLogPin({ pinsDir: homePaths(options.home).pins, note, checkpoint, key, read });
    return {
      stored: candidate.stored,
      receipt: candidate.receipt,
      log_index: index,
      checkpoint,
      proofLength: inclusion.proof.length,
      pin,
      requests: stats.requests,
      bytes: stats.bytes,
    };
  }
  throw new TrailsealError("TLOG_ENTRY_MISMATCH", "no entry of this log is the anchor of the receipt", {
    hint: `the log has ${checkpoint.size} entries; is --tiles the log that issued the receipt?`,
  });
}
