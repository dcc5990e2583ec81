/**
 * The bridge to the tlog capability (src/tlog, issue 8): every commit that adds entries also
 * writes the C2SP checkpoint and tlog-tiles files the TlogWriter returns, and deletes the
 * partial tiles they supersede (history keeps them). The note key name is the log's origin.
 */
import { isValidKeyName, type NoteSigner, TlogWriter, verifierKey } from "../../tlog/index.js";
import type { LogKey } from "./keys.js";

export interface TlogFileChanges {
  write: Map<string, Uint8Array>;
  remove: string[];
}

export interface TlogFiles {
  readonly size: number;
  /** Files (relative to the log root) to write and to delete for these new entries. */
  append(entries: Uint8Array[]): TlogFileChanges;
}

export async function openTlogFiles(
  read: (path: string) => Promise<Uint8Array | null>,
  origin: string,
  key: LogKey,
): Promise<TlogFiles> {
  const writer = await TlogWriter.open(read, { origin });
  const signer: NoteSigner = { name: origin, privateKey: key.privateKey, publicKey: key.publicKey };
  return {
    get size() {
      return writer.size;
    },
    append(entries) {
      const changes = writer.append(entries, signer);
      return { write: changes, remove: [...changes.removed] };
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
