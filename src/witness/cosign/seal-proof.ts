import { TrailsealError } from "../../errors/index.js";
import type { StoredReceipt, StoredSeal } from "../../seal/index.js";
import {
  formatTlogProof,
  inclusionProofOf,
  leafHash,
  parseCheckpoint,
  parseNote,
  parseTlogProof,
  type TlogProofVerification,
  type VerifierKey,
  verifyInclusion,
  verifyNote,
  verifyTlogProof,
  type WitnessPolicy,
  withTiles,
} from "../../tlog/index.js";
import { parseAnchorId } from "../gitlog/layout.js";
import { anchorRequestFromSeal, logEntryOf } from "../protocol/index.js";
import { readCosignedCheckpoint } from "./cosign-log.js";
import { readLogSnapshot } from "./log-source.js";

/** The log entry a seal's receipt stands for: the bytes the log hashed as its leaf. */
export function sealEntryLeaf(stored: StoredSeal, receipt: StoredReceipt): Uint8Array {
  const entry = logEntryOf({
    ...anchorRequestFromSeal(stored.seal),
    anchor_id: receipt.receipt.anchor_id,
    witnessed_at: receipt.receipt.witnessed_at,
  });
  return leafHash(Buffer.from(entry, "utf8"));
}

function receiptIndex(receipt: StoredReceipt): number | undefined {
  const index = receipt.receipt.log_index;
  if (typeof index === "number" && Number.isSafeInteger(index) && index >= 0) return index;
  return parseAnchorId(receipt.receipt.anchor_id)?.index;
}

export interface SealProof {
  text: string;
  index: number;
  origin: string;
  size: number;
  anchorId: string;
  /** Names of the signature lines on the checkpoint besides the log's (the cosigners). */
  cosigners: string[];
}

/**
 * `witness proof --seal`: a c2sp.org/tlog-proof@v1 for the seal's anchor in a log — the latest
 * cosigned checkpoint of that log kept in the home (else the log's own checkpoint), the entry's
 * index and its inclusion proof from the log's tiles — checked before it is returned.
 */
export async function buildSealProof(options: {
  stored: StoredSeal;
  logDir: string;
  cosignedDir: string;
  logKey: VerifierKey | string;
}): Promise<SealProof> {
  const snapshot = await readLogSnapshot(options.logDir);
  const origin = parseNote(snapshot.note).text.split("\n")[0]!;
  const note = (await readCosignedCheckpoint(options.cosignedDir, origin)) ?? snapshot.note;
  const verified = verifyNote(note, options.logKey);
  const checkpoint = parseCheckpoint(verified.text);
  for (const receipt of options.stored.receipts) {
    const index = receiptIndex(receipt);
    if (index === undefined || index >= checkpoint.size) continue;
    const leaf = sealEntryLeaf(options.stored, receipt);
    const proof = await withTiles(checkpoint.size, snapshot.read, (subtree) =>
      inclusionProofOf(index, checkpoint.size, subtree),
    );
    try {
      verifyInclusion(index, checkpoint.size, leaf, proof, checkpoint.rootHash);
    } catch {
      continue; // a receipt from another witness or log
    }
    return {
      text: formatTlogProof({ index, proof, checkpoint: note }),
      index,
      origin,
      size: checkpoint.size,
      anchorId: receipt.receipt.anchor_id,
      cosigners: verified.signatures.map((s) => s.name).filter((name) => name !== verified.keyName),
    };
  }
  throw new TrailsealError(
    "COSIGN_PROOF_NO_ENTRY",
    `${options.stored.id} has no anchor in ${origin}'s checkpoint`,
    {
      hint: "publish the seal to this log and wait until its checkpoint includes it (and is cosigned)",
    },
  );
}

/**
 * `witness verify --proof`: checks a tlog-proof against the local seal and its receipts, with no
 * network: one receipt's entry must be the leaf the proof proves under a checkpoint the log key
 * signed (and, with a policy, cosigned to quorum: reported, the caller decides).
 */
export function verifySealProof(options: {
  stored: StoredSeal;
  proofText: string | Uint8Array;
  logKey: VerifierKey | string;
  policy?: WitnessPolicy;
}): TlogProofVerification & { anchorId: string; index: number } {
  const proof = parseTlogProof(options.proofText);
  let lastError: unknown = new TrailsealError(
    "TLOG_INCLUSION_INVALID",
    `no receipt of ${options.stored.id} is at index ${proof.index}`,
  );
  for (const receipt of options.stored.receipts) {
    const index = receiptIndex(receipt);
    if (index !== undefined && index !== proof.index) continue;
    try {
      const result = verifyTlogProof(proof, sealEntryLeaf(options.stored, receipt), {
        logKey: options.logKey,
        ...(options.policy ? { policy: options.policy } : {}),
      });
      return { ...result, anchorId: receipt.receipt.anchor_id, index: proof.index };
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
