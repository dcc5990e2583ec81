/**
 * The export file format (docs/export.md): JSON Lines, one record a line.
 *
 *   {"type":"trailseal-export","version":1,"from_seq":N,"prev":"sha256:…","exported_at":"…","filter":{…}}
 *   {"type":"event","seal":"seal-3"|null,"event":{…the trail event, hash included…}}
 *   {"type":"omitted","seq":n,"hash":"sha256:…"}          an event the filter left out (keeps the links)
 *   {"type":"seal","id":"seal-3","seal":{chain_tip,event_count,timestamp,signature,key_id}}
 *   {"type":"end","next_seq":M,"tip":"sha256:…","events":k,"omitted":o}
 *
 * A seal record follows the event (or omitted stub) at `event_count - 1`. The same records are
 * what a verifier reads back (export-verify.ts), so this is the one definition of the shapes.
 */
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
