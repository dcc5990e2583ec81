import type { ErrorCodeEntry } from "../code-entry.js";

/** The TLOG_ codes. */
export const TLOG_CODES = {
  TLOG_BUNDLE_MALFORMED: { capability: "tlog", exit: 1, meaning: "an entry bundle is malformed" },
  TLOG_CHECKPOINT_MALFORMED: { capability: "tlog", exit: 1, meaning: "a checkpoint is malformed" },
  TLOG_CONSISTENCY_INVALID: { capability: "tlog", exit: 1, meaning: "a consistency proof does not verify" },
  TLOG_COSIGNATURE_INVALID: { capability: "tlog", exit: 1, meaning: "a witness cosignature does not verify" },
  TLOG_COSIGNATURE_MALFORMED: { capability: "tlog", exit: 1, meaning: "a witness cosignature is malformed" },
  TLOG_COSIGNER_KEY_INVALID: { capability: "tlog", exit: 1, meaning: "a cosigner key is malformed" },
  TLOG_ENTRY_MISMATCH: {
    capability: "tlog",
    exit: 1,
    meaning: "an entry in the log is not the expected one",
  },
  TLOG_ENTRY_TOO_LARGE: { capability: "tlog", exit: 1, meaning: "an entry is over the 65,535-byte limit" },
  TLOG_FETCH_FAILED: { capability: "tlog", exit: 1, meaning: "a log resource could not be fetched" },
  TLOG_FORK_DETECTED: {
    capability: "tlog",
    exit: 1,
    meaning: "the log's tree does not extend the pinned tree (a fork)",
  },
  TLOG_INCLUSION_INVALID: { capability: "tlog", exit: 1, meaning: "an inclusion proof does not verify" },
  TLOG_INDEX_OUT_OF_RANGE: { capability: "tlog", exit: 1, meaning: "an index is outside the tree" },
  TLOG_INDEX_UNKNOWN: {
    capability: "tlog",
    exit: 2,
    meaning: "the receipt does not say where the anchor is in the log",
  },
  TLOG_KEY_CHANGED: {
    capability: "tlog",
    exit: 1,
    meaning: "the log is now signed by another key than the pinned one",
  },
  TLOG_KEY_INVALID: { capability: "tlog", exit: 1, meaning: "a log verifier key is malformed or missing" },
  TLOG_KEY_MISSING: {
    capability: "tlog",
    exit: 2,
    meaning: "no verifier key was given for the log (a key or a witness policy naming it)",
  },
  TLOG_NOTE_MALFORMED: { capability: "tlog", exit: 1, meaning: "a signed note is malformed" },
  TLOG_NOTE_SIGNATURE_INVALID: {
    capability: "tlog",
    exit: 1,
    meaning: "a signed note's signature does not verify",
  },
  TLOG_NOTE_UNVERIFIED: {
    capability: "tlog",
    exit: 1,
    meaning: "a signed note carries no signature by the expected key",
  },
  TLOG_ORIGIN_MISMATCH: { capability: "tlog", exit: 1, meaning: "the checkpoint is for another log origin" },
  TLOG_PIN_CORRUPT: { capability: "tlog", exit: 1, meaning: "a pinned checkpoint is unreadable" },
  TLOG_POLICY_MALFORMED: { capability: "tlog", exit: 2, meaning: "a witness policy file is malformed" },
  TLOG_PROOF_MALFORMED: { capability: "tlog", exit: 1, meaning: "a tlog-proof is malformed" },
  TLOG_PROOF_TRUST_MISSING: {
    capability: "tlog",
    exit: 2,
    meaning: "a tlog-proof was to be verified with neither a log key nor a witness policy",
  },
  TLOG_RECEIPT_NOT_FOUND: {
    capability: "tlog",
    exit: 2,
    meaning: "there is no local receipt for that anchor",
  },
  TLOG_ROLLBACK: {
    capability: "tlog",
    exit: 1,
    meaning: "the log is smaller than the pinned tree (a rollback)",
  },
  TLOG_STATE_MISMATCH: {
    capability: "tlog",
    exit: 1,
    meaning: "the writer's state does not match the tiles",
  },
  TLOG_TILE_MALFORMED: { capability: "tlog", exit: 1, meaning: "a tile has the wrong size" },
  TLOG_TILE_MISMATCH: {
    capability: "tlog",
    exit: 1,
    meaning: "the tiles do not hash to the checkpoint's root",
  },
  TLOG_TILE_MISSING: { capability: "tlog", exit: 1, meaning: "a tile or the checkpoint is missing" },
} as const satisfies Record<`TLOG_${string}`, ErrorCodeEntry>;
