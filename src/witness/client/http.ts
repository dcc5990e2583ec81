import { type ErrorCode, TrailsealError } from "../../errors/index.js";
import type { WitnessClient } from "../protocol/index.js";
import {
  type AnchorReceipt,
  type AnchorRequest,
  CONSISTENCY_FROM_PARAM,
  errorBodySchema,
  isRetryableStatus,
  LIMITS,
  lenientHealthSchema,
  lenientReceiptSchema,
  lenientStoredAnchorSchema,
  type StoredAnchor,
  toAnchorLookupUrl,
  toAnchorUrl,
  toHealthUrl,
  toLatestAnchorUrl,
} from "../protocol/index.js";

export interface HttpWitnessOptions {
  url: string;
  name?: string;
  /** Sent as `Authorization: Bearer <token>` on POST only (reads are public). Never logged. */
  authToken?: string;
  fetch?: typeof fetch;
}

/** Failure details the publisher uses to decide on a retry. */
export interface WitnessFailureDetails {
  retryable: boolean;
  status?: number;
  retryAfterMs?: number;
}

export function witnessFailure(
  code: ErrorCode,
  message: string,
  details: WitnessFailureDetails,
  cause?: unknown,
): TrailsealError {
  return new TrailsealError(code, message, { details, cause });
}

/** Reads at most `limit` bytes of a response body; more is a protocol violation. */
async function readLimited(response: Response, limit: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw witnessFailure("WITNESS_RESPONSE_INVALID", `response larger than ${limit} bytes`, {
        retryable: false,
      });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Turns a non-2xx answer into a typed error, quoting the witness's own error code when it sent one. */
async function failureFromResponse(response: Response, what: string): Promise<TrailsealError> {
  const text = await readLimited(response, LIMITS.maxResponseBytes).catch(() => "");
  let remote = "";
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success) remote = ` (${parsed.data.error.code.slice(0, 80)})`;
  } catch {
    // not JSON: the status says enough
  }
  const status = response.status;
  const details: WitnessFailureDetails = {
    retryable: isRetryableStatus(status),
    status,
    retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
  };
  const code =
    status === 401 || status === 403
      ? "WITNESS_UNAUTHORIZED"
      : status === 404
        ? "WITNESS_ANCHOR_NOT_FOUND"
        : status === 429
          ? "WITNESS_RATE_LIMITED"
          : status >= 500
            ? "WITNESS_SERVER_ERROR"
            : "WITNESS_REJECTED";
  return witnessFailure(code, `${what} answered HTTP ${status}${remote}`, details);
}

function failureFromThrown(error: unknown, signal: AbortSignal, what: string): TrailsealError {
  if (error instanceof TrailsealError) return error;
  if (signal.aborted) {
    const reason = signal.reason as { name?: string } | undefined;
    return reason?.name === "TimeoutError"
      ? witnessFailure("WITNESS_TIMEOUT", `${what} did not answer in time`, { retryable: true }, error)
      : witnessFailure("WITNESS_ABORTED", `${what}: aborted`, { retryable: false }, error);
  }
  const cause = (error as { cause?: { code?: string } })?.cause;
  return witnessFailure(
    "WITNESS_UNREACHABLE",
    `${what} is unreachable${cause?.code ? ` (${cause.code})` : ""}`,
    { retryable: true },
    error,
  );
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw witnessFailure(
      "WITNESS_RESPONSE_INVALID",
      `${what} did not answer JSON`,
      { retryable: true },
      cause,
    );
  }
}

/**
 * A witness over HTTP (docs/protocol.md). Lenient about what comes back (any receipt with an anchor_id
 * and a witnessed_at; extra members kept), strict about what it sends; never follows
 * redirects, so a token is only ever sent to the configured origin.
 */
export function createHttpWitness(options: HttpWitnessOptions): WitnessClient {
  const anchorUrl = toAnchorUrl(options.url);
  const doFetch = options.fetch ?? fetch;
  const name = options.name ?? new URL(anchorUrl).host;
  const what = `witness ${name}`;

  async function request(url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
    let response: Response;
    try {
      // "manual": the redirect is seen here and refused by name, instead of fetch's "error" mode
      // surfacing as an unreachable witness that would be retried for ever.
      response = await doFetch(url, { ...init, redirect: "manual", signal });
    } catch (error) {
      throw failureFromThrown(error, signal, what);
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw witnessFailure(
        "WITNESS_REDIRECT_REFUSED",
        `${what} answered a redirect (${response.status}); not followed, so the token stays with ${new URL(url).origin}`,
        { retryable: false, status: response.status },
      );
    }
    return response;
  }

  async function readJson(response: Response, signal: AbortSignal): Promise<unknown> {
    let text: string;
    try {
      text = await readLimited(response, LIMITS.maxResponseBytes);
    } catch (error) {
      throw failureFromThrown(error, signal, what);
    }
    return parseJson(text, what);
  }

  return {
    name,
    url: anchorUrl,
    kind: "http",
    async publish(anchor: AnchorRequest, { signal }): Promise<AnchorReceipt> {
      const headers: Record<string, string> = {
        "content-type": "application/json",
        accept: "application/json",
      };
      if (options.authToken) headers.authorization = `Bearer ${options.authToken}`;
      const response = await request(
        anchorUrl,
        { method: "POST", headers, body: JSON.stringify(anchor) },
        signal,
      );
      if (response.status !== 200 && response.status !== 201) throw await failureFromResponse(response, what);
      const parsed = lenientReceiptSchema.safeParse(await readJson(response, signal));
      if (!parsed.success) {
        throw witnessFailure("WITNESS_RESPONSE_INVALID", `${what} answered something that is not a receipt`, {
          retryable: true,
        });
      }
      return parsed.data as AnchorReceipt;
    },
    async fetchAnchor(anchorId: string, { signal, consistencyFrom }): Promise<StoredAnchor> {
      const lookup = toAnchorLookupUrl(anchorUrl, anchorId);
      const get = (url: string) => request(url, { headers: { accept: "application/json" } }, signal);
      let response: Response;
      if (consistencyFrom === undefined) response = await get(lookup);
      else {
        response = await get(`${lookup}?${CONSISTENCY_FROM_PARAM}=${consistencyFrom}`);
        // A 400 is the witness refusing the size (its tree is smaller: a rollback the evidence
        // check must see) or not knowing the query: ask again without it.
        if (response.status === 400) {
          await response.body?.cancel().catch(() => undefined);
          response = await get(lookup);
        }
      }
      if (response.status !== 200) throw await failureFromResponse(response, what);
      const parsed = lenientStoredAnchorSchema.safeParse(await readJson(response, signal));
      if (!parsed.success) {
        throw witnessFailure("WITNESS_RESPONSE_INVALID", `${what} answered something that is not an anchor`, {
          retryable: true,
        });
      }
      return parsed.data as StoredAnchor;
    },
    async fetchLatest(keyId: string, { signal }): Promise<StoredAnchor | null> {
      const response = await request(
        toLatestAnchorUrl(anchorUrl, keyId),
        { headers: { accept: "application/json" } },
        signal,
      );
      if (response.status === 404) {
        // Only the protocol's "none held" answer is an answer: a witness without the extension
        // also says 404 (no such route), and that must never read as "holds nothing".
        const text = await readLimited(response, LIMITS.maxResponseBytes).catch(() => "");
        let code: string | undefined;
        try {
          const body = errorBodySchema.safeParse(JSON.parse(text));
          if (body.success) code = body.data.error.code;
        } catch {
          // not JSON: not the protocol's answer
        }
        if (code === "WITNESS_ANCHOR_NOT_FOUND") return null;
        throw witnessFailure(
          "WITNESS_LATEST_UNSUPPORTED",
          `${what} cannot say which seal it holds last (HTTP 404${code ? ` ${code.slice(0, 80)}` : ""})`,
          { retryable: false, status: 404 },
        );
      }
      if (response.status === 400 || response.status === 405 || response.status === 501) {
        await response.body?.cancel().catch(() => undefined);
        throw witnessFailure(
          "WITNESS_LATEST_UNSUPPORTED",
          `${what} cannot say which seal it holds last (HTTP ${response.status})`,
          { retryable: false, status: response.status },
        );
      }
      if (response.status !== 200) throw await failureFromResponse(response, what);
      const parsed = lenientStoredAnchorSchema.safeParse(await readJson(response, signal));
      const anchor = parsed.success ? (parsed.data as StoredAnchor) : undefined;
      if (!anchor || anchor.key_id !== keyId || typeof anchor.anchor_id !== "string") {
        throw witnessFailure(
          "WITNESS_RESPONSE_INVALID",
          `${what} answered something that is not an anchor of that key id`,
          { retryable: true },
        );
      }
      return anchor;
    },
    async health({ signal }) {
      const response = await request(
        toHealthUrl(anchorUrl),
        { headers: { accept: "application/json" } },
        signal,
      );
      if (response.status !== 200) throw await failureFromResponse(response, what);
      const parsed = lenientHealthSchema.safeParse(await readJson(response, signal));
      if (!parsed.success) {
        throw witnessFailure("WITNESS_RESPONSE_INVALID", `${what} answered a health body without status`, {
          retryable: true,
        });
      }
      return parsed.data;
    },
  };
}
