/**
 * tlog: the git log as a standard transparency log. Entries (canonical JSON of stored anchors)
 * are the leaves of an RFC 6962 Merkle tree, stored as C2SP tlog-tiles, with a C2SP
 * tlog-checkpoint signed as a C2SP signed-note by the log's Ed25519 key.
 *
 * Invariants: pure (no git, no HTTP framework; file and network access come in as `read`
 * functions and an injected `fetch`; only pins.ts touches the file system); every verifier
 * checks against a signed root before trusting tiles or entries; every failure is a
 * TrailsealError with a TLOG_* code. docs/tlog.md describes the format and the codes.
 */

export type { Checkpoint, OpenedCheckpoint } from "./checkpoint.js";
export { formatCheckpoint, openCheckpoint, parseCheckpoint } from "./checkpoint.js";
export type { TlogErrorCode } from "./errors.js";
export type { InclusionEvidence } from "./evidence.js";
export { inclusionEvidenceSchema, proveInclusion, verifyInclusionEvidence } from "./evidence.js";
export type { SubtreeHash } from "./merkle.js";
export {
  consistencyProofOf,
  EMPTY_ROOT,
  HASH_SIZE,
  hashesEqual,
  inclusionProofOf,
  leafHash,
  nodeHash,
  rootFromInclusionProof,
  rootFromLeaves,
  rootHashOf,
  verifyConsistency,
  verifyInclusion,
} from "./merkle.js";
export type { NoteSignature, NoteSigner, VerifiedNote, VerifierKey } from "./note.js";
export {
  decodeBase64Strict,
  generateNoteSigner,
  isValidKeyName,
  keyId,
  noteSignerFromKey,
  noteSignerFromSeed,
  parseNote,
  parseVerifierKey,
  signNote,
  verifierKey,
  verifyNote,
} from "./note.js";
export type { Pin, PinResult, PinStatus } from "./pins.js";
export { checkLogPin, checkPin, logPinName, pinPath, readPin } from "./pins.js";
export type { FetchLike, HttpReader, HttpReadStats, TileVerification } from "./tile-client.js";
export { httpReader, readCheckpoint, verifyEntryByTiles } from "./tile-client.js";
export type { TileAudit, TileInclusion } from "./tile-reader.js";
export { auditTiles, inclusionFromTiles, proveExtends, withTiles } from "./tile-reader.js";
export {
  encodeTileIndex,
  entryBundle,
  entryBundlePath,
  MAX_ENTRY_BYTES,
  parseEntryBundle,
  parseTilePath,
  TILE_HEIGHT,
  TILE_WIDTH,
  tilePath,
  tilesOfTree,
  tileWidth,
} from "./tiles.js";
export type { ReadLogFile, TlogWriterOptions } from "./writer.js";
export { CHECKPOINT_PATH, TlogChanges, TlogWriter } from "./writer.js";

import { openCheckpoint } from "./checkpoint.js";
import { tlogError } from "./errors.js";
import type { VerifierKey } from "./note.js";
import { proveExtends } from "./tile-reader.js";
import type { ReadLogFile } from "./writer.js";

/**
 * For `witness audit`: verifies both signed checkpoints with the log key and proves, from the
 * tiles of the later tree (`readTile`, files relative to the log root at the later commit), that
 * the later tree extends the earlier one. Throws TLOG_ROLLBACK, TLOG_FORK_DETECTED,
 * TLOG_TILE_MISMATCH, TLOG_NOTE_* or TLOG_CHECKPOINT_MALFORMED.
 */
export async function checkCheckpointConsistency(
  previousCheckpoint: string | Uint8Array,
  nextCheckpoint: string | Uint8Array,
  key: string | VerifierKey,
  readTile: ReadLogFile,
): Promise<{ previousSize: number; nextSize: number; proof: Uint8Array[] }> {
  const previous = openCheckpoint(previousCheckpoint, key).checkpoint;
  const next = openCheckpoint(nextCheckpoint, key).checkpoint;
  if (previous.origin !== next.origin)
    throw tlogError(
      "TLOG_ORIGIN_MISMATCH",
      `checkpoints of different logs ("${previous.origin}", "${next.origin}")`,
    );
  const proof = await proveExtends(previous, next, readTile);
  return { previousSize: previous.size, nextSize: next.size, proof };
}

export type {
  Cosignature,
  CosignatureCheck,
  CosignatureCheckOptions,
  CosignatureStatus,
} from "./cosignature.js";
export {
  appendCosignatures,
  checkCosignatures,
  cosignCheckpoint,
  cosignedMessage,
  cosignedMessageFor,
  parseSignatureLines,
  splitCosignedNote,
} from "./cosignature.js";
export type { CosignatureAlgorithm, Cosigner, CosignerVerifier } from "./cosigner-keys.js";
export {
  COSIGNATURE_V1_TYPE,
  cosignerFromSeed,
  cosignerKeyId,
  formatCosignerSkey,
  formatCosignerVkey,
  generateCosigner,
  ML_DSA_44_TYPE,
  parseCosignerSkey,
  parseCosignerVkey,
} from "./cosigner-keys.js";
export type { SubtreeStatement } from "./ml-dsa.js";
export { mlDsa44Verify, subtreeCosignedMessage } from "./ml-dsa.js";
export type { TlogProof, TlogProofVerification } from "./proof.js";
export { formatTlogProof, parseTlogProof, TLOG_PROOF_HEADER, verifyTlogProof } from "./proof.js";
export type {
  CosignedCheckpointVerification,
  PolicyGroup,
  PolicyLog,
  PolicyStatement,
  PolicyWitness,
  WitnessPolicy,
} from "./witness-policy.js";
export {
  formatWitnessPolicy,
  isQuorumMet,
  POLICY_LIMITS,
  parseWitnessPolicy,
  policyLogFor,
  verifyCosignedCheckpoint,
} from "./witness-policy.js";
