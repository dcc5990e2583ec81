import { configError, TrailsealError } from "../../errors/index.js";
import { homePaths } from "../../home/index.js";
import { readSeals, type StoredReceipt, type StoredSeal } from "../../seal/index.js";
import {
  checkPin,
  type FetchLike,
  httpReader,
  inclusionFromTiles,
  logPinName,
  type PinStatus,
  parseVerifierKey,
  readCheckpoint,
  readLogMetadata,
} from "../../tlog/index.js";
import { type CliIO, printJson, println } from "../io.js";

export interface WitnessVerifyTilesOptions {
  home: string;
  /** Raw base URL of the log (where `checkpoint` and `tile/` live). */
  tiles: string;
  anchor?: string;
  seal?: string;
  /** The log's C2SP verifier key; default: `verifier_key` of trailseal-log.json at the base URL. */
  key?: string;
  /** The entry's log index, when neither the receipt nor the anchor id carries it. */
  index?: number;
  json?: boolean;
  /** Injected in tests. */
  fetch?: FetchLike;
}

interface Candidate {
  stored: StoredSeal;
  receipt: StoredReceipt;
  index: number | undefined;
}

/** The entry's index: --index, else the receipt's `log_index`, else the index in a gitlog anchor id. */
async function indexOf(receipt: StoredReceipt, explicit: number | undefined): Promise<number | undefined> {
  if (explicit !== undefined) return explicit;
  const fromReceipt = receipt.receipt.log_index;
  if (typeof fromReceipt === "number" && Number.isSafeInteger(fromReceipt)) return fromReceipt;
  const { layout } = await import("../../witness/gitlog/index.js");
  return layout.parseAnchorId(receipt.receipt.anchor_id)?.index;
}

async function candidates(options: WitnessVerifyTilesOptions): Promise<Candidate[]> {
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
    const { findSeal } = await import("../../seal/index.js");
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
  return out;
}

/**
 * `trailseal witness verify --tiles <raw-base-url>`: verifies one anchor from the checkpoint,
 * O(log n) hash tiles and one entry bundle — no clone — and checks the log against the
 * checkpoint pinned from earlier runs (fork detection).
 */
export async function runWitnessVerifyTiles(options: WitnessVerifyTilesOptions, io: CliIO): Promise<number> {
  const found = (await candidates(options)).filter((c) => c.index !== undefined);
  if (found.length === 0)
    throw configError("TLOG_INDEX_UNKNOWN", "the receipt does not say where the anchor is in the log", {
      hint: "pass --index <n> (the log_index `witness verify` or GET /api/v1/anchors/:id reports)",
    });
  const { read, stats } = httpReader(options.tiles, options.fetch ? { fetch: options.fetch } : {});
  const metadata = options.key ? null : await readLogMetadata(read);
  const key = options.key ?? metadata?.verifierKey;
  if (!key)
    throw configError("TLOG_KEY_INVALID", "no verifier key for this log", {
      hint: "pass --key <name+id+key> (from the log's trailseal-log.json, obtained out of band)",
    });
  // With --key there is no metadata: the key's name is the log's origin (as in evidence.ts), so
  // a checkpoint the key signed for another origin cannot land in, or escape, that origin's pin.
  const { checkpoint, note } = await readCheckpoint(
    read,
    key,
    metadata?.origin ?? parseVerifierKey(key).name,
  );

  let match: { candidate: Candidate; entry: Record<string, unknown>; proofLength: number } | undefined;
  const { diffAnchor, expectedAnchor } = await import("../../witness/client/index.js");
  for (const candidate of found) {
    if (candidate.index! >= checkpoint.size) continue;
    const inclusion = await inclusionFromTiles(read, checkpoint, candidate.index!);
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(Buffer.from(inclusion.entry).toString("utf8")) as Record<string, unknown>;
    } catch (cause) {
      throw new TrailsealError("TLOG_ENTRY_MISMATCH", `entry ${candidate.index} is not JSON`, { cause });
    }
    if (entry.anchor_id !== candidate.receipt.receipt.anchor_id) continue;
    const differences = diffAnchor(expectedAnchor(candidate.stored, candidate.receipt), entry);
    if (differences.length > 0)
      throw new TrailsealError(
        "TLOG_ENTRY_MISMATCH",
        `log entry ${candidate.index} differs from seal ${candidate.stored.id}: ${differences.map((d) => d.field).join(", ")}`,
        { details: differences, hint: "the log holds other data than this machine sealed" },
      );
    match = { candidate, entry, proofLength: inclusion.proof.length };
    break;
  }
  if (!match)
    throw new TrailsealError("TLOG_ENTRY_MISMATCH", "no entry of this log is the anchor of the receipt", {
      hint: `the log has ${checkpoint.size} entries; is --tiles the log that issued the receipt?`,
    });

  // Pinned per log origin, so every way of reading one log (tiles, clone) shares one pin.
  const pin = await checkPin({
    pinsDir: homePaths(options.home).pins,
    witness: logPinName(checkpoint.origin),
    note,
    checkpoint,
    key,
    read,
  });
  const status: PinStatus = pin.status;
  const { candidate } = match;
  if (options.json) {
    printJson(io, {
      ok: true,
      seal_id: candidate.stored.id,
      anchor_id: candidate.receipt.receipt.anchor_id,
      log_index: candidate.index,
      tree_size: checkpoint.size,
      origin: checkpoint.origin,
      root_hash: Buffer.from(checkpoint.rootHash).toString("base64"),
      pin: status,
      requests: stats.requests,
      bytes: stats.bytes,
    });
  } else {
    println(
      io,
      `anchor ${candidate.receipt.receipt.anchor_id} verified by tiles: entry ${candidate.index} of ${checkpoint.size} in ${checkpoint.origin} matches ${candidate.stored.id}`,
    );
    println(
      io,
      `checkpoint signed by ${checkpoint.origin}; inclusion proof of ${match.proofLength} hashes; ${stats.requests} requests, ${stats.bytes} bytes`,
    );
    println(io, pinMessage(status, pin.previous?.size));
  }
  return 0;
}

function pinMessage(status: PinStatus, previous: number | undefined): string {
  switch (status) {
    case "new":
      return "first checkpoint seen from this log: pinned";
    case "same":
      return "same tree as the pinned checkpoint";
    case "extended":
      return `the log grew from the pinned ${previous} entries, consistently: pin moved forward`;
    case "unproven":
      return "the log grew but its extension could not be proven: pin kept";
  }
}
