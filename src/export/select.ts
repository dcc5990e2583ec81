/**
 * What an export holds: the events of a contiguous stretch of the trail (after the cursor,
 * within --since/--until, up to the last seal with --sealed-only), in order, each with the
 * first seal that covers it; events the risk filter leaves out become `omitted` stubs so the
 * copy's links still verify, and each seal follows the event it ends on.
 */
import { compareRisk, GENESIS_HASH, type RiskLevel, type TrailEvent } from "../chain/index.js";
import { TrailsealError } from "../errors/index.js";
import type { StoredSeal } from "../seal/index.js";
import { readLines } from "../trail/index.js";
import { type EventRecord, type OmittedRecord, omittedMac, type SealRecord } from "./records.js";

export interface ExportSelection {
  /** First seq to export (the cursor's position). */
  fromSeq?: number;
  since?: Date;
  until?: Date;
  risk?: RiskLevel;
  minRisk?: RiskLevel;
  sealedOnly?: boolean;
}

export type SelectedItem =
  | { record: EventRecord; line: string }
  | { record: OmittedRecord; line?: undefined; at: string }
  | { record: SealRecord; line?: undefined };

export interface SelectionBounds {
  /** Hash of the event before the first one exported (genesis for seq 0). */
  prev: string;
  fromSeq: number;
}

function keeps(event: TrailEvent, selection: ExportSelection): boolean {
  if (selection.risk && event.risk.level !== selection.risk) return false;
  if (selection.minRisk && compareRisk(event.risk.level, selection.minRisk) < 0) return false;
  return true;
}

/**
 * Streams the selected records. `onStart` is called once, before the first record, with the
 * seq and prev the export starts from. Lines that do not parse stop the export: a copy of a
 * broken trail would not verify (run `trailseal verify`).
 */
export async function* selectRecords(
  trailDir: string,
  seals: StoredSeal[],
  selection: ExportSelection,
  onStart: (bounds: SelectionBounds) => void,
  /** The seal key, to MAC the stubs of events the risk filter leaves out. */
  key?: { keyId: string; key: Buffer },
): AsyncGenerator<SelectedItem> {
  const ordered = seals
    .filter((s) => s.seal.event_count > 0)
    .sort((a, b) => a.seal.event_count - b.seal.event_count);
  const sealedEnd = ordered.at(-1)?.seal.event_count ?? 0;
  const since = selection.since?.toISOString();
  const until = selection.until?.toISOString();
  const fromSeq = selection.fromSeq ?? 0;
  let prev = GENESIS_HASH;
  let started = false;
  let next = 0; // index into `ordered` of the first seal that may still cover an event
  for await (const line of readLines(trailDir)) {
    if (line.length === 0) continue;
    const event = parseEvent(line);
    if (event.seq < fromSeq || (since !== undefined && event.ts < since)) {
      prev = event.hash;
      continue;
    }
    if ((until !== undefined && event.ts >= until) || (selection.sealedOnly && event.seq >= sealedEnd)) break;
    if (!started) {
      started = true;
      onStart({ prev, fromSeq: event.seq });
      // A copy that starts late opens with the seals of exactly the events before it: they bind
      // its from_seq and prev, so dropping a copy's first events cannot pass for a later start.
      if (event.seq > 0) {
        for (const stored of ordered.filter((s) => s.seal.event_count === event.seq)) {
          yield { record: { type: "seal", id: stored.id, seal: stored.seal } };
        }
      }
    }
    while (next < ordered.length && ordered[next]!.seal.event_count <= event.seq) next += 1;
    if (keeps(event, selection)) {
      yield { record: { type: "event", seal: ordered[next]?.id ?? null, event }, line };
    } else {
      const level = String(event.risk?.level);
      const stub: OmittedRecord = { type: "omitted", seq: event.seq, hash: event.hash, level };
      if (key) {
        stub.key_id = key.keyId;
        stub.mac = omittedMac(key.key, event.seq, event.hash, level);
      }
      yield { record: stub, at: event.ts };
    }
    for (let at = next; ordered[at]?.seal.event_count === event.seq + 1; at += 1) {
      const stored = ordered[at]!;
      yield { record: { type: "seal", id: stored.id, seal: stored.seal } };
    }
    prev = event.hash;
  }
  if (!started) onStart({ prev, fromSeq: Math.max(fromSeq, 0) });
}

function parseEvent(line: string): TrailEvent {
  let event: TrailEvent | null = null;
  try {
    event = JSON.parse(line) as TrailEvent;
  } catch {
    // reported below
  }
  if (typeof event?.seq !== "number" || typeof event.hash !== "string" || typeof event.ts !== "string") {
    throw new TrailsealError("EXPORT_TRAIL_BROKEN", "the trail holds a line that is not an event", {
      hint: "run `trailseal verify`: a copy of a broken trail would not verify",
    });
  }
  return event;
}
