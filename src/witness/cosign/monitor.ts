/**
 * The client side of the tlog-witness monitoring API: `GET <monitoring prefix>/<origin
 * hash>/checkpoint` returns the latest checkpoint a witness cosigned for a log, with the log's
 * signature and the witness's cosignature. A monitor that asks the witnesses directly cannot be
 * shown a different tree than they were (a split view), nor a stale one: each answer is checked
 * against the log key and the witness key, then against the tree being audited.
 */
import { isTrailsealError } from "../../errors/index.js";
import {
  type Checkpoint,
  checkCosignatures,
  hashesEqual,
  type PolicyWitness,
  parseCheckpoint,
  proveExtends,
  type ReadLogFile,
  splitCosignedNote,
  type VerifierKey,
  verifyNote,
} from "../../tlog/index.js";
import { type FetchLike, monitoringCheckpointPath } from "./protocol.js";

/** What a witness's monitoring answer says about the tree being checked. */
export type WitnessViewStatus =
  /** It cosigned this very tree. */
  | "same"
  /** It cosigned an earlier tree that this one provably extends. */
  | "consistent"
  /** It cosigned a larger tree: the copy being checked is stale (or the witness knows more). */
  | "ahead"
  /** It cosigned a tree this one does not extend: two histories of one log. */
  | "fork"
  /** 404: it never cosigned this log. */
  | "none"
  | "unreachable"
  /** The answer is not a checkpoint signed by the log and cosigned by the witness's key. */
  | "invalid";

export interface WitnessView {
  witness: string;
  url: string;
  status: WitnessViewStatus;
  size?: number;
  /** The witness's checkpoint, verified (for same, consistent, ahead and fork). */
  note?: string;
  detail?: string;
}

const joinUrl = (prefix: string, path: string) => `${prefix.replace(/\/+$/, "")}${path}`;

/**
 * Fetches one witness's latest cosigned checkpoint of `origin` and verifies the log's signature
 * and the witness's cosignature. Never throws.
 */
export async function fetchWitnessCheckpoint(options: {
  witness: Pick<PolicyWitness, "name" | "key"> & { url: string };
  origin: string;
  logKey: VerifierKey;
  fetch?: FetchLike;
  timeoutMs?: number;
}): Promise<WitnessView & { checkpoint?: Checkpoint }> {
  const { witness } = options;
  const base = { witness: witness.name, url: witness.url };
  const doFetch = options.fetch ?? (globalThis.fetch as unknown as FetchLike);
  let status: number;
  let body: string;
  try {
    const res = await doFetch(joinUrl(witness.url, monitoringCheckpointPath(options.origin)), {
      method: "GET",
      headers: { Accept: "text/plain" },
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    status = res.status;
    body = await res.text();
  } catch (error) {
    return { ...base, status: "unreachable", detail: error instanceof Error ? error.message : String(error) };
  }
  if (status === 404) return { ...base, status: "none" };
  if (status !== 200) return { ...base, status: "unreachable", detail: `HTTP ${status}` };
  try {
    const verified = verifyNote(body, options.logKey);
    const checkpoint = parseCheckpoint(verified.text);
    if (checkpoint.origin !== options.origin)
      return { ...base, status: "invalid", detail: `a checkpoint of another log ("${checkpoint.origin}")` };
    const [check] = checkCosignatures(verified.text, splitCosignedNote(body).signatures, [witness.key]);
    if (check!.status !== "valid")
      return {
        ...base,
        status: "invalid",
        size: checkpoint.size,
        detail: `cosignature ${check!.status}${check!.reason ? `: ${check!.reason}` : ""}`,
      };
    return { ...base, status: "same", size: checkpoint.size, note: body, checkpoint };
  } catch (error) {
    return {
      ...base,
      status: "invalid",
      detail: isTrailsealError(error) ? `${error.code}: ${error.message}` : String(error),
    };
  }
}

/**
 * Asks every policy witness with a URL (its submission prefix, taken as its monitoring prefix
 * too) for its latest cosigned checkpoint of the log, and compares each with `head`, whose tiles
 * `read` serves: the same tree, an earlier one that `head` provably extends, a larger one
 * (`ahead`), or a fork. Never throws for a witness's answer.
 */
export async function checkWitnessViews(options: {
  witnesses: readonly PolicyWitness[];
  head: Checkpoint;
  logKey: VerifierKey;
  read: ReadLogFile;
  fetch?: FetchLike;
  timeoutMs?: number;
}): Promise<WitnessView[]> {
  const { head } = options;
  return Promise.all(
    options.witnesses
      .filter((w) => w.url !== undefined)
      .map(async (w) => {
        const view = await fetchWitnessCheckpoint({
          witness: { name: w.name, key: w.key, url: w.url! },
          origin: head.origin,
          logKey: options.logKey,
          ...(options.fetch ? { fetch: options.fetch } : {}),
          ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        });
        const { checkpoint, ...rest } = view;
        if (!checkpoint) return rest;
        if (checkpoint.size > head.size) return { ...rest, status: "ahead" as const };
        if (checkpoint.size === head.size)
          return hashesEqual(checkpoint.rootHash, head.rootHash)
            ? rest
            : { ...rest, status: "fork" as const, detail: `another tree of size ${head.size}` };
        try {
          await proveExtends(checkpoint, head, options.read);
          return { ...rest, status: "consistent" as const };
        } catch (error) {
          if (isTrailsealError(error) && error.code === "TLOG_FORK_DETECTED")
            return { ...rest, status: "fork" as const, detail: error.message };
          return {
            ...rest,
            status: "invalid" as const,
            detail: isTrailsealError(error) ? error.code : String(error),
          };
        }
      }),
  );
}
