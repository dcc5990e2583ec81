/**
 * The git transparency log (docs/log-format.md): a git repository
 * whose commits are SSH-signed (SSHSIG, namespace git) with the log's Ed25519 key and whose
 * entries are canonical-JSON anchors, only ever appended (docs/log-format.md).
 * Invariants: one writer format (log.ts); every commit written here verifies with stock
 * `git verify-commit` and the repo's allowed_signers; a write is acknowledged only once its
 * objects and ref are fsync'd; the log key never enters a repository.
 */

export type { AuditOptions, AuditReport } from "./audit.js";
export { auditGitDir, auditLog } from "./audit.js";
export type { GitWitnessOptions } from "./client.js";
export { createGitWitness, publishToGitLog } from "./client.js";
export type { LogCopier, LogCopierOptions } from "./copy.js";
export { openLogCopier } from "./copy.js";
// Our own log, cosigned: collecting witnesses' cosignatures for its checkpoint, committing them,
// and proofs that a seal is in the cosigned log (./cosigned).
export type { CosignCadence, CosignCadenceOptions } from "./cosigned/cadence.js";
export { startCosignCadence } from "./cosigned/cadence.js";
export type { CosignLogOptions, CosignLogResult } from "./cosigned/cosign-log.js";
export { cosignedCheckpointPath, cosignLog, readCosignedCheckpoint } from "./cosigned/cosign-log.js";
export { COSIGNED_HISTORY_LIMIT, findCosignedInHistory } from "./cosigned/cosigned-history.js";
export type { KeptProofStatus } from "./cosigned/kept-proof.js";
export { checkKeptSealProof, keepSealProof, keptProofPaths } from "./cosigned/kept-proof.js";
export { withLogCheckout } from "./cosigned/log-checkout.js";
export type { CosignedCommitResult } from "./cosigned/log-commit.js";
export type { LogSnapshot } from "./cosigned/log-source.js";
export { cloneLogHead, readLogSnapshot } from "./cosigned/log-source.js";
export type { SealCosignCheck, SealProof } from "./cosigned/seal-proof.js";
export { buildSealProof, checkSealCosigned, sealEntryLeaf, verifySealProof } from "./cosigned/seal-proof.js";
export type { InitLogOptions, InitLogResult } from "./init.js";
export { initLog } from "./init.js";
export type { LogKey } from "./keys.js";
export { loadLogKey } from "./keys.js";
export * as layout from "./layout.js";
export { canonicalRequest, LogState } from "./log.js";
export type { LogMetadata, PublishedLogKey } from "./metadata.js";
export { parseAllowedSigners, parseMetadata, readPublishedLogKey } from "./metadata.js";
export { openRemote } from "./remote.js";
export type { SshSig } from "./sshsig.js";
export { parseSshSig, serializeSshSig, signSshSig, verifySshSig } from "./sshsig.js";
export type { GitStorageOptions } from "./storage.js";
export { isGitLogDir, openGitStorage, repackLog, resolveGitDir } from "./storage.js";
export type { OnCheckpoint, VerifiedAnchor } from "./verify.js";
export { verifyAnchorInClone } from "./verify.js";
