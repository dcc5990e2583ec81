/**
 * Verifiable export (docs/export.md): the trail, or a stretch of it, as OTLP log records sent
 * with the OpenTelemetry SDK, or as JSON Lines that `trailseal verify --export` re-verifies on
 * their own (hashes from the canonical events, links, covering seals). A named cursor in the
 * home makes scheduled exports send each event once. Invariants: the trail is only read; the
 * cursor moves only after the destination has everything (file renamed into place, or every
 * OTLP batch acknowledged); the OpenTelemetry packages load only for an OTLP export.
 */
import { homePaths } from "../home/index.js";
import { readSeals } from "../seal/index.js";
import { trailDir } from "../trail/index.js";
import { readCursor, writeCursor } from "./cursor.js";
import type { JsonlSink } from "./jsonl.js";
import type { OtlpOptions, OtlpSink } from "./otlp.js";
import { EXPORT_TYPE, EXPORT_VERSION, type ExportFilterRecord } from "./records.js";
import { type ExportSelection, type SelectionBounds, selectRecords } from "./select.js";

export { assertCursorName, type ExportCursor, readCursor } from "./cursor.js";
export { serializeRecord } from "./jsonl.js";
export { eventAttributes, type OtlpOptions, type OtlpProtocol } from "./otlp.js";
export type { ExportRecord } from "./records.js";
export type { ExportSelection } from "./select.js";
export { type ExportVerification, verifyExportFile } from "./verify.js";

export interface ExportOptions {
  home: string;
  selection: Omit<ExportSelection, "fromSeq">;
  /** A named cursor: start where the last export with this name stopped, and move it on. */
  cursor?: string;
  /** JSON Lines to this path (`-`: stdout). */
  output?: string;
  otlp?: OtlpOptions;
  stdout: NodeJS.WritableStream;
  now?: () => Date;
}

export interface ExportSummary {
  fromSeq: number;
  nextSeq: number;
  tip: string;
  events: number;
  omitted: number;
  seals: number;
}

function filterRecord(selection: ExportOptions["selection"]): ExportFilterRecord {
  const filter: ExportFilterRecord = {};
  if (selection.since) filter.since = selection.since.toISOString();
  if (selection.until) filter.until = selection.until.toISOString();
  if (selection.risk) filter.risk = selection.risk;
  if (selection.minRisk) filter.min_risk = selection.minRisk;
  if (selection.sealedOnly) filter.sealed_only = true;
  return filter;
}

export async function exportTrail(options: ExportOptions): Promise<ExportSummary> {
  const paths = homePaths(options.home);
  const now = options.now ?? (() => new Date());
  const cursor = options.cursor ? await readCursor(paths.exportCursors, options.cursor) : null;
  const seals = await readSeals(paths.seals);
  const jsonl: JsonlSink | null = options.output
    ? await (await import("./jsonl.js")).openJsonlSink(options.output, options.stdout)
    : null;
  let otlp: OtlpSink | null = null;
  const summary: ExportSummary = { fromSeq: 0, nextSeq: 0, tip: "", events: 0, omitted: 0, seals: 0 };
  try {
    otlp = options.otlp ? await (await import("./otlp.js")).openOtlpSink(options.otlp) : null;
    let bounds: SelectionBounds | null = null;
    const selection = { ...options.selection, fromSeq: cursor?.next_seq ?? 0 };
    for await (const item of selectRecords(trailDir(options.home), seals, selection, (start) => {
      bounds = start;
    })) {
      if (summary.events + summary.omitted + summary.seals === 0) {
        await jsonl?.write({
          type: EXPORT_TYPE,
          version: EXPORT_VERSION,
          from_seq: bounds!.fromSeq,
          prev: bounds!.prev,
          exported_at: now().toISOString(),
          filter: filterRecord(options.selection),
        });
      }
      const { record } = item;
      if (record.type === "event") {
        summary.events += 1;
        summary.nextSeq = record.event.seq + 1;
        summary.tip = record.event.hash;
        await jsonl?.write(record, item.line);
        await otlp?.sendEvent(record, item.line!);
      } else if (record.type === "omitted") {
        summary.omitted += 1;
        summary.nextSeq = record.seq + 1;
        summary.tip = record.hash;
        await jsonl?.write(record);
        await otlp?.sendOmitted(record);
      } else {
        summary.seals += 1;
        await jsonl?.write(record);
        await otlp?.sendSeal(record);
      }
    }
    const start = bounds as SelectionBounds | null;
    summary.fromSeq = start?.fromSeq ?? selection.fromSeq;
    if (summary.events + summary.omitted === 0) {
      summary.nextSeq = summary.fromSeq;
      summary.tip = start?.prev ?? cursor?.prev ?? "";
      if (summary.seals === 0) {
        await jsonl?.write({
          type: EXPORT_TYPE,
          version: EXPORT_VERSION,
          from_seq: summary.fromSeq,
          prev: summary.tip,
          exported_at: now().toISOString(),
          filter: filterRecord(options.selection),
        });
      }
    }
    await jsonl?.write({
      type: "end",
      next_seq: summary.nextSeq,
      tip: summary.tip,
      events: summary.events,
      omitted: summary.omitted,
    });
    await otlp?.close();
    otlp = null;
    await jsonl?.close();
  } catch (error) {
    await jsonl?.abort();
    await otlp?.close().catch(() => undefined);
    throw error;
  }
  if (options.cursor && summary.nextSeq > (cursor?.next_seq ?? 0)) {
    await writeCursor(paths.exportCursors, options.cursor, {
      next_seq: summary.nextSeq,
      prev: summary.tip,
      updated_at: now().toISOString(),
    });
  }
  return summary;
}
