/**
 * The export file format (docs/export.md): JSON Lines, one record a line.
 *
 *   {"type":"trailseal-export","version":1,"from_seq":N,"prev":"sha256:…","exported_at":"…","filter":{…}}
 *   {"type":"event","seal":"seal-3"|null,"event":{…the trail event, hash included…}}
 *   {"type":"omitted","seq":n,"hash":"sha256:…","level":"low","key_id":"…","mac":"hmac-sha256:…"}
 *                                                        an event the filter left out (keeps the links)
 *   {"type":"seal","id":"seal-3","seal":{chain_tip,event_count,timestamp,signature,key_id}}
 *   {"type":"end","next_seq":M,"tip":"sha256:…","events":k,"omitted":o}
 *
 * A seal record follows the event (or omitted stub) at `event_count - 1`; a copy that starts at
 * seq N > 0 opens with the stored seals of exactly N events, which bind its `from_seq` and `prev`.
 * The same records are what a verifier reads back (./verify.ts), so this is the one definition of
 * the shapes, and of the stub's MAC.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { TrailEvent } from "../chain/index.js";
import type { Seal } from "../seal/index.js";

export const EXPORT_TYPE = "trailseal-export";
export const EXPORT_VERSION = 1;

export interface ExportFilterRecord {
  since?: string;
  until?: string;
  risk?: string;
  min_risk?: string;
  sealed_only?: boolean;
}

export interface HeaderRecord {
  type: typeof EXPORT_TYPE;
  version: number;
  from_seq: number;
  prev: string;
  exported_at: string;
  filter: ExportFilterRecord;
}

export interface EventRecord {
  type: "event";
  /** Id of the first seal that covers this event, null when none does yet. */
  seal: string | null;
  event: TrailEvent;
}

export interface OmittedRecord {
  type: "omitted";
  seq: number;
  hash: string;
  /** The event's risk level: what lets a verifier see that the filter leaves it out. */
  level: string;
  /** The seal key that MACs the stub (absent when the exporter had no key: unverifiable). */
  key_id?: string;
  /** `hmac-sha256:` over seq, hash and level (`omittedMac`): a stub cannot stand in for a kept event. */
  mac?: string;
}

const OMITTED_DOMAIN = "trailseal-omitted:v1:";

/**
 * The MAC of a stub: HMAC-SHA256 under the seal key of `trailseal-omitted:v1:<seq>:<hash>:<level>`.
 * Only the holder of the key (the exporter, which read the event) can say which level an omitted
 * event had; without it, a stub could replace any event the filter keeps.
 */
export function omittedMac(key: Buffer, seq: number, hash: string, level: string): string {
  const mac = createHmac("sha256", key).update(`${OMITTED_DOMAIN}${seq}:${hash}:${level}`).digest("hex");
  return `hmac-sha256:${mac}`;
}

/** Whether `mac` is the stub's MAC under `key` (constant time). */
export function isOmittedMacValid(
  key: Buffer,
  seq: number,
  hash: string,
  level: string,
  mac: string,
): boolean {
  const expected = Buffer.from(omittedMac(key, seq, hash, level));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface SealRecord {
  type: "seal";
  id: string;
  seal: Seal;
}

export interface EndRecord {
  type: "end";
  next_seq: number;
  tip: string;
  events: number;
  omitted: number;
}

export type ExportRecord = HeaderRecord | EventRecord | OmittedRecord | SealRecord | EndRecord;
