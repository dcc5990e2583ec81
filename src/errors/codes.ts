/**
 * The registry of error codes: one entry per code, with the capability that owns it, the exit code
 * the CLI ends with when the error reaches it, and a one-line meaning. `TrailsealError.code` is typed
 * as a key of this table, so a code must be registered before it can be thrown, and docs/cli.md's
 * table is generated from it (scripts/cli-reference.mjs). test/errors/codes.test.ts checks both ways:
 * every code in src/ is registered, every registered code is used in src/.
 *
 * Codes are stable (scripts and the witness protocol match on them); the meaning may be reworded.
 * Naming: CAPABILITY_[SUBJECT_]CONDITION, the condition last (`_INVALID`, `_MALFORMED`, `_NOT_FOUND`).
 */

/** 0 ok, 1 failure (including a failed verification), 2 usage or configuration, 3 quorum not met. */
export type ExitCode = 0 | 1 | 2 | 3;

export interface ErrorCodeEntry {
  /** The src/<capability> that throws it. */
  readonly capability: string;
  /**
   * The exit code the CLI ends with when this error reaches it. A throw site may still choose
   * another (the same malformed key is a usage error on the command line, a failed check in a
   * verification); TrailsealError takes the site's `exitCode`, default 1.
   */
  readonly exit: ExitCode;
  readonly meaning: string;
}

export const ERROR_CODES = {
  // ACTION_
  ACTION_EMPTY: { capability: "action", exit: 2, meaning: "no action on stdin" },
  ACTION_INVALID: { capability: "action-input", exit: 2, meaning: "the input is not a valid action" },
  ACTION_INVALID_JSON: { capability: "action-input", exit: 2, meaning: "the input is not JSON" },
  ACTION_TOO_LARGE: {
    capability: "action-input",
    exit: 2,
    meaning: "one action is larger than the size limit",
  },

  // CLI_
  CLI_INPUT_TOO_LARGE: { capability: "cli", exit: 2, meaning: "stdin is larger than the command accepts" },
  CLI_NO_INPUT: { capability: "cli", exit: 2, meaning: "the command expected input on stdin" },

  // CONFIG_
  CONFIG_INVALID: { capability: "relay", exit: 2, meaning: "relay-config.json does not match its schema" },
  CONFIG_INVALID_JSON: { capability: "relay", exit: 2, meaning: "relay-config.json is not JSON" },

  // COSIGN_
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
  COSIGN_KEY_EXISTS: {
    capability: "witness",
    exit: 2,
    meaning: "keygen would overwrite an existing key file",
  },
  COSIGN_LISTEN_FAILED: {
    capability: "witness",
    exit: 2,
    meaning: "the cosigning witness cannot listen on the address",
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
    meaning: "the log to cosign cannot be read or cloned",
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
    meaning: "a different root at the size this witness has seen (a fork)",
  },
  COSIGN_STATE_UNAVAILABLE: {
    capability: "witness",
    exit: 1,
    meaning: "the witness's state cannot be read or written now (503)",
  },
  COSIGN_STORE_REQUIRED: { capability: "witness", exit: 2, meaning: "--witness-policy needs --store" },
  COSIGN_TIMEOUT_INVALID: {
    capability: "witness",
    exit: 2,
    meaning: "the timeout is not a positive duration",
  },
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

  // DASHBOARD_
  DASHBOARD_ASSETS_MISSING: {
    capability: "dashboard",
    exit: 1,
    meaning: "the dashboard's page files are missing from the install",
  },
  DASHBOARD_HOST_REFUSED: {
    capability: "dashboard",
    exit: 1,
    meaning: "a request named a host that is not loopback (DNS rebinding guard)",
  },
  DASHBOARD_INTERNAL: {
    capability: "dashboard",
    exit: 1,
    meaning: "the dashboard could not answer a request",
  },
  DASHBOARD_LISTEN_FAILED: {
    capability: "dashboard",
    exit: 2,
    meaning: "the dashboard cannot listen on the address",
  },
  DASHBOARD_NOT_FOUND: { capability: "dashboard", exit: 1, meaning: "no such dashboard route" },
  DASHBOARD_PERIOD_INVALID: {
    capability: "dashboard",
    exit: 1,
    meaning: "the period is not one the dashboard offers",
  },
  DASHBOARD_PORT_IN_USE: { capability: "dashboard", exit: 2, meaning: "the dashboard's port is taken" },
  DASHBOARD_TOKEN_REQUIRED: {
    capability: "dashboard",
    exit: 2,
    meaning: "a dashboard on a non-loopback address needs a token",
  },
  DASHBOARD_TOKEN_WEAK: { capability: "dashboard", exit: 2, meaning: "the dashboard token is too short" },
  DASHBOARD_TOO_MANY_STREAMS: { capability: "dashboard", exit: 1, meaning: "too many open event streams" },
  DASHBOARD_UNAUTHORIZED: {
    capability: "dashboard",
    exit: 1,
    meaning: "the request's token is missing or wrong",
  },

  // DURABLE_
  DURABLE_LOCK_FAILED: { capability: "durable", exit: 1, meaning: "the cross-process lock cannot be taken" },
  DURABLE_LOCK_LOST: {
    capability: "durable",
    exit: 1,
    meaning: "the cross-process lock was taken away while held",
  },
  DURABLE_LOCK_TIMEOUT: {
    capability: "durable",
    exit: 1,
    meaning: "another process held the lock for too long",
  },
  DURABLE_WRITE_FAILED: {
    capability: "durable",
    exit: 1,
    meaning: "a write did not complete (the file was cut back to its last whole state)",
  },

  // EXPORT_
  EXPORT_CURSOR_CORRUPT: { capability: "export", exit: 2, meaning: "an export cursor file is unreadable" },
  EXPORT_CURSOR_INVALID: { capability: "export", exit: 2, meaning: "an export cursor name is not valid" },
  EXPORT_DESTINATION_MISSING: { capability: "export", exit: 2, meaning: "the export has nowhere to go" },
  EXPORT_HEADER_INVALID: { capability: "export", exit: 2, meaning: "a --header is not NAME=VALUE" },
  EXPORT_OTLP_FAILED: {
    capability: "export",
    exit: 1,
    meaning: "the OTLP endpoint did not accept the records (the cursor did not move)",
  },
  EXPORT_TRAIL_BROKEN: {
    capability: "export",
    exit: 1,
    meaning: "the trail holds a line that is not an event",
  },
  EXPORT_UNREADABLE: { capability: "export", exit: 2, meaning: "an exported file cannot be read" },

  // GITLOG_
  GITLOG_AUDIT_CHECKPOINT: {
    capability: "witness",
    exit: 1,
    meaning: "audit: a commit's checkpoint is missing, unsigned or wrong",
  },
  GITLOG_AUDIT_ENTRY_CHANGED: {
    capability: "witness",
    exit: 1,
    meaning: "audit: a commit changed an existing entry",
  },
  GITLOG_AUDIT_ENTRY_INVALID: {
    capability: "witness",
    exit: 1,
    meaning: "audit: an entry is not a valid anchor",
  },
  GITLOG_AUDIT_ENTRY_REMOVED: { capability: "witness", exit: 1, meaning: "audit: a commit removed entries" },
  GITLOG_AUDIT_LAYOUT: {
    capability: "witness",
    exit: 1,
    meaning: "audit: a commit holds a file outside the log layout",
  },
  GITLOG_AUDIT_METADATA: { capability: "witness", exit: 1, meaning: "audit: the log's metadata changed" },
  GITLOG_AUDIT_NOT_DESCENDANT: {
    capability: "witness",
    exit: 1,
    meaning: "audit: a previously seen head is gone (history rewritten)",
  },
  GITLOG_AUDIT_NOT_LINEAR: {
    capability: "witness",
    exit: 1,
    meaning: "audit: the history has a merge commit",
  },
  GITLOG_AUDIT_SIGNATURE_INVALID: {
    capability: "witness",
    exit: 1,
    meaning: "audit: a commit is signed by a key that is not allowed",
  },
  GITLOG_AUDIT_UNSIGNED: { capability: "witness", exit: 1, meaning: "audit: a commit is not signed" },
  GITLOG_GIT_FAILED: { capability: "witness", exit: 1, meaning: "a git command failed" },
  GITLOG_INIT_EXISTS: { capability: "witness", exit: 2, meaning: "the directory for a new log is not empty" },
  GITLOG_KEY_INVALID: {
    capability: "witness",
    exit: 1,
    meaning: "the log's signing key is malformed or not the log's key",
  },
  GITLOG_KEY_NOT_FOUND: {
    capability: "witness",
    exit: 2,
    meaning: "the log's signing key is not in the home",
  },
  GITLOG_KEY_PERMISSIONS: {
    capability: "witness",
    exit: 2,
    meaning: "the log's signing key is readable by other users",
  },
  GITLOG_LAYOUT_INVALID: {
    capability: "witness",
    exit: 1,
    meaning: "the log's tree does not have the log layout",
  },
  GITLOG_METADATA_INVALID: {
    capability: "witness",
    exit: 1,
    meaning: "the log's metadata file is not valid",
  },
  GITLOG_NOT_A_LOG: { capability: "witness", exit: 1, meaning: "the repository is not a trailseal log" },
  GITLOG_OBJECT_CORRUPT: { capability: "witness", exit: 1, meaning: "a git object is malformed" },
  GITLOG_OBJECT_MISSING: { capability: "witness", exit: 1, meaning: "a git object cannot be read" },
  GITLOG_OBJECT_TYPE: { capability: "witness", exit: 1, meaning: "a git object has the wrong type" },
  GITLOG_ORIGIN_INVALID: {
    capability: "witness",
    exit: 2,
    meaning: "--origin is not printable ASCII without spaces or '+'",
  },
  GITLOG_PUSH_REJECTED: {
    capability: "witness",
    exit: 1,
    meaning: "the log moved on while publishing (not a fast-forward)",
  },
  GITLOG_REF_MOVED: {
    capability: "witness",
    exit: 1,
    meaning: "the log's branch moved under a compare-and-swap",
  },
  GITLOG_SSHSIG_INVALID: { capability: "witness", exit: 1, meaning: "an SSH signature is malformed" },
  GITLOG_TEMPLATE_MISSING: {
    capability: "witness",
    exit: 1,
    meaning: "log-repo-template/ is missing from the install",
  },
  GITLOG_VERIFY_ENTRY_CHANGED: {
    capability: "witness",
    exit: 1,
    meaning: "verify: an entry differs from an earlier commit",
  },
  GITLOG_VERIFY_NOT_INCLUDED: {
    capability: "witness",
    exit: 1,
    meaning: "verify: the tiles do not hold the entries",
  },
  GITLOG_VERIFY_NOT_LINEAR: {
    capability: "witness",
    exit: 1,
    meaning: "verify: the history has a merge commit",
  },
  GITLOG_VERIFY_SIGNATURE_INVALID: {
    capability: "witness",
    exit: 1,
    meaning: "verify: a commit is not signed by the log key",
  },

  // HOOK_
  HOOK_AGENT_UNSUPPORTED: { capability: "hooks", exit: 2, meaning: "no hook install for that agent" },
  HOOK_PAYLOAD_INVALID: {
    capability: "hooks",
    exit: 2,
    meaning: "the agent's hook payload is not what that agent sends",
  },
  HOOK_SETTINGS_INVALID: {
    capability: "hooks",
    exit: 2,
    meaning: "the agent's settings file cannot be updated safely; nothing was changed",
  },

  // POLICY_
  POLICY_INVALID: { capability: "policy", exit: 2, meaning: "policy.yaml is not valid" },

  // REDACT_
  REDACT_EVENT_NOT_FOUND: { capability: "redact", exit: 2, meaning: "the trail has no event with that seq" },

  // RELAY_
  RELAY_ALREADY_RUNNING: { capability: "relay", exit: 1, meaning: "a relay already runs for this home" },
  RELAY_INTERNAL: { capability: "relay", exit: 1, meaning: "a relay round failed without a code of its own" },
  RELAY_INTERVAL_INVALID: { capability: "relay", exit: 2, meaning: "a relay interval is out of range" },
  RELAY_LOCK_FAILED: { capability: "relay", exit: 1, meaning: "the relay's lifetime lock cannot be taken" },
  RELAY_START_FAILED: { capability: "relay", exit: 1, meaning: "the relay could not be started" },
  RELAY_START_TIMEOUT: { capability: "relay", exit: 1, meaning: "the relay did not report ready in time" },
  RELAY_STOP_FAILED: { capability: "relay", exit: 1, meaning: "the relay could not be signalled" },
  RELAY_STOP_TIMEOUT: { capability: "relay", exit: 1, meaning: "the relay did not stop in time" },

  // REPORT_
  REPORT_PERIOD_INVALID: {
    capability: "report",
    exit: 2,
    meaning: "the report's period starts after it ends",
  },

  // RISK_
  RISK_PARSER_BACKEND_INVALID: {
    capability: "risk",
    exit: 2,
    meaning: "TRAILSEAL_SHELL_PARSER is not native, wasm or auto",
  },
  RISK_PARSER_NOT_LOADED: {
    capability: "risk",
    exit: 1,
    meaning: "the shell parser was used before it was loaded",
  },
  RISK_PARSER_UNAVAILABLE: {
    capability: "risk",
    exit: 1,
    meaning: "the shell parser (tree-sitter-bash) could not load",
  },

  // SEAL_
  SEAL_KEY_ID_INVALID: { capability: "seal", exit: 2, meaning: "a seal key id is malformed" },
  SEAL_KEY_INVALID: {
    capability: "seal",
    exit: 2,
    meaning: "the seal key is not 64 lowercase hex characters",
  },
  SEAL_KEY_MISSING: { capability: "seal", exit: 2, meaning: "the home has no seal key" },
  SEAL_KEY_PERMISSIONS: { capability: "seal", exit: 2, meaning: "the seal key is readable by other users" },
  SEAL_NOT_FOUND: { capability: "seal", exit: 1, meaning: "no such seal" },
  SEAL_SIGNATURE_INVALID: {
    capability: "seal",
    exit: 1,
    meaning: "a seal's HMAC does not verify with the seal key",
  },
  SEAL_STORE_CORRUPT: { capability: "seal", exit: 1, meaning: "seals.jsonl holds a line that is not a seal" },
  SEAL_TIP_MISMATCH: {
    capability: "seal",
    exit: 1,
    meaning: "a seal names a tip the trail does not have at that seq",
  },
  SEAL_TRAIL_TRUNCATED: {
    capability: "seal",
    exit: 1,
    meaning: "a seal covers events the trail no longer has",
  },

  // TIME_
  TIME_INVALID_DURATION: {
    capability: "time",
    exit: 2,
    meaning: "a duration is not like 30s, 15m, 24h or 7d",
  },
  TIME_INVALID_INSTANT: {
    capability: "time",
    exit: 2,
    meaning: "a time is not an ISO 8601 instant or a duration ago",
  },

  // TLOG_
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

  // TRAIL_
  TRAIL_CORRUPT: { capability: "trail", exit: 1, meaning: "the trail holds a line that is not an event" },
  TRAIL_NOT_FOUND: {
    capability: "trail",
    exit: 2,
    meaning: "there is no trail in the home (run trailseal init)",
  },
  TRAIL_UNREADABLE: { capability: "trail", exit: 2, meaning: "the trail cannot be read" },

  // WITNESS_
  WITNESS_ABORTED: { capability: "witness", exit: 1, meaning: "a witness request was aborted" },
  WITNESS_ANCHOR_NOT_FOUND: {
    capability: "witness",
    exit: 1,
    meaning: "the witness has no such anchor (404)",
  },
  WITNESS_DUPLICATE_ENDPOINT: {
    capability: "witness",
    exit: 2,
    meaning: "the same witness is configured twice",
  },
  WITNESS_FAILED: { capability: "witness", exit: 1, meaning: "a witness failed to take the anchor" },
  WITNESS_INTERNAL: { capability: "witness", exit: 1, meaning: "the witness server failed (500)" },
  WITNESS_INVALID_ANCHOR_ID: {
    capability: "witness",
    exit: 1,
    meaning: "an anchor id is not wit_ and URL-safe characters (400)",
  },
  WITNESS_INVALID_JSON: { capability: "witness", exit: 1, meaning: "the request body is not JSON (400)" },
  WITNESS_INVALID_REQUEST: {
    capability: "witness",
    exit: 1,
    meaning: "the request does not match the protocol (400)",
  },
  WITNESS_LISTEN_FAILED: {
    capability: "witness",
    exit: 2,
    meaning: "the witness server cannot listen on the address",
  },
  WITNESS_METHOD_NOT_ALLOWED: {
    capability: "witness",
    exit: 1,
    meaning: "that method is not allowed on the route (405)",
  },
  WITNESS_NO_ENDPOINTS: { capability: "witness", exit: 2, meaning: "no witness is configured" },
  WITNESS_PAYLOAD_TOO_LARGE: {
    capability: "witness",
    exit: 1,
    meaning: "the request body is over the cap (413)",
  },
  WITNESS_PUSH_UNSUPPORTED: {
    capability: "witness",
    exit: 2,
    meaning: "--push needs a git transparency log as --store",
  },
  WITNESS_QUORUM_INVALID: {
    capability: "witness",
    exit: 2,
    meaning: "the quorum is not a positive integer no larger than the witnesses",
  },
  WITNESS_QUORUM_NOT_MET: {
    capability: "witness",
    exit: 3,
    meaning: "fewer witnesses confirmed than the quorum",
  },
  WITNESS_RATE_LIMITED: { capability: "witness", exit: 1, meaning: "too many requests; retry later (429)" },
  WITNESS_REDIRECT_REFUSED: {
    capability: "witness",
    exit: 1,
    meaning: "a witness or git log redirected elsewhere; not followed",
  },
  WITNESS_REJECTED: { capability: "witness", exit: 1, meaning: "the witness refused the request (4xx)" },
  WITNESS_RESPONSE_INVALID: {
    capability: "witness",
    exit: 1,
    meaning: "the witness answered something that is not the protocol's",
  },
  WITNESS_ROUTE_NOT_FOUND: { capability: "witness", exit: 1, meaning: "no such witness route (404)" },
  WITNESS_SERVER_ERROR: {
    capability: "witness",
    exit: 1,
    meaning: "the witness answered a server error (5xx)",
  },
  WITNESS_STORAGE_CORRUPT: {
    capability: "witness",
    exit: 1,
    meaning: "the witness store holds a line that is not a stored anchor",
  },
  WITNESS_STORAGE_LOCKED: {
    capability: "witness",
    exit: 2,
    meaning: "another witness server holds the store",
  },
  WITNESS_STORAGE_UNAVAILABLE: {
    capability: "witness",
    exit: 1,
    meaning: "the witness store cannot be read or written now (503)",
  },
  WITNESS_STORE_REQUIRED: {
    capability: "witness",
    exit: 2,
    meaning: "witness serve needs --store (or --cosign-logs)",
  },
  WITNESS_TIMEOUT: { capability: "witness", exit: 1, meaning: "the witness did not answer in time" },
  WITNESS_TOKEN_INVALID: {
    capability: "witness",
    exit: 2,
    meaning: "a token is not 8 to 512 printable ASCII characters",
  },
  WITNESS_UNAUTHORIZED: { capability: "witness", exit: 1, meaning: "the token is missing or wrong (401)" },
  WITNESS_UNREACHABLE: { capability: "witness", exit: 1, meaning: "the witness cannot be reached" },
  WITNESS_UNSUPPORTED_MEDIA_TYPE: {
    capability: "witness",
    exit: 1,
    meaning: "the body is not application/json (415)",
  },
  WITNESS_URL_INVALID: {
    capability: "witness",
    exit: 2,
    meaning: "a witness URL is not valid (or carries credentials)",
  },
  WITNESS_WRONG_PROTOCOL: {
    capability: "witness",
    exit: 1,
    meaning: "the witness speaks another protocol version",
  },
} as const satisfies Record<string, ErrorCodeEntry>;

/** Every registered error code. */
export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}
