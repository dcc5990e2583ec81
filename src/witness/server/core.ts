/**
 * The witness core: the protocol rules of the three operations over an AnchorStorage, with no
 * HTTP in sight (the Express app in app.ts only reads requests and maps these results to
 * statuses through the protocol's error table). Every result is typed: a value, or a protocol
 * error code with its message.
 */
import { describeIssues, isTrailsealError } from "../../errors/index.js";
import {
  ANCHOR_ID,
  type AnchorStorage,
  anchorRequestSchema,
  CONSISTENCY_FROM_PARAM,
  PROTOCOL,
  parseConsistencyFrom,
  parseLatestQuery,
  type StoredAnchor,
  type WitnessErrorCode,
} from "../protocol/index.js";

export interface CoreError {
  ok: false;
  code: WitnessErrorCode;
  message: string;
  details?: unknown;
  /** Seconds after which the same request may succeed (storage trouble). */
  retryAfter?: number;
}

export type CoreResult<T> = ({ ok: true } & T) | CoreError;

export interface WitnessCore {
  /** POST: validates and stores an anchor request; `created` false for an idempotent replay. */
  anchor(
    body: unknown,
  ): Promise<CoreResult<{ receipt: Record<string, unknown>; anchorId: string; created: boolean }>>;
  /** GET: the stored anchor with a log backend's evidence; `consistencyFrom` as the query values. */
  get(
    anchorId: string,
    consistencyFrom: readonly string[],
  ): Promise<CoreResult<{ anchor: Record<string, unknown> }>>;
  /**
   * GET the collection with `key_id` and `latest=true` (the query's values): the newest anchor
   * held for the key id with a log backend's evidence, WITNESS_ANCHOR_NOT_FOUND when none.
   */
  latest(
    keyIds: readonly string[],
    latest: readonly string[],
  ): Promise<CoreResult<{ anchor: Record<string, unknown> }>>;
  /** GET health: the health body, or WITNESS_STORAGE_UNAVAILABLE when storage cannot be read. */
  health(): Promise<CoreResult<{ health: Record<string, unknown> }>>;
}

function fail(code: WitnessErrorCode, message: string, details?: unknown, retryAfter?: number): CoreError {
  return {
    ok: false,
    code,
    message,
    ...(details === undefined ? {} : { details }),
    ...(retryAfter === undefined ? {} : { retryAfter }),
  };
}

/** The receipt of a stored anchor: every member that is not a request field. */
function receiptOf(anchor: StoredAnchor): Record<string, unknown> {
  const receipt: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(anchor)) {
    if (!(field in anchorRequestSchema.shape)) receipt[field] = value;
  }
  return receipt;
}

export function createWitnessCore(storage: AnchorStorage): WitnessCore {
  return {
    async anchor(body) {
      if (typeof body === "object" && body !== null && !Array.isArray(body)) {
        const protocol = (body as { protocol?: unknown }).protocol;
        if (protocol !== undefined && protocol !== PROTOCOL)
          return fail("WITNESS_WRONG_PROTOCOL", `protocol must be "${PROTOCOL}"`);
      }
      const parsed = anchorRequestSchema.safeParse(body);
      if (!parsed.success) {
        return fail("WITNESS_INVALID_REQUEST", describeIssues(parsed.error.issues), {
          issues: parsed.error.issues.slice(0, 10).map((issue) => ({
            path: issue.path.map(String).join("."),
            message: issue.message,
          })),
        });
      }
      try {
        const { anchor, created } = await storage.append(parsed.data);
        return { ok: true, receipt: receiptOf(anchor), anchorId: anchor.anchor_id, created };
      } catch (error) {
        const message =
          isTrailsealError(error) && error.code === "WITNESS_STORAGE_UNAVAILABLE"
            ? error.message
            : "the anchor could not be stored";
        return fail("WITNESS_STORAGE_UNAVAILABLE", message, undefined, 5);
      }
    },

    async get(anchorId, consistencyValues) {
      if (!ANCHOR_ID.test(anchorId))
        return fail("WITNESS_INVALID_ANCHOR_ID", "an anchor id is wit_ followed by URL-safe characters");
      // Only a log backend reads the query.
      let consistencyFrom: number | undefined;
      if (storage.inclusionEvidence) {
        const parsed = parseConsistencyFrom(consistencyValues);
        if (parsed === null)
          return fail("WITNESS_INVALID_REQUEST", `${CONSISTENCY_FROM_PARAM} must be one integer ≥ 1`, {
            parameter: CONSISTENCY_FROM_PARAM,
          });
        consistencyFrom = parsed;
      }
      let anchor: StoredAnchor | null;
      let evidence: Record<string, unknown> | null = null;
      try {
        anchor = await storage.get(anchorId);
        if (anchor && storage.inclusionEvidence)
          evidence = await storage.inclusionEvidence(
            anchor,
            consistencyFrom === undefined ? {} : { consistencyFrom },
          );
      } catch {
        return fail("WITNESS_STORAGE_UNAVAILABLE", "the anchor store cannot be read", undefined, 5);
      }
      if (!anchor) return fail("WITNESS_ANCHOR_NOT_FOUND", `no anchor ${anchorId}`);
      if (
        evidence &&
        typeof consistencyFrom === "number" &&
        !(typeof evidence.tree_size === "number" && consistencyFrom <= evidence.tree_size)
      ) {
        return fail("WITNESS_INVALID_REQUEST", `${CONSISTENCY_FROM_PARAM} is larger than the tree`, {
          parameter: CONSISTENCY_FROM_PARAM,
          tree_size: evidence.tree_size,
        });
      }
      return { ok: true, anchor: evidence ? { ...anchor, ...evidence } : anchor };
    },

    async latest(keyIds, latestValues) {
      const query = parseLatestQuery(keyIds, latestValues);
      if (!query.ok) return fail("WITNESS_INVALID_REQUEST", query.message);
      let anchor: StoredAnchor | null;
      let evidence: Record<string, unknown> | null = null;
      try {
        anchor = await storage.latestForKey(query.keyId);
        if (anchor && storage.inclusionEvidence) evidence = await storage.inclusionEvidence(anchor, {});
      } catch {
        return fail("WITNESS_STORAGE_UNAVAILABLE", "the anchor store cannot be read", undefined, 5);
      }
      if (!anchor) return fail("WITNESS_ANCHOR_NOT_FOUND", "no anchor for that key id");
      return { ok: true, anchor: evidence ? { ...anchor, ...evidence } : anchor };
    },

    async health() {
      try {
        const [anchors, extra] = await Promise.all([storage.count(), storage.health()]);
        return { ok: true, health: { ...extra, status: "ok", protocol: PROTOCOL, anchors } };
      } catch {
        return fail("WITNESS_STORAGE_UNAVAILABLE", "the anchor store cannot be read");
      }
    },
  };
}
