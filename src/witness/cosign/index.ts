/**
 * C2SP witnessing both ways. As a witness for other logs: the tlog-witness add-checkpoint state
 * machine (witness.ts, no HTTP), its durable per-origin state (state.ts: compare-and-swap under
 * a lock, fsync'd before the answer), and a node:http face (http.ts, server.ts) that only maps
 * refusals to the spec's statuses. The wire contract lives in protocol.ts, shared with the
 * cosign client that asks witnesses to cosign our own log.
 *
 * Specs: c2sp.org/tlog-witness, c2sp.org/tlog-cosignature, c2sp.org/tlog-policy.
 */

/** The log's own metadata file (`verifier_key`, `origin`), read the one way gitlog reads it. */
export { readPublishedLogKey } from "../gitlog/index.js";
export type { CosignCadence, CosignCadenceOptions } from "./cadence.js";
export { startCosignCadence } from "./cadence.js";
export type {
  CosignOutcome,
  CosignOutcomeStatus,
  CosignTarget,
  FetchLike as CosignFetch,
  RequestCosignaturesOptions,
} from "./client.js";
export { requestCosignatures } from "./client.js";
export type { CosignLogOptions, CosignLogResult } from "./cosign-log.js";
export { cosignedCheckpointPath, cosignLog, readCosignedCheckpoint } from "./cosign-log.js";
export { COSIGNED_HISTORY_LIMIT, findCosignedInHistory } from "./cosigned-history.js";
export type { AddCheckpointHandlerOptions } from "./http.js";
export { createAddCheckpointHandler } from "./http.js";
export type { KeptProofStatus } from "./kept-proof.js";
export { checkKeptSealProof, keepSealProof, keptProofPaths } from "./kept-proof.js";
export { withLogCheckout } from "./log-checkout.js";
export type { CosignedCommitResult } from "./log-commit.js";
export type { LogSnapshot } from "./log-source.js";
export { cloneLogHead, readLogSnapshot } from "./log-source.js";
export type { AddCheckpointRequest, CosignRefusalCode } from "./protocol.js";
export {
  ADD_CHECKPOINT_PATH,
  COSIGN_STATUS,
  formatAddCheckpoint,
  formatSizeBody,
  MAX_ADD_CHECKPOINT_BYTES,
  MAX_PROOF_LINES,
  parseAddCheckpoint,
  parseSizeBody,
  SIZE_CONTENT_TYPE,
} from "./protocol.js";
export type { SealCosignCheck, SealProof } from "./seal-proof.js";
export { buildSealProof, checkSealCosigned, sealEntryLeaf, verifySealProof } from "./seal-proof.js";
export type { CosignServerOptions, RunningCosignServer } from "./server.js";
export { startCosignServer } from "./server.js";
export type { CosignStateStore, WitnessedCheckpoint } from "./state.js";
export { memoryCosignState, openFileCosignState } from "./state.js";
export type { CheckpointWitness, CheckpointWitnessOptions } from "./witness.js";
export { createCheckpointWitness } from "./witness.js";
