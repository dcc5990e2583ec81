import type { ErrorCodeEntry } from "../code-entry.js";

/** The COSIGN_ codes. */
export const COSIGN_CODES = {
  COSIGN_ALGORITHM_INVALID: {
    capability: "witness",
    exit: 2,
    meaning: "`witness keygen --algorithm`: not ed25519 or ml-dsa-44",
  },
  COSIGN_BODY_TOO_LARGE: {
    capability: "witness",
    exit: 1,
    meaning: "the add-checkpoint body is over the cap (413)",
  },
  COSIGN_CONFIG_UNREADABLE: {
    capability: "witness",
    exit: 2,
    meaning: "a witness policy, key or log file given to cosign cannot be read",
  },
  COSIGN_EMPTY_TREE_INVALID: {
    capability: "witness",
    exit: 1,
    meaning: "add-checkpoint: a size-0 checkpoint whose root is not the empty tree's (422)",
  },
  COSIGN_KEY_EXISTS: {
    capability: "witness",
    exit: 2,
    meaning: "keygen would overwrite an existing key file",
  },
  COSIGN_PORT_IN_USE: { capability: "witness", exit: 2, meaning: "the cosigning witness's port is taken" },
  COSIGN_LISTEN_FAILED: {
    capability: "witness",
    exit: 2,
    meaning: "the cosigning witness cannot listen on the address",
  },
  COSIGN_LOG_CLONE_FAILED: {
    capability: "witness",
    exit: 1,
    meaning: "the log to cosign could not be cloned",
  },
  COSIGN_LOG_KEY_REQUIRED: {
    capability: "witness",
    exit: 2,
    meaning: "--proof needs the log's verifier key",
  },
  COSIGN_LOG_MOVED: {
    capability: "witness",
    exit: 1,
    meaning: "the log's checkpoint changed while it was being verified",
  },
  COSIGN_LOG_NOT_IN_POLICY: {
    capability: "witness",
    exit: 2,
    meaning: "the witness policy does not list this log",
  },
  COSIGN_LOG_UNREADABLE: {
    capability: "witness",
    exit: 2,
    meaning: "the log to cosign cannot be read",
  },
  COSIGN_LOG_UNTRUSTED: {
    capability: "witness",
    exit: 1,
    meaning: "the log's checkpoint is not signed by its known key",
  },
  COSIGN_METHOD_NOT_ALLOWED: {
    capability: "witness",
    exit: 1,
    meaning: "add-checkpoint takes POST only (405)",
  },
  COSIGN_NAME_INVALID: {
    capability: "witness",
    exit: 2,
    meaning: "a witness name is not a valid note key name",
  },
  COSIGN_NO_LOGS: { capability: "witness", exit: 2, meaning: "the witness policy lists no log" },
  COSIGN_OLD_SIZE_MISMATCH: {
    capability: "witness",
    exit: 1,
    meaning: "add-checkpoint's old size is not the size this witness has seen (409)",
  },
  COSIGN_OLD_SIZE_TOO_LARGE: {
    capability: "witness",
    exit: 1,
    meaning: "add-checkpoint's old size is larger than the checkpoint",
  },
  COSIGN_PROOF_INVALID: { capability: "witness", exit: 1, meaning: "the consistency proof does not verify" },
  COSIGN_PROOF_NO_ENTRY: {
    capability: "witness",
    exit: 1,
    meaning: "the anchor is not in the log's checkpoint",
  },
  COSIGN_REQUEST_MALFORMED: {
    capability: "witness",
    exit: 1,
    meaning: "the add-checkpoint body is malformed",
  },
  COSIGN_ROOT_MISMATCH: {
    capability: "witness",
    exit: 1,
    meaning: "a different root at the size this witness has seen (a fork; 422)",
  },
  COSIGN_STATE_UNAVAILABLE: {
    capability: "witness",
    exit: 1,
    meaning: "the witness's state cannot be read or written now (503)",
  },
  COSIGN_STORE_REQUIRED: { capability: "witness", exit: 2, meaning: "--witness-policy needs --store" },
  COSIGN_UNKNOWN_LOG: {
    capability: "witness",
    exit: 1,
    meaning: "the checkpoint is for a log this witness does not know (404)",
  },
  COSIGN_UNTRUSTED_CHECKPOINT: {
    capability: "witness",
    exit: 1,
    meaning: "the checkpoint carries no signature by a known log key (403)",
  },
} as const satisfies Record<`COSIGN_${string}`, ErrorCodeEntry>;
