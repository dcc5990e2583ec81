import {
  type Checkpoint,
  type Cosignature,
  type CosignerVerifier,
  checkCosignatures,
  hashesEqual,
  parseSignatureLines,
  splitCosignedNote,
  type VerifierKey,
} from "../../tlog/index.js";
import { fetchWitnessCheckpoint } from "./monitor.js";
import type { FetchLike } from "./protocol.js";
import { ADD_CHECKPOINT_PATH, formatAddCheckpoint, parseSizeBody, SIZE_CONTENT_TYPE } from "./protocol.js";

export type { FetchLike } from "./protocol.js";

export interface CosignTarget {
  /** The policy's name for the witness. */
  name: string;
  /** Submission prefix (tlog-policy witness URL). */
  url: string;
  key: CosignerVerifier;
}

export type CosignOutcomeStatus =
  | "cosigned"
  | "unreachable"
  | "refused"
  | "fork"
  | "ahead"
  | "bad-proof"
  | "bad-cosignature";

export interface CosignOutcome {
  witness: string;
  url: string;
  status: CosignOutcomeStatus;
  /** The size the witness reported (409), when it did. */
  witnessSize?: number;
  httpStatus?: number;
  detail?: string;
  cosignature?: Cosignature;
}

export interface RequestCosignaturesOptions {
  /** The signed checkpoint note to be cosigned, its text and parsed body. */
  note: string;
  text: string;
  checkpoint: Checkpoint;
  witnesses: readonly CosignTarget[];
  /** RFC 6962 consistency proof from `oldSize` to the checkpoint's size. */
  proofFrom(oldSize: number): Promise<Uint8Array[]>;
  /** A size each witness is believed to hold (saves a 409 round trip); default 0. */
  knownSize?: (witness: string) => number | undefined;
  /**
   * The log's key. With it, a witness whose size is not known is first asked through the
   * monitoring API (GET <url>/<origin hash>/checkpoint): a witness that already cosigned this
   * tree needs no add-checkpoint, one ahead of it is reported, and one behind is sent the proof
   * from its size. A witness without the API (404 or an error) is simply sent `old 0`.
   */
  logKey?: VerifierKey;
  fetch?: FetchLike;
  timeoutMs?: number;
  /**
   * add-checkpoint requests per witness before giving up (each 409 teaches the size; default 3).
   * A cadence sends 1, so each witness gets at most one per round: the rate a log declares.
   */
  maxAttempts?: number;
}

const joinUrl = (prefix: string, path: string) => `${prefix.replace(/\/+$/, "")}${path}`;

/**
 * Asks every witness to cosign the checkpoint (c2sp.org/tlog-witness, client side), all in
 * parallel. Per witness: POST `old <size>` with the proof from that size; a 409 names the size
 * the witness holds, and the request is retried from there; a 409 at our own size after we sent
 * that size (or a 422 there: implementations differ) means the witness holds a different tree of
 * that size — a fork. Returned cosignatures are verified against the policy's key; lines by other
 * keys are ignored, as the spec requires. Never throws: each witness gets an outcome.
 */
export async function requestCosignatures(options: RequestCosignaturesOptions): Promise<CosignOutcome[]> {
  const doFetch = options.fetch ?? (globalThis.fetch as unknown as FetchLike);
  const maxAttempts = options.maxAttempts ?? 3;
  const { checkpoint } = options;
  const proofs = new Map<number, Promise<Uint8Array[]>>();
  const proofFrom = (size: number) => {
    let proof = proofs.get(size);
    if (!proof) {
      proof = options.proofFrom(size);
      proofs.set(size, proof);
    }
    return proof;
  };

  const one = async (target: CosignTarget): Promise<CosignOutcome> => {
    const base = { witness: target.name, url: target.url };
    const known = options.knownSize?.(target.name);
    let oldSize = Math.min(known ?? 0, checkpoint.size);
    if (known === undefined && options.logKey) {
      const view = await fetchWitnessCheckpoint({
        witness: target,
        origin: checkpoint.origin,
        logKey: options.logKey,
        fetch: doFetch,
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      });
      if (view.checkpoint && view.note) {
        const seen = view.checkpoint;
        if (seen.size > checkpoint.size)
          return {
            ...base,
            status: "ahead",
            witnessSize: seen.size,
            detail: `the witness has seen size ${seen.size}, larger than this checkpoint (${checkpoint.size})`,
          };
        if (seen.size === checkpoint.size && hashesEqual(seen.rootHash, checkpoint.rootHash)) {
          const [check] = checkCosignatures(options.text, splitCosignedNote(view.note).signatures, [
            target.key,
          ]);
          if (check!.status === "valid")
            return {
              ...base,
              status: "cosigned",
              detail: "already cosigned (monitoring API)",
              cosignature: check!.cosignature!,
            };
        }
        oldSize = seen.size; // a different tree of our size is a fork: the POST below says so
      }
    }
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      let status: number;
      let body: string;
      let type: string | null;
      try {
        const proof = await proofFrom(oldSize);
        const res = await doFetch(joinUrl(target.url, ADD_CHECKPOINT_PATH), {
          method: "POST",
          body: formatAddCheckpoint({ oldSize, proof, checkpoint: options.note }),
          headers: { "Content-Type": "text/plain; charset=utf-8" },
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        status = res.status;
        type = res.headers.get("content-type");
        body = await res.text();
      } catch (error) {
        return {
          ...base,
          status: "unreachable",
          detail: error instanceof Error ? error.message : String(error),
        };
      }
      if (status === 200) {
        let lines: ReturnType<typeof parseSignatureLines>;
        try {
          lines = parseSignatureLines(body);
        } catch {
          return {
            ...base,
            status: "bad-cosignature",
            httpStatus: 200,
            detail: "the answer is not signature lines",
          };
        }
        const [check] = checkCosignatures(options.text, lines, [target.key]);
        if (check!.status === "valid")
          return { ...base, status: "cosigned", httpStatus: 200, cosignature: check!.cosignature! };
        return {
          ...base,
          status: "bad-cosignature",
          httpStatus: 200,
          detail:
            check!.status === "absent" ? "no cosignature by the policy's key" : (check!.reason ?? "invalid"),
        };
      }
      if (status === 409 || status === 422) {
        const named =
          status === 409 && type?.split(";")[0]?.trim() === SIZE_CONTENT_TYPE ? parseSizeBody(body) : null;
        if (named !== null && named !== oldSize) {
          if (named > checkpoint.size)
            return {
              ...base,
              status: "ahead",
              httpStatus: 409,
              witnessSize: named,
              detail: `the witness has seen size ${named}, larger than this checkpoint (${checkpoint.size})`,
            };
          oldSize = named; // learnt the witness's size: ask again from there
          continue;
        }
        // The witness refused the size we sent: a 422, a bare 409 (some witnesses answer a
        // same-size different root so), or a 409 naming that size. At our own size it is a fork.
        const witnessSize = named ?? (status === 422 ? oldSize : undefined);
        const answer = { ...base, httpStatus: status, ...(witnessSize === undefined ? {} : { witnessSize }) };
        if (oldSize === checkpoint.size)
          return { ...answer, status: "fork", detail: `the witness holds another tree of size ${oldSize}` };
        if (status === 422)
          return {
            ...answer,
            status: "bad-proof",
            detail: `the witness rejects our proof from size ${oldSize}: it may hold a fork`,
          };
        return {
          ...answer,
          status: "refused",
          detail: named === null ? "409 without a size" : "409 naming the size we sent",
        };
      }
      return { ...base, status: "refused", httpStatus: status, detail: body.trim().slice(0, 200) };
    }
    // Out of attempts after a 409: the size it named is kept for the next round.
    return {
      ...base,
      status: "refused",
      httpStatus: 409,
      witnessSize: oldSize,
      detail: `the witness holds size ${oldSize}: asked again from there next round (${maxAttempts} add-checkpoint request${maxAttempts > 1 ? "s" : ""} a round at most)`,
    };
  };

  return Promise.all(options.witnesses.map(one));
}
