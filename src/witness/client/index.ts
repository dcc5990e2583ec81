/**
 * The witness client (docs/protocol.md, docs/witnessing.md): publishes seals to witnesses with a quorum
 * and verifies that witnesses still hold what they receipted. Invariants: works with any
 * witness speaking docs/protocol.md (lenient parsing), never prints (the CLI and the relay format results),
 * never throws for a witness failure (an outcome says what happened), stores every receipt
 * durably before returning, and sends an auth token only as a Bearer header to its own witness.
 * Verify also checks a witness's transparency log when it offers one (evidence.ts): inclusion
 * under a signed checkpoint and the per-log pin (fork detection); witnesses without evidence
 * are checked exactly as docs/protocol.md allows. `verifyByTiles` checks one anchor from a tiled
 * log's checkpoint and tiles alone. Which client serves a URL (HTTP here, git in
 * witness/gitlog) is decided by the caller: witness/index.ts composes the two.
 */
import { homePaths } from "../../home/index.js";
import type { StoredReceipt, StoredSeal } from "../../seal/index.js";
import {
  isGitWitnessUrl,
  readTokenFor,
  type WitnessClient,
  type WitnessEndpoint,
  witnessIdentity,
} from "../protocol/index.js";
import { checkReceipts, type VerifyReceiptsResult } from "./verify.js";

export type { HttpWitnessOptions, WitnessFailureDetails } from "./http.js";
export { createHttpWitness } from "./http.js";
export type { AskLatestOptions, CutCheck, LatestAnswer, ReachStatus, WitnessReach } from "./latest.js";
export { askLatestWith, countsToCheck, describeCut, judgeReach } from "./latest.js";
export type {
  PublishOutcome,
  PublishResult,
  PublishSealDeps,
  PublishSealOptions,
  RetryPolicy,
} from "./publish.js";
export { assertQuorum, DEFAULT_RETRY_POLICY, publishSealWith, publishToWitness } from "./publish.js";
export type { TilesVerification, VerifyByTilesOptions } from "./tiles.js";
export { verifyByTiles } from "./tiles.js";
export type { FieldDifference, ReceiptCheck, VerifyReceiptsResult } from "./verify.js";
export { diffAnchor, expectedAnchor } from "./verify.js";

export interface VerifyReceiptsOptions {
  home: string;
  stored: StoredSeal;
  quorum: number;
  /** Clients to use instead of building them from the receipts' URLs (matched by witness identity). */
  clients?: WitnessClient[];
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The configured witnesses (relay-config.json): a git log's read carries the auth_token
   * configured for it, only to its own origin (readTokenFor), so a private log verifies. */
  endpoints?: readonly WitnessEndpoint[];
}

/**
 * GETs every receipted anchor and compares each field with the local seal (verify.ts), and
 * checks the log evidence of every match (evidence.ts). `createClient` builds the client of a
 * receipt's witness (HTTP or git: the composition in witness/index.ts).
 */
export async function verifyReceiptsWith(
  options: VerifyReceiptsOptions,
  deps: { createClient: (endpoint: WitnessEndpoint) => Promise<WitnessClient> },
): Promise<VerifyReceiptsResult> {
  const clientFor = async (receipt: StoredReceipt) => {
    const { url, name } = receipt.witness;
    const found = options.clients?.find((client) => witnessIdentity(client.url) === witnessIdentity(url));
    if (found) return found;
    const token = isGitWitnessUrl(url) ? readTokenFor(options.endpoints ?? [], url) : undefined;
    return deps.createClient({ url, name, ...(token === undefined ? {} : { auth_token: token }) });
  };
  // Lazy: the tlog verifier loads only for verify.
  const { checkWitnessLog, isLogFailure, pinnedLogSize } = await import("./evidence.js");
  const pinsDir = homePaths(options.home).pins;
  return checkReceipts(options, {
    clientFor,
    consistencyFrom: (client) => pinnedLogSize(client, pinsDir),
    checkLog: (client, anchor, signal, consistencyFrom) =>
      checkWitnessLog(client, anchor, { pinsDir, signal, consistencyFrom }),
    isLogFailure,
  });
}
export type { TilesCosignCheck } from "./tiles-cosigned.js";
export { checkTilesCosigned } from "./tiles-cosigned.js";
