import type { ErrorCodeEntry } from "../code-entry.js";

/** The WITNESS_ codes. */
export const WITNESS_CODES = {
  WITNESS_ABORTED: { capability: "witness", exit: 1, meaning: "a witness request was aborted" },
  WITNESS_ANCHOR_NOT_FOUND: {
    capability: "witness",
    exit: 1,
    meaning: "the witness has no such anchor (404)",
  },
  WITNESS_CUT_DETECTED: {
    capability: "witness",
    exit: 1,
    meaning: "a witness holds a seal the local trail does not reach: the trail was cut or rewritten",
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
  WITNESS_LATEST_UNSUPPORTED: {
    capability: "witness",
    exit: 1,
    meaning: "the witness cannot say which seal it holds last for a key (no latest-anchor extension)",
  },
  WITNESS_PORT_IN_USE: { capability: "witness", exit: 2, meaning: "the witness server's port is taken" },
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
  WITNESS_MIRROR_REQUIRED: {
    capability: "witness",
    exit: 2,
    meaning: "a postgres:// store needs --mirror <git log> (the log's origin, key and public copy)",
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
  WITNESS_RECEIPT_MISMATCH: {
    capability: "witness",
    exit: 1,
    meaning: "a witness holds data for the seal that differs from the local seal",
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
  WITNESS_STORAGE_MISMATCH: {
    capability: "witness",
    exit: 2,
    meaning: "the database holds another log than the mirror names, or one the mirror is ahead of",
  },
  WITNESS_STORAGE_SCHEMA: {
    capability: "witness",
    exit: 2,
    meaning: "the database was migrated by a newer trailseal",
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
} as const satisfies Record<`WITNESS_${string}`, ErrorCodeEntry>;
