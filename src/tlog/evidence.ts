/**
 * Inclusion evidence as a witness hands it out with a stored anchor (GET /api/v1/anchors/:id,
 * `witness verify`): the entry's index, its inclusion proof as base64 hashes, and the signed
 * checkpoint the proof is for. The shape is a wire contract; `inclusionEvidenceSchema` parses it.
 */
import { z } from "zod";
import { type Checkpoint, openCheckpoint } from "./checkpoint.js";
import { tlogError } from "./errors.js";
import { HASH_SIZE, leafHash, verifyInclusion } from "./merkle.js";
import { decodeBase64Strict, type VerifierKey } from "./note.js";
import type { TlogWriter } from "./writer.js";

export interface InclusionEvidence {
  log_index: number;
  tree_size: number;
  /** Base64 of each 32-byte hash, leaf side first (RFC 6962 PATH). */
  inclusion_proof: string[];
  /** The signed checkpoint note the proof leads to. */
  checkpoint: string;
}

export const inclusionEvidenceSchema = z.object({
  log_index: z.number().int().nonnegative(),
  tree_size: z.number().int().positive(),
  inclusion_proof: z.array(z.string().max(64)).max(64),
  checkpoint: z.string().max(1 << 16),
});

/**
 * Evidence that entry `index` is in the writer's current tree, or in the earlier tree `at`
 * names (its size and signed note): a server whose writer is ahead of what is durable proves
 * against the durable checkpoint, so no client ever pins a tree that might not survive.
 */
export function proveInclusion(
  writer: TlogWriter,
  index: number,
  at?: { size: number; checkpoint: string },
): InclusionEvidence {
  const checkpoint = at?.checkpoint ?? writer.checkpoint;
  const size = at?.size ?? writer.size;
  if (checkpoint === undefined) throw tlogError("TLOG_INDEX_OUT_OF_RANGE", "the log is empty");
  if (!Number.isSafeInteger(index) || index < 0 || index >= size)
    throw tlogError("TLOG_INDEX_OUT_OF_RANGE", `index ${index} is not in a tree of size ${size}`);
  return {
    log_index: index,
    tree_size: size,
    inclusion_proof: writer.inclusionProof(index, size).map((h) => Buffer.from(h).toString("base64")),
    checkpoint,
  };
}

/**
 * Verifies evidence for `entry` (its exact bytes, the canonical JSON of the stored anchor):
 * the checkpoint's signature, that its size is the evidence's, and the inclusion proof.
 */
export function verifyInclusionEvidence(
  evidence: unknown,
  entry: Uint8Array,
  key: string | VerifierKey,
  origin?: string,
): { checkpoint: Checkpoint; note: string; logIndex: number } {
  const parsed = inclusionEvidenceSchema.safeParse(evidence);
  if (!parsed.success) throw tlogError("TLOG_INCLUSION_INVALID", "inclusion evidence is malformed");
  const { log_index, tree_size, inclusion_proof, checkpoint: note } = parsed.data;
  const opened = openCheckpoint(note, key, origin);
  if (opened.checkpoint.size !== tree_size)
    throw tlogError(
      "TLOG_INCLUSION_INVALID",
      `evidence says size ${tree_size}, its checkpoint ${opened.checkpoint.size}`,
    );
  const proof = inclusion_proof.map((text) => {
    const hash = decodeBase64Strict(text);
    if (!hash || hash.length !== HASH_SIZE)
      throw tlogError("TLOG_INCLUSION_INVALID", "proof element is not base64 of 32 bytes");
    return hash;
  });
  verifyInclusion(log_index, tree_size, leafHash(entry), proof, opened.checkpoint.rootHash);
  return { checkpoint: opened.checkpoint, note: opened.note, logIndex: log_index };
}
