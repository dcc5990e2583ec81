import { codeOf } from "../../errors/index.js";
import type { StoredReceipt, StoredSeal } from "../../seal/index.js";
import {
  ANCHOR_REQUEST_FIELDS,
  anchorRequestFromSeal,
  type LogCheck,
  type StoredAnchor,
  type WitnessClient,
  witnessIdentity,
} from "../protocol/index.js";
import { whenAborted } from "./abort.js";

export interface FieldDifference {
  field: string;
  expected: unknown;
  actual: unknown;
}

export interface ReceiptCheck {
  name: string;
  url: string;
  anchor_id: string;
  /** match: the witness holds exactly the local seal; mismatch: it holds something else (or
   * denies holding it); unreachable: it could not be asked (says nothing about the anchor). */
  status: "match" | "mismatch" | "unreachable";
  differences?: FieldDifference[];
  error?: { code: string; message: string };
  /** The witness's transparency log, when it proved the anchor's inclusion (evidence or clone). */
  log?: LogCheck;
  ms: number;
}

export interface VerifyReceiptsResult {
  seal_id: string;
  quorum: number;
  /** Distinct witnesses whose stored anchor matches the local seal. */
  confirmations: number;
  met: boolean;
  /** True when no witness holds different data. */
  consistent: boolean;
  results: ReceiptCheck[];
}

/** What a witness must return for this seal and receipt: every request field, and the receipt's id and time. */
export function expectedAnchor(stored: StoredSeal, receipt: StoredReceipt): Record<string, unknown> {
  return {
    ...anchorRequestFromSeal(stored.seal),
    anchor_id: receipt.receipt.anchor_id,
    witnessed_at: receipt.receipt.witnessed_at,
  };
}

export function diffAnchor(
  expected: Record<string, unknown>,
  actual: Record<string, unknown>,
): FieldDifference[] {
  const fields = [...ANCHOR_REQUEST_FIELDS, "anchor_id", "witnessed_at"];
  return fields
    .filter((field) => !Object.is(expected[field], actual[field]))
    .map((field) => ({ field, expected: expected[field], actual: actual[field] ?? null }));
}

export interface VerifyReceiptsDeps {
  clientFor(receipt: StoredReceipt): Promise<WitnessClient>;
  /** Checks the log evidence of a matching anchor (evidence.ts); throws a coded error. */
  checkLog?(
    client: WitnessClient,
    anchor: StoredAnchor,
    signal: AbortSignal,
    consistencyFrom?: number,
  ): Promise<LogCheck | undefined>;
  /** The pinned tree size to ask this witness for a consistency proof from (evidence.ts), if any. */
  consistencyFrom?(client: WitnessClient): Promise<number | undefined>;
  /** Codes that mean the witness's log misbehaved (a mismatch, not "unreachable"). */
  isLogFailure?(code: string): boolean;
}

/** Checks every stored receipt of a seal against what its witness returns now, in parallel. */
export async function checkReceipts(
  options: { stored: StoredSeal; quorum: number; timeoutMs?: number; signal?: AbortSignal },
  deps: VerifyReceiptsDeps,
): Promise<VerifyReceiptsResult> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const unique = new Map<string, StoredReceipt>();
  for (const receipt of options.stored.receipts) {
    unique.set(`${witnessIdentity(receipt.witness.url)}\n${receipt.receipt.anchor_id}`, receipt);
  }
  const results = await Promise.all(
    [...unique.values()].map(async (receipt): Promise<ReceiptCheck> => {
      const started = performance.now();
      const base = {
        name: receipt.witness.name,
        url: receipt.witness.url,
        anchor_id: receipt.receipt.anchor_id,
      };
      const elapsed = () => Math.round(performance.now() - started);
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
      try {
        const client = await deps.clientFor(receipt);
        const consistencyFrom = await deps.consistencyFrom?.(client);
        const abort = whenAborted(signal);
        let anchor: Record<string, unknown>;
        try {
          anchor = await Promise.race([
            client.fetchAnchor(receipt.receipt.anchor_id, {
              signal,
              ...(consistencyFrom === undefined ? {} : { consistencyFrom }),
            }),
            abort.promise,
          ]);
        } finally {
          abort.dispose();
        }
        const differences = diffAnchor(expectedAnchor(options.stored, receipt), anchor);
        if (differences.length > 0) return { ...base, status: "mismatch", differences, ms: elapsed() };
        const log = await deps.checkLog?.(client, anchor as StoredAnchor, signal, consistencyFrom);
        return { ...base, status: "match", ...(log ? { log } : {}), ms: elapsed() };
      } catch (error) {
        const code = codeOf(error) ?? (signal.aborted ? "WITNESS_TIMEOUT" : "WITNESS_FAILED");
        const message = (error as Error)?.message ?? String(error);
        // A witness that answers "no such anchor" for a receipt it issued denies the seal.
        if (code === "WITNESS_ANCHOR_NOT_FOUND") {
          return {
            ...base,
            status: "mismatch",
            differences: [{ field: "anchor_id", expected: receipt.receipt.anchor_id, actual: null }],
            error: { code, message },
            ms: elapsed(),
          };
        }
        // A log that fails its own proofs, goes back or forks holds something else than it showed.
        if (deps.isLogFailure?.(code))
          return { ...base, status: "mismatch", differences: [], error: { code, message }, ms: elapsed() };
        return { ...base, status: "unreachable", error: { code, message }, ms: elapsed() };
      }
    }),
  );
  const confirmations = countWitnesses(results.filter((r) => r.status === "match"));
  return {
    seal_id: options.stored.id,
    quorum: options.quorum,
    confirmations,
    met: confirmations >= options.quorum,
    consistent: results.every((r) => r.status !== "mismatch"),
    results,
  };
}

/**
 * Distinct witnesses among matching checks: two checks are one witness when their URLs name
 * the same witness (witnessIdentity), or when they proved the same anchor id in the same log
 * (one log reached two ways, e.g. served over HTTP and cloned directly, is one witness).
 */
export function countWitnesses(matches: readonly ReceiptCheck[]): number {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  const union = (a: string, b: string) => {
    for (const x of [a, b]) if (!parent.has(x)) parent.set(x, x);
    parent.set(find(a), find(b));
  };
  for (const check of matches) {
    const url = `url\n${witnessIdentity(check.url)}`;
    union(url, url);
    if (check.log) union(url, `log\n${check.log.origin}\n${check.anchor_id}`);
  }
  return new Set([...parent.keys()].filter((key) => key.startsWith("url\n")).map(find)).size;
}
