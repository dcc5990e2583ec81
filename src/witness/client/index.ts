/**
 * The witness client (SPEC §4.1–4.2, DESIGN §6): publishes seals to witnesses with a quorum
 * and verifies that witnesses still hold what they receipted. Invariants: works with any
 * SPEC §4.1 witness (lenient parsing), never prints (the CLI and the relay format results),
 * never throws for a witness failure (an outcome says what happened), stores every receipt
 * durably before returning, and sends an auth token only as a Bearer header to its own witness.
 * Verify also checks a witness's transparency log when it offers one (evidence.ts): inclusion
 * under a signed checkpoint and the per-log pin (fork detection); witnesses without evidence
 * are checked exactly as SPEC §4.1 allows.
 */
import { TrailsealError } from "../../errors/index.js";
import { homePaths } from "../../home/index.js";
import type { StoredReceipt, StoredSeal } from "../../seal/index.js";
import { isGitWitnessUrl } from "../protocol/index.js";
import { createHttpWitness } from "./http.js";
import { type PublishResult, type PublishSealOptions, publishSealWith } from "./publish.js";
import type { WitnessClient, WitnessEndpoint } from "./types.js";
import { type VerifyReceiptsResult, verifyReceiptsWith } from "./verify.js";

export type { LogCheck } from "./evidence.js";
export type { HttpWitnessOptions, WitnessFailureDetails } from "./http.js";
export { createHttpWitness } from "./http.js";
export type { PublishOutcome, PublishResult, PublishSealOptions, RetryPolicy } from "./publish.js";
export { assertQuorum, DEFAULT_RETRY_POLICY, publishToWitness } from "./publish.js";
export type { WitnessClient, WitnessEndpoint } from "./types.js";
export type { FieldDifference, ReceiptCheck, VerifyReceiptsResult } from "./verify.js";
export { diffAnchor, expectedAnchor } from "./verify.js";

export interface WitnessContext {
  home: string;
  fetch?: typeof fetch;
}

interface GitlogModule {
  createGitWitness(options: { url: string; name: string; authToken?: string; home: string }): WitnessClient;
}

/** An HTTP witness, or for a git URL (isGitWitnessUrl) the transparency-log client of witness/gitlog. */
export async function createWitness(
  endpoint: WitnessEndpoint,
  context: WitnessContext,
): Promise<WitnessClient> {
  if (!isGitWitnessUrl(endpoint.url)) {
    return createHttpWitness({
      url: endpoint.url,
      name: endpoint.name,
      authToken: endpoint.auth_token,
      fetch: context.fetch,
    });
  }
  // Lazy: git libraries load only for a git witness. createGitWitness is checked at run time
  // because witness/gitlog adds it in its own change; until then this is a typed error.
  const gitlog = (await import("../gitlog/index.js")) as unknown as Partial<GitlogModule>;
  if (typeof gitlog.createGitWitness !== "function") {
    throw new TrailsealError(
      "WITNESS_GIT_BACKEND_UNAVAILABLE",
      `${endpoint.url} is a git transparency log, but this build has no git witness client`,
      { exitCode: 2 },
    );
  }
  return gitlog.createGitWitness({
    url: endpoint.url,
    name: endpoint.name,
    authToken: endpoint.auth_token,
    home: context.home,
  });
}

/** See publishSealWith: parallel publish with per-witness timeout, retries, quorum; receipts stored. */
export function publishSeal(options: PublishSealOptions): Promise<PublishResult> {
  return publishSealWith(options, {
    createClient: (endpoint) => createWitness(endpoint, { home: options.home }),
  });
}

export interface VerifyReceiptsOptions {
  home: string;
  stored: StoredSeal;
  quorum: number;
  /** Clients to use instead of building them from the receipts' URLs (matched by url). */
  clients?: WitnessClient[];
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** GETs every receipted anchor and compares each field with the local seal (see verify.ts). */
export async function verifyReceipts(options: VerifyReceiptsOptions): Promise<VerifyReceiptsResult> {
  const clientFor = async (receipt: StoredReceipt) =>
    options.clients?.find((client) => client.url === receipt.witness.url) ??
    createWitness({ url: receipt.witness.url, name: receipt.witness.name }, { home: options.home });
  // Lazy: the tlog verifier loads only for verify.
  const { checkWitnessLog, isLogFailure, pinnedLogSize } = await import("./evidence.js");
  const pinsDir = homePaths(options.home).pins;
  return verifyReceiptsWith(options, {
    clientFor,
    consistencyFrom: (client) => pinnedLogSize(client, pinsDir),
    checkLog: (client, anchor, signal, consistencyFrom) =>
      checkWitnessLog(client, anchor, { pinsDir, signal, consistencyFrom }),
    isLogFailure,
  });
}
