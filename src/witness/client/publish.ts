import { configError, TrailsealError } from "../../errors/index.js";
import { homePaths } from "../../home/index.js";
import { appendReceipts, type StoredReceipt, type StoredSeal } from "../../seal/index.js";
import {
  type AnchorReceipt,
  anchorRequestFromSeal,
  type WitnessClient,
  type WitnessEndpoint,
  witnessIdentity,
} from "../protocol/index.js";
import { sleep, whenAborted } from "./abort.js";
import type { WitnessFailureDetails } from "./http.js";
import { describeCut, trailReaches } from "./latest.js";

export interface PublishOutcome {
  name: string;
  url: string;
  ok: boolean;
  receipt?: AnchorReceipt;
  error?: { code: string; message: string };
  attempts: number;
  ms: number;
}

export interface PublishResult {
  seal_id: string;
  quorum: number;
  confirmations: number;
  met: boolean;
  outcomes: PublishOutcome[];
}

export interface RetryPolicy {
  /** Per-attempt timeout. */
  timeoutMs: number;
  /** Attempts after the first, for retryable failures (timeouts, 5xx, 429, unreachable). */
  retries: number;
  /** First backoff; doubles per attempt, jittered, capped at `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  timeoutMs: 10_000,
  retries: 2,
  backoffMs: 250,
  maxBackoffMs: 5_000,
};

function describeFailure(
  error: unknown,
  signal: AbortSignal,
): { code: string; message: string } & WitnessFailureDetails {
  if (error instanceof TrailsealError) {
    const details = (error.details ?? {}) as Partial<WitnessFailureDetails>;
    return { code: error.code, message: error.message, retryable: details.retryable ?? false, ...details };
  }
  if (signal.aborted && (signal.reason as { name?: string })?.name === "TimeoutError") {
    return { code: "WITNESS_TIMEOUT", message: "the witness did not answer in time", retryable: true };
  }
  return { code: "WITNESS_FAILED", message: String((error as Error)?.message ?? error), retryable: true };
}

/** One witness: attempts with a per-attempt timeout and jittered exponential backoff between them. */
export async function publishToWitness(
  client: WitnessClient,
  request: Parameters<WitnessClient["publish"]>[0],
  policy: RetryPolicy,
  outer?: AbortSignal,
): Promise<PublishOutcome> {
  const started = performance.now();
  let attempts = 0;
  let last: { code: string; message: string } = { code: "WITNESS_FAILED", message: "not attempted" };
  while (attempts <= policy.retries && !outer?.aborted) {
    attempts += 1;
    const timeout = AbortSignal.timeout(policy.timeoutMs);
    const signal = outer ? AbortSignal.any([timeout, outer]) : timeout;
    const abort = whenAborted(signal);
    try {
      const receipt = await Promise.race([client.publish(request, { signal }), abort.promise]);
      return {
        name: client.name,
        url: client.url,
        ok: true,
        receipt,
        attempts,
        ms: Math.round(performance.now() - started),
      };
    } catch (error) {
      const failure = describeFailure(error, signal);
      last = { code: failure.code, message: failure.message };
      if (!failure.retryable || attempts > policy.retries) break;
      const backoff = Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** (attempts - 1));
      const jittered = backoff / 2 + Math.random() * (backoff / 2);
      await sleep(Math.min(policy.maxBackoffMs, Math.max(jittered, failure.retryAfterMs ?? 0)), outer);
    } finally {
      abort.dispose();
    }
  }
  return {
    name: client.name,
    url: client.url,
    ok: false,
    error: last,
    attempts,
    ms: Math.round(performance.now() - started),
  };
}

export interface PublishSealOptions {
  home: string;
  stored: StoredSeal;
  endpoints: WitnessEndpoint[];
  quorum: number;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  /** Ready-made clients (tests, the relay); when given, `endpoints` is not used to build them. */
  clients?: WitnessClient[];
  /** Aborts every attempt and backoff (relay shutdown). */
  signal?: AbortSignal;
  now?: () => Date;
  /**
   * Asks each witness for its newest seal of the key first, and publishes only to a witness
   * whose newest seal the home's trail reaches: a cut or rewritten trail (or a new home under
   * an old key id) gets WITNESS_CUT_DETECTED instead of a receipt. A witness that cannot answer
   * the question is published to as before.
   */
  guardCuts?: boolean;
}

export interface PublishSealDeps {
  /** Builds a client for an endpoint (the dispatcher in index.ts). */
  createClient: (endpoint: WitnessEndpoint) => Promise<WitnessClient>;
}

export function assertQuorum(quorum: number, witnesses: number): void {
  if (!Number.isSafeInteger(quorum) || quorum < 1) {
    throw configError("WITNESS_QUORUM_INVALID", `quorum must be a positive integer, not ${quorum}`);
  }
  if (quorum > witnesses) {
    throw configError(
      "WITNESS_QUORUM_INVALID",
      `quorum ${quorum} can never be met with ${witnesses} witness${witnesses === 1 ? "" : "es"}`,
      { hint: "add witnesses (--witness-url, or witness.endpoints in relay-config.json) or lower --quorum" },
    );
  }
}

/** The outcome that refuses a witness whose newest seal the trail does not reach; null to publish. */
async function refuseCut(
  client: WitnessClient,
  home: string,
  keyId: string,
  policy: RetryPolicy,
  outer?: AbortSignal,
): Promise<PublishOutcome | null> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  let latest: Awaited<ReturnType<WitnessClient["fetchLatest"]>>;
  try {
    latest = await client.fetchLatest(keyId, { signal: outer ? AbortSignal.any([timeout, outer]) : timeout });
  } catch {
    return null; // cannot answer: publish as a witness without the extension would be
  }
  if (!latest) return null;
  const reached = await trailReaches(home, latest);
  if (reached.status === "reached") return null;
  const reach = {
    name: client.name,
    url: client.url,
    ...reached,
    anchor_id: latest.anchor_id,
    chained_events: latest.chained_events,
    tip_hash: latest.tip_hash,
  };
  return {
    name: client.name,
    url: client.url,
    ok: false,
    error: {
      code: "WITNESS_CUT_DETECTED",
      message: `not published: ${describeCut(reach)}`,
      retryable: false,
    } as PublishOutcome["error"],
    attempts: 0,
    ms: Math.round(performance.now() - started),
  };
}

/**
 * Publishes a stored seal to every witness in parallel (quorum: docs/witnessing.md). Witness failures
 * are outcomes, never exceptions: below quorum is a result (`met: false`). Every receipt is
 * appended to the seal store (durably) before this returns, so a partial publish is kept.
 * Throws only for a usage problem (bad quorum, duplicate witnesses) or a seal store failure.
 */
export async function publishSealWith(
  options: PublishSealOptions,
  deps: PublishSealDeps,
): Promise<PublishResult> {
  const policy: RetryPolicy = {
    ...DEFAULT_RETRY_POLICY,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.retries !== undefined ? { retries: options.retries } : {}),
    ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
  };
  const clients = options.clients ?? (await Promise.all(options.endpoints.map(deps.createClient)));
  // One witness counts once, however its URL is spelled (localhost / 127.0.0.1, a query, …).
  const seen = new Map<string, string>();
  for (const client of clients) {
    const identity = witnessIdentity(client.url);
    const earlier = seen.get(identity);
    if (earlier !== undefined) {
      throw configError(
        "WITNESS_DUPLICATE_ENDPOINT",
        earlier === client.url
          ? `witness ${client.url} is listed twice`
          : `witnesses ${earlier} and ${client.url} are the same witness`,
        { hint: "a quorum counts distinct witnesses" },
      );
    }
    seen.set(identity, client.url);
  }
  assertQuorum(options.quorum, clients.length);
  const request = anchorRequestFromSeal(options.stored.seal);
  const outcomes = await Promise.all(
    clients.map(async (client) => {
      if (options.guardCuts) {
        const refused = await refuseCut(client, options.home, request.key_id, policy, options.signal);
        if (refused) return refused;
      }
      return publishToWitness(client, request, policy, options.signal);
    }),
  );
  const now = options.now ?? (() => new Date());
  const receiptKey = (url: string, anchorId: string) => `${witnessIdentity(url)}\n${anchorId}`;
  const known = new Set(options.stored.receipts.map((r) => receiptKey(r.witness.url, r.receipt.anchor_id)));
  const receipts: StoredReceipt[] = outcomes
    .filter((outcome) => outcome.ok && !known.has(receiptKey(outcome.url, outcome.receipt!.anchor_id)))
    .map((outcome) => ({
      seal_id: options.stored.id,
      witness: { name: outcome.name, url: outcome.url },
      receipt: outcome.receipt!,
      recorded_at: now().toISOString(),
    }));
  await appendReceipts(homePaths(options.home).seals, receipts);
  const confirmations = outcomes.filter((outcome) => outcome.ok).length;
  return {
    seal_id: options.stored.id,
    quorum: options.quorum,
    confirmations,
    met: confirmations >= options.quorum,
    outcomes,
  };
}
