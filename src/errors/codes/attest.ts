import type { ErrorCodeEntry } from "../code-entry.js";

/** The ATTEST_ codes (docs/attestation.md). */
export const ATTEST_CODES = {
  ATTEST_KEY_INVALID: {
    capability: "attest",
    exit: 2,
    meaning: "an attestation key is not an Ed25519 PEM key",
  },
  ATTEST_KEY_MISSING: { capability: "attest", exit: 2, meaning: "the home has no attestation key" },
  ATTEST_KEY_PERMISSIONS: {
    capability: "attest",
    exit: 2,
    meaning: "the attestation key is readable by other users",
  },
  ATTEST_RANGE_INVALID: { capability: "attest", exit: 2, meaning: "the revision range is not one git knows" },
  ATTEST_COMMIT_NOT_IN_TRAIL: {
    capability: "attest",
    exit: 1,
    meaning: "no event of the trail names the commit: it cannot be attested",
  },
  ATTEST_NOT_SEALED: { capability: "attest", exit: 1, meaning: "no seal covers the commit's event" },
  ATTEST_TRAIL_INVALID: {
    capability: "attest",
    exit: 1,
    meaning: "the trail does not verify against the seal an attestation would carry",
  },
  ATTEST_MISSING: {
    capability: "attest",
    exit: 1,
    meaning: "a commit has no attestation and one is required",
  },
  ATTEST_ENVELOPE_MALFORMED: {
    capability: "attest",
    exit: 1,
    meaning: "the attestation is not a DSSE envelope",
  },
  ATTEST_SIGNATURE_INVALID: {
    capability: "attest",
    exit: 1,
    meaning: "no signature of the envelope verifies with the attestation key",
  },
  ATTEST_STATEMENT_INVALID: {
    capability: "attest",
    exit: 1,
    meaning: "the payload is not the documented in-toto statement",
  },
  ATTEST_SUBJECT_MISMATCH: {
    capability: "attest",
    exit: 1,
    meaning: "the statement is about another commit",
  },
  ATTEST_CHAIN_BROKEN: {
    capability: "attest",
    exit: 1,
    meaning: "the carried trail range does not hash and link as a chain ending at the commit",
  },
  ATTEST_SUMMARY_MISMATCH: {
    capability: "attest",
    exit: 1,
    meaning: "counts or listed actions are not what the range's events say",
  },
  ATTEST_SEAL_MISMATCH: {
    capability: "attest",
    exit: 1,
    meaning: "the seal does not bind the carried events (tip, count or HMAC)",
  },
  ATTEST_WITNESS_INVALID: {
    capability: "attest",
    exit: 1,
    meaning: "no tlog-proof of the seal verifies (or none meets the quorum)",
  },
  ATTEST_WITNESS_CUT: {
    capability: "attest",
    exit: 1,
    meaning: "a witness asked holds no seal reaching the attested one, or another tip",
  },
  ATTEST_UNWITNESSED: {
    capability: "attest",
    exit: 1,
    meaning: "a witnessed seal is required and the attestation has none",
  },
} as const satisfies Record<`ATTEST_${string}`, ErrorCodeEntry>;
