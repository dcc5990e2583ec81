/**
 * The witness protocol: the one definition of the wire schemas, routes, limits and
 * error↔status table, and of the contracts between the witness parts (`WitnessClient`,
 * `AnchorStorage`, log evidence), imported by the client, the HTTP server and the git log. Invariants: the server validates with the strict schemas (what it accepts is
 * exactly what it stores), the client parses with the lenient ones (any witness speaking
 * docs/protocol.md works); both agree on every constant here. docs/protocol.md is the prose version.
 */
import type { Seal } from "../../seal/index.js";
import { type AnchorRequest, PROTOCOL } from "./schemas.js";

export type {
  AnchorStorage,
  CloneEvidence,
  LogCheck,
  StorageHealth,
  WitnessClient,
  WitnessEndpoint,
} from "./contracts.js";
export { logCheckOfClone } from "./contracts.js";
export { readTokenFor, serverTokens } from "./credentials.js";
export type { WitnessErrorCode } from "./errors.js";
export { ERROR_STATUS, isRetryableStatus, statusForError } from "./errors.js";
export { anchorPath, LATEST_QUERY, latestAnchorPath, ROUTES } from "./routes.js";
export type { AnchorReceipt, AnchorRequest, ErrorBody, HealthBody, Limits, StoredAnchor } from "./schemas.js";
export {
  ANCHOR_ID,
  ANCHOR_REQUEST_FIELDS,
  anchorReceiptSchema,
  anchorRequestSchema,
  CONSISTENCY_FROM_PARAM,
  consistencyProofSchema,
  EVIDENCE_FIELDS,
  errorBodySchema,
  hasInclusionEvidence,
  healthSchema,
  LIMITS,
  lenientHealthSchema,
  lenientReceiptSchema,
  lenientStoredAnchorSchema,
  logEntryOf,
  PROTOCOL,
  parseConsistencyFrom,
  parseLatestQuery,
  storedAnchorSchema,
} from "./schemas.js";
export {
  isGitWitnessUrl,
  toAnchorLookupUrl,
  toAnchorUrl,
  toHealthUrl,
  toLatestAnchorUrl,
  toWitnessBase,
  witnessIdentity,
} from "./urls.js";

/** The anchor request that publishes a seal: its fields mapped onto the request's (docs/protocol.md). */
export function anchorRequestFromSeal(seal: Seal): AnchorRequest {
  return {
    protocol: PROTOCOL,
    tip_hash: seal.chain_tip,
    chained_events: seal.event_count,
    seal_signature: seal.signature,
    key_id: seal.key_id,
    requested_at: seal.timestamp,
  };
}
