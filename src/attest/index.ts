/**
 * Provenance for commits (docs/attestation.md): for each commit the trail saw made, an in-toto
 * Statement v1 (subject the commit, predicate what led to it: sessions, agents, the trail range,
 * its counts, denied and high-risk actions, the policy's digest, and the seal binding the range
 * with its witnesses' offline tlog-proofs) in a DSSE envelope signed with the home's Ed25519
 * attestation key; carried in git notes or files; verified from the attestation alone.
 *
 * Invariants: the attestation key is 0600 and never printed; nothing of an envelope read back is
 * trusted before its signature verifies; a commit without an attestation is never "verified".
 */
export { type AttestOptions, type AttestOutcome, attestCommits } from "./build.js";
export { type CompletenessJudgement, judgeCompleteness, type WitnessAsked } from "./complete.js";
export { type DsseEnvelope, IN_TOTO_PAYLOAD_TYPE, pae, parseEnvelope, signEnvelope } from "./dsse.js";
export {
  ATTEST_KEY_FILE,
  type AttestKey,
  attestKeyId,
  attestKeyPath,
  loadAttestKey,
  parsePublicKey,
  publicKeyPem,
} from "./key.js";
export {
  type ActionSummary,
  type CommitPredicate,
  type CommitStatement,
  PREDICATE_TYPE,
  STATEMENT_TYPE,
  summarizeRange,
} from "./predicate.js";
export {
  type AttestationStore,
  FETCHED_NOTES_REF,
  fetchNotes,
  listCommits,
  NOTES_REF,
  pushNotes,
  readAttestation,
  writeAttestation,
} from "./store.js";
export {
  type VerifiedAttestation,
  type VerifyAttestationOptions,
  verifyAttestation,
  type Witnessed,
} from "./verify.js";
