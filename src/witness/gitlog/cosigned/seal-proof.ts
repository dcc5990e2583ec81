import { TrailsealError } from "../../../errors/index.js";
import type { StoredReceipt, StoredSeal } from "../../../seal/index.js";
import {
  formatTlogProof,
  inclusionProofOf,
  leafHash,
  parseCheckpoint,
  parseNote,
  parseTlogProof,
  parseVerifierKey,
  type TlogProofVerification,
  type VerifierKey,
  verifyInclusion,
  verifyNote,
  verifyTlogProof,
  type WitnessPolicy,
  withTiles,
} from "../../../tlog/index.js";
import { anchorRequestFromSeal, logEntryOf } from "../../protocol/index.js";
import { parseAnchorId } from "../layout.js";
import { readCosignedCheckpoint } from "./cosign-log.js";
import { findCosignedInHistory, findInHistory } from "./cosigned-history.js";
import { type LogSnapshot, readLogSnapshot } from "./log-source.js";

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

/** The proof of one of the seal's receipts under `note` (a checkpoint of the snapshot's log). */
async function proofUnder(
  stored: StoredSeal,
  snapshot: LogSnapshot,
  note: string,
  logKey: VerifierKey | string,
): Promise<SealProof | null> {
  const verified = verifyNote(note, logKey);
  const checkpoint = parseCheckpoint(verified.text);
  for (const receipt of stored.receipts) {
    const index = receiptIndex(receipt);
    if (index === undefined || index >= checkpoint.size) continue;
    const leaf = sealEntryLeaf(stored, receipt);
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
      origin: checkpoint.origin,
      size: checkpoint.size,
      anchorId: receipt.receipt.anchor_id,
      cosigners: verified.signatures.map((s) => s.name).filter((name) => name !== verified.keyName),
    };
  }
  return null;
}

function noEntry(stored: StoredSeal, origin: string): TrailsealError {
  return new TrailsealError("COSIGN_PROOF_NO_ENTRY", `${stored.id} has no anchor in ${origin}'s checkpoint`, {
    hint: "publish the seal to this log and wait until its checkpoint includes it (and is cosigned)",
  });
}

/**
 * `witness proof --seal`: a c2sp.org/tlog-proof@v1 for the seal's anchor in a log, under the
 * best checkpoint that includes the entry: the latest cosigned checkpoint of that log kept in
 * the home, else the newest checkpoint in the log's history that carries signature lines besides
 * the log's (cosignatures, checked by whoever verifies the proof with a policy), else the log's
 * head checkpoint — with the entry's index and its inclusion proof from the log's tiles, checked
 * before it is returned.
 */
export async function buildSealProof(options: {
  stored: StoredSeal;
  logDir: string;
  cosignedDir: string;
  logKey: VerifierKey | string;
}): Promise<SealProof> {
  const snapshot = await readLogSnapshot(options.logDir);
  const origin = parseNote(snapshot.note).text.split("\n")[0]!;
  const attempt = async (note: string | null) => {
    if (note === null) return null;
    try {
      return await proofUnder(options.stored, snapshot, note, options.logKey);
    } catch {
      return null; // not signed by this log's key, or its tiles are not in this log
    }
  };
  const kept = await attempt(await readCosignedCheckpoint(options.cosignedDir, origin));
  if (kept) return kept;
  const headProof = await attempt(snapshot.note);
  if (headProof && headProof.cosigners.length > 0) return headProof;
  const logKey = typeof options.logKey === "string" ? parseVerifierKey(options.logKey) : options.logKey;
  const cosignedNote = await findInHistory(
    options.logDir,
    (note) =>
      parseNote(note).signatures.some((s) => s.name !== logKey.name || s.keyId !== logKey.keyId)
        ? note
        : null,
    { cosignedOnly: true, ...(snapshot.commit ? { rev: snapshot.commit } : {}) },
  );
  const older = await attempt(cosignedNote);
  if (older) return older;
  if (headProof) return headProof;
  throw noEntry(options.stored, origin);
}

/** Whether a seal's entry in a log is under a checkpoint cosigned to a policy's quorum. */
export interface SealCosignCheck {
  origin: string;
  size: number;
  index: number;
  anchorId: string;
  quorumMet: boolean;
  witnesses: { name: string; status: string }[];
}

/**
 * `witness verify --witness-policy` for a git log holding one of the seal's receipts: the entry
 * must be proven (inclusion proof from the log's tiles) under a checkpoint that the policy's log
 * key signed and whose cosignatures meet the policy's quorum. The candidates are the log's head
 * checkpoint and the latest cosigned checkpoint kept in this home for that log (the head has no
 * cosignatures between an append and the next cosigning round); the first meeting the quorum
 * wins, else the one with the most valid cosignatures is reported (quorumMet false, the caller
 * decides; on a tie the head's).
 */
export async function checkSealCosigned(options: {
  stored: StoredSeal;
  logDir: string;
  cosignedDir: string;
  policy: WitnessPolicy;
}): Promise<SealCosignCheck> {
  const snapshot = await readLogSnapshot(options.logDir);
  const origin = parseNote(snapshot.note).text.split("\n")[0]!;
  const log = options.policy.logs.find((l) => l.key.name === origin);
  if (!log)
    throw new TrailsealError("COSIGN_LOG_NOT_IN_POLICY", `the witness policy lists no log "${origin}"`, {
      hint: "add a line `log <the log's verifier key>` (trailseal-log.json verifier_key) to the policy",
    });
  const kept = await readCosignedCheckpoint(options.cosignedDir, origin);
  const candidates = kept !== null && kept !== snapshot.note ? [snapshot.note, kept] : [snapshot.note];
  let best: SealCosignCheck | undefined;
  let lastError: unknown = noEntry(options.stored, origin);
  const valid = (c: SealCosignCheck) => c.witnesses.filter((w) => w.status === "valid").length;
  let searched = false;
  for (let i = 0; i < candidates.length; i++) {
    let proof: SealProof | null;
    try {
      proof = await proofUnder(options.stored, snapshot, candidates[i]!, log.key);
    } catch (error) {
      lastError = error;
      proof = null;
    }
    if (proof) {
      const verified = verifySealProof({
        stored: options.stored,
        proofText: proof.text,
        logKey: log.key,
        policy: options.policy,
      });
      const check: SealCosignCheck = {
        origin,
        size: proof.size,
        index: proof.index,
        anchorId: proof.anchorId,
        quorumMet: verified.cosigned?.quorumMet ?? false,
        witnesses: (verified.cosigned?.witnesses ?? []).map((w) => ({ name: w.name, status: w.status })),
      };
      if (check.quorumMet) return check;
      if (!best || valid(check) > valid(best)) best = check;
    }
    if (i === candidates.length - 1 && !searched) {
      searched = true;
      // Last resort, once: an auditor's home keeps no cosigned checkpoint of someone else's
      // log, but the log's history may hold one (the newest is the one most likely to include
      // a recent entry; an older one cannot include what it does not).
      const earlier = await findCosignedInHistory(
        options.logDir,
        options.policy,
        snapshot.commit ? { rev: snapshot.commit } : {},
      );
      if (earlier && !candidates.includes(earlier.note)) candidates.push(earlier.note);
    }
  }
  if (best) return best;
  throw lastError;
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
