/**
 * The witness capability's door, and its one composition point. The parts never import each
 * other's implementations: witness/protocol holds the wire format and the contracts
 * (`WitnessClient`, `AnchorStorage`, log evidence); witness/client speaks HTTP to a witness and
 * runs publish/verify over any `WitnessClient`; witness/gitlog is the git transparency log
 * (a `WitnessClient` over a clone, an `AnchorStorage` over a repository); witness/server is the
 * reference HTTP server over any `AnchorStorage`. This module picks HTTP or git for a URL (the
 * relay and the CLI) and the file or git backend for a store directory (`witness serve`).
 *
 * Heavy parts load lazily: importing this module loads the client and protocol only; the git
 * log, the HTTP server (Express) and isomorphic-git load when a git URL, a store or a server is
 * actually used.
 */
import { TrailsealError } from "../errors/index.js";
import {
  type AskLatestOptions,
  askLatestWith,
  type LatestAnswer,
  type PublishResult,
  type PublishSealOptions,
  publishSealWith,
  type VerifyByTilesOptions,
  type VerifyReceiptsOptions,
  type VerifyReceiptsResult,
  verifyReceiptsWith,
} from "./client/index.js";
import type { AuditOptions, AuditReport, InitLogOptions, InitLogResult } from "./gitlog/index.js";
import {
  type AnchorStorage,
  isGitWitnessUrl,
  type WitnessClient,
  type WitnessEndpoint,
} from "./protocol/index.js";
import type { RunningWitnessServer, StartWitnessServerOptions } from "./server/index.js";

export type {
  AskLatestOptions,
  CutCheck,
  FieldDifference,
  LatestAnswer,
  PublishOutcome,
  PublishResult,
  PublishSealOptions,
  ReceiptCheck,
  RetryPolicy,
  TilesVerification,
  VerifyByTilesOptions,
  VerifyReceiptsOptions,
  VerifyReceiptsResult,
  WitnessReach,
} from "./client/index.js";
export {
  assertQuorum,
  countsToCheck,
  createHttpWitness,
  DEFAULT_RETRY_POLICY,
  describeCut,
  judgeReach,
} from "./client/index.js";
export type {
  AuditOptions,
  AuditReport,
  InitLogOptions,
  InitLogResult,
  KeptProofStatus,
} from "./gitlog/index.js";
export type {
  AnchorReceipt,
  AnchorRequest,
  AnchorStorage,
  LogCheck,
  StoredAnchor,
  WitnessClient,
  WitnessEndpoint,
} from "./protocol/index.js";
export {
  anchorRequestSchema,
  isGitWitnessUrl,
  LIMITS,
  readTokenFor,
  serverTokens,
  toAnchorUrl,
  witnessIdentity,
} from "./protocol/index.js";
export type { RunningWitnessServer, StartWitnessServerOptions } from "./server/index.js";

export interface WitnessContext {
  home: string;
  fetch?: typeof fetch;
}

/** The client of one witness: HTTP, or for a git URL (isGitWitnessUrl) the transparency-log client. */
export async function createWitness(
  endpoint: WitnessEndpoint,
  context: WitnessContext,
): Promise<WitnessClient> {
  if (!isGitWitnessUrl(endpoint.url)) {
    const { createHttpWitness } = await import("./client/index.js");
    return createHttpWitness({
      url: endpoint.url,
      name: endpoint.name,
      authToken: endpoint.auth_token,
      fetch: context.fetch,
    });
  }
  const { createGitWitness } = await import("./gitlog/index.js");
  return createGitWitness({
    url: endpoint.url,
    name: endpoint.name,
    authToken: endpoint.auth_token,
    home: context.home,
  });
}

/** Parallel publish with per-witness timeout, retries and quorum; receipts stored (witness/client). */
export function publishSeal(options: PublishSealOptions): Promise<PublishResult> {
  return publishSealWith(options, {
    createClient: (endpoint) => createWitness(endpoint, { home: options.home }),
  });
}

/** GETs every receipted anchor, compares it with the local seal and checks log evidence (witness/client). */
export function verifyReceipts(options: VerifyReceiptsOptions): Promise<VerifyReceiptsResult> {
  return verifyReceiptsWith(options, {
    createClient: (endpoint) => createWitness(endpoint, { home: options.home }),
  });
}

/** Asks every witness for the newest seal it holds for a key id (cut detection, witness/client). */
export async function askLatest(options: AskLatestOptions & { home: string }): Promise<LatestAnswer[]> {
  const { homePaths } = await import("../home/index.js");
  return askLatestWith(
    { pinsDir: homePaths(options.home).pins, ...options },
    {
      createClient: (endpoint) => createWitness(endpoint, { home: options.home }),
    },
  );
}

/** The tiled log's published checkpoint, cosigned to a policy's quorum (witness/client). */
export async function checkTilesCosigned(
  ...args: Parameters<typeof import("./client/index.js").checkTilesCosigned>
) {
  const client = await import("./client/index.js");
  return client.checkTilesCosigned(...args);
}

/** One anchor of a tiled log from its checkpoint and tiles over HTTP (witness/client). */
export async function verifyByTiles(options: VerifyByTilesOptions) {
  const client = await import("./client/index.js");
  return client.verifyByTiles(options);
}

export interface OpenStoreOptions {
  home: string;
  push?: string;
  /** With a postgres:// store: the git log that names the log and mirrors it. */
  mirror?: string;
  now?: () => Date;
}

/**
 * `witness serve --store DIR|URL`: the PostgreSQL log for a postgres:// URL, the git backend for
 * a transparency log, else the JSONL file.
 */
export async function openWitnessStorage(dir: string, options: OpenStoreOptions): Promise<AnchorStorage> {
  if (/^postgres(ql)?:\/\//i.test(dir)) {
    if (!options.mirror)
      throw new TrailsealError("WITNESS_MIRROR_REQUIRED", "a postgres:// store needs --mirror <git log>", {
        hint: "create the log with `trailseal witness init --bare <dir>` and pass it as --mirror",
      });
    const postgres = await import("./postgres/index.js");
    return postgres.openPostgresLog(dir, { home: options.home, mirror: options.mirror, push: options.push });
  }
  const gitlog = await import("./gitlog/index.js");
  if (await gitlog.isGitLogDir(dir))
    return gitlog.openGitStorage(dir, { home: options.home, push: options.push });
  if (options.push) {
    throw new TrailsealError("WITNESS_PUSH_UNSUPPORTED", "--push needs a git transparency log as --store");
  }
  const { openFileStorage } = await import("./server/index.js");
  return openFileStorage(dir, { now: options.now });
}

/** `witness serve --cosign-logs --cosign-state postgres://…`: the witness state shared by replicas. */
export async function openCosignStateDatabase(url: string) {
  const postgres = await import("./postgres/index.js");
  return postgres.openPostgresCosignState(url);
}

/** `witness serve --migrate`: the database's pending migrations, applied; their versions. */
export async function migrateWitnessDatabase(url: string): Promise<number[]> {
  const postgres = await import("./postgres/index.js");
  return postgres.migrateDatabase(url);
}

/** The reference witness server (Express) over a storage. */
export async function startWitnessServer(options: StartWitnessServerOptions): Promise<RunningWitnessServer> {
  const server = await import("./server/index.js");
  return server.startWitnessServer(options);
}

/** `witness init`: a new git transparency log. */
export async function initLog(dir: string, options: InitLogOptions): Promise<InitLogResult> {
  const gitlog = await import("./gitlog/index.js");
  return gitlog.initLog(dir, options);
}

/** `witness audit`: the whole history of a git log, local or cloned. */
export async function auditLog(target: string, options: AuditOptions = {}): Promise<AuditReport> {
  const gitlog = await import("./gitlog/index.js");
  return gitlog.auditLog(target, options);
}

/** The reference witness app (Express), to mount behind the add-checkpoint routes on one port. */
export async function createWitnessRequestListener(options: import("./server/index.js").WitnessAppOptions) {
  const server = await import("./server/index.js");
  return server.createWitnessApp(options);
}

/** C2SP witnessing of other logs (witness/cosign): the add-checkpoint witness and the cosign client, on demand. */
export function loadCosign(): Promise<typeof import("./cosign/index.js")> {
  return import("./cosign/index.js");
}

/** Our own log, cosigned (witness/gitlog): cosignatures collected and committed, seal proofs, on demand. */
export function loadLogCosigning(): Promise<typeof import("./gitlog/index.js")> {
  return import("./gitlog/index.js");
}
