/**
 * The bridge to the tlog capability (src/tlog): every commit that adds entries also
 * writes the C2SP checkpoint and tlog-tiles files the TlogWriter returns, and deletes the
 * partial tiles they supersede (history keeps them). The note key name is the log's origin.
 */
import {
  type InclusionEvidence,
  isValidKeyName,
  type NoteSigner,
  proveInclusion,
  TlogWriter,
  verifierKey,
} from "../../tlog/index.js";
import type { LogKey } from "./keys.js";

export interface TlogFileChanges {
  write: Map<string, Uint8Array>;
  remove: string[];
}

export interface TlogFiles {
  readonly size: number;
  /** The latest signed checkpoint note (undefined for an empty log). */
  readonly checkpoint: string | undefined;
  /** Files (relative to the log root) to write and to delete for these new entries. */
  append(entries: Uint8Array[], key: LogKey): TlogFileChanges;
  /**
   * Inclusion evidence for entry `index` under `at` (an earlier, durable checkpoint), else the
   * latest; with `consistency_proof` from size `consistencyFrom` to that same tree when
   * 1 ≤ consistencyFrom ≤ its size (otherwise no proof).
   */
  evidence(
    index: number,
    at?: { size: number; checkpoint: string },
    consistencyFrom?: number,
  ): InclusionEvidence & { consistency_proof?: string[] };
}

export async function openTlogFiles(
  read: (path: string) => Promise<Uint8Array | null>,
  origin: string,
): Promise<TlogFiles> {
  const writer = await TlogWriter.open(read, { origin });
  return {
    get size() {
      return writer.size;
    },
    get checkpoint() {
      return writer.checkpoint;
    },
    append(entries, key) {
      const signer: NoteSigner = { name: origin, privateKey: key.privateKey, publicKey: key.publicKey };
      const changes = writer.append(entries, signer);
      return { write: changes, remove: [...changes.removed] };
    },
    evidence(index, at, consistencyFrom) {
      const evidence = proveInclusion(writer, index, at);
      const size = evidence.tree_size;
      if (consistencyFrom === undefined || !Number.isSafeInteger(consistencyFrom)) return evidence;
      if (consistencyFrom < 1 || consistencyFrom > size) return evidence;
      const proof = writer.consistencyProof(consistencyFrom, size);
      return { ...evidence, consistency_proof: proof.map((h) => Buffer.from(h).toString("base64")) };
    },
  };
}

/** The C2SP verifier key string the log publishes in its metadata. */
export function tlogVerifierKey(origin: string, publicKey: Uint8Array): string {
  return verifierKey(origin, publicKey);
}

/** Origins double as note key names: no spaces, no "+". */
export function isValidOrigin(origin: string): boolean {
  return isValidKeyName(origin) && /^[\x21-\x7e]{1,200}$/.test(origin);
}
