/**
 * Integration point with the tlog capability (src/tlog, issue 8): every commit that adds
 * entries also writes the C2SP checkpoint and tlog-tiles files the TlogWriter returns.
 * INTEGRATION POINT: until src/tlog exports TlogWriter this returns no files (logs then carry
 * entries and signed commits only, and the audit skips checkpoint consistency).
 */
import type { LogKey } from "./keys.js";

export interface TlogFiles {
  /** Files (relative to the log root) to write for these new entries, in append order. */
  append(entries: Uint8Array[]): Map<string, Uint8Array>;
}

export async function openTlogFiles(
  _read: (path: string) => Promise<Uint8Array | null>,
  _origin: string,
  _key: LogKey,
): Promise<TlogFiles | null> {
  return null;
}

/** The C2SP verifier key string of the log (from src/tlog), or null until it is integrated. */
export function tlogVerifierKey(_origin: string, _publicKey: Uint8Array): string | null {
  return null;
}
