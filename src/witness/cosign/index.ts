/**
 * C2SP witnessing of other logs: the tlog-witness add-checkpoint state machine (witness.ts, no
 * HTTP), its durable per-origin state (state.ts: compare-and-swap under a lock, fsync'd before
 * the answer), and an Express face (http.ts, server.ts) that only maps refusals to the spec's
 * statuses. The wire contract lives in protocol.ts, shared with the cosign client (client.ts)
 * that asks witnesses to cosign a checkpoint. Cosigning our own log (collecting cosignatures,
 * committing them, proofs of a seal) is the git log's: witness/gitlog/cosigned.
 *
 * Specs: c2sp.org/tlog-witness, c2sp.org/tlog-cosignature, c2sp.org/tlog-policy.
 */

export type {
  CosignOutcome,
  CosignOutcomeStatus,
  CosignTarget,
  FetchLike as CosignFetch,
  RequestCosignaturesOptions,
} from "./client.js";
export { requestCosignatures } from "./client.js";
export type { AddCheckpointHandlerOptions } from "./http.js";
export { createAddCheckpointRouter } from "./http.js";
export type { WitnessView, WitnessViewStatus } from "./monitor.js";
export { checkWitnessViews, fetchWitnessCheckpoint } from "./monitor.js";
export type { AddCheckpointRequest, CosignRefusalCode } from "./protocol.js";
export {
  ADD_CHECKPOINT_PATH,
  COSIGN_STATUS,
  formatAddCheckpoint,
  formatSizeBody,
  MAX_ADD_CHECKPOINT_BYTES,
  MAX_PROOF_LINES,
  monitoringCheckpointPath,
  originHash,
  parseAddCheckpoint,
  parseSizeBody,
  SIZE_CONTENT_TYPE,
} from "./protocol.js";
export type { CosignServerOptions, RunningCosignServer } from "./server.js";
export { startCosignServer } from "./server.js";
export type { CosignStateStore, WitnessedCheckpoint } from "./state.js";
export { memoryCosignState, openFileCosignState, sameCheckpoint, updateCosignState } from "./state.js";
export type { CheckpointWitness, CheckpointWitnessOptions } from "./witness.js";
export { createCheckpointWitness } from "./witness.js";
