/**
 * Verifiable export (docs/export.md): the trail, or a stretch of it, as OTLP log records sent
 * with the OpenTelemetry SDK, or as JSON Lines that `trailseal verify --export` re-verifies on
 * their own (hashes from the canonical events, links, covering seals). A named cursor in the
 * home makes scheduled exports send each event once. Invariants: the trail is only read; the
 * cursor moves only after every destination has everything (file renamed into place, or every
 * OTLP batch acknowledged); the OpenTelemetry packages load only for an OTLP export. The loop
 * knows destinations only as `ExportSink`s (./sink.ts).
 */
import { homePaths, loadSealKey } from "../home/index.js";
import { readSeals } from "../seal/index.js";
import { trailDir } from "../trail/index.js";
import { readCursor, writeCursor } from "./cursor.js";
import type { OtlpOptions } from "./otlp.js";
import { EXPORT_TYPE, EXPORT_VERSION, type ExportFilterRecord, type ExportRecord } from "./records.js";
import { type ExportSelection, type SelectionBounds, selectRecords } from "./select.js";
import type { ExportSink } from "./sink.js";

export { assertCursorName, type ExportCursor, readCursor } from "./cursor.js";
export { serializeRecord } from "./jsonl.js";
export { eventAttributes, type OtlpOptions, type OtlpProtocol } from "./otlp.js";
export { otlpEnvHeaders, resolveOtlpEndpoint } from "./otlp-endpoint.js";
export type { ExportRecord } from "./records.js";
export type { ExportSelection } from "./select.js";
export type { ExportSink } from "./sink.js";
export { type ExportVerification, verifyExportFile } from "./verify.js";

export interface ExportOptions {
  home: string;
  selection: Omit<ExportSelection, "fromSeq">;
  /** A named cursor: start where the last export with this name stopped, and move it on. */
  cursor?: string;
  /** JSON Lines to this path (`-`: stdout). */
  output?: string;
  otlp?: OtlpOptions;
  /** Further destinations, already open; the export closes (or aborts) them. */
  sinks?: ExportSink[];
  stdout: NodeJS.WritableStream;
  now?: () => Date;
  /** For the seal key (stubs of a risk-filtered export are MACed with it). */
  env?: NodeJS.ProcessEnv;
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

/** The built-in destinations the options name, then the given ones; each opened in turn. */
async function openSinks(options: ExportOptions, opened: ExportSink[]): Promise<void> {
  if (options.output)
    opened.push(await (await import("./jsonl.js")).openJsonlSink(options.output, options.stdout));
  if (options.otlp) opened.push(await (await import("./otlp.js")).openOtlpSink(options.otlp));
  opened.push(...(options.sinks ?? []));
}

export async function exportTrail(options: ExportOptions): Promise<ExportSummary> {
  const paths = homePaths(options.home);
  const now = options.now ?? (() => new Date());
  const cursor = options.cursor ? await readCursor(paths.exportCursors, options.cursor) : null;
  const seals = await readSeals(paths.seals);
  const sinks: ExportSink[] = [];
  const write = async (record: ExportRecord, line?: string, at?: string) => {
    for (const sink of sinks) await sink.write(record, line, at);
  };
  const header = (fromSeq: number, prev: string): ExportRecord => ({
    type: EXPORT_TYPE,
    version: EXPORT_VERSION,
    from_seq: fromSeq,
    prev,
    exported_at: now().toISOString(),
    filter: filterRecord(options.selection),
  });
  const summary: ExportSummary = { fromSeq: 0, nextSeq: 0, tip: "", events: 0, omitted: 0, seals: 0 };
  let closed = 0;
  try {
    await openSinks(options, sinks);
    let bounds: SelectionBounds | null = null;
    const selection = { ...options.selection, fromSeq: cursor?.next_seq ?? 0 };
    const filtered = options.selection.risk !== undefined || options.selection.minRisk !== undefined;
    const key = filtered ? await loadSealKey(options.home, options.env).catch(() => undefined) : undefined;
    for await (const item of selectRecords(
      trailDir(options.home),
      seals,
      selection,
      (start) => {
        bounds = start;
      },
      key,
    )) {
      if (summary.events + summary.omitted + summary.seals === 0)
        await write(header(bounds!.fromSeq, bounds!.prev));
      const { record } = item;
      if (record.type === "event") {
        summary.events += 1;
        summary.nextSeq = record.event.seq + 1;
        summary.tip = record.event.hash;
      } else if (record.type === "omitted") {
        summary.omitted += 1;
        summary.nextSeq = record.seq + 1;
        summary.tip = record.hash;
      } else {
        summary.seals += 1;
      }
      await write(record, item.line, "at" in item ? item.at : undefined);
    }
    const start = bounds as SelectionBounds | null;
    summary.fromSeq = start?.fromSeq ?? selection.fromSeq;
    if (summary.events + summary.omitted === 0) {
      summary.nextSeq = summary.fromSeq;
      summary.tip = start?.prev ?? cursor?.prev ?? "";
      if (summary.seals === 0) await write(header(summary.fromSeq, summary.tip));
    }
    await write({
      type: "end",
      next_seq: summary.nextSeq,
      tip: summary.tip,
      events: summary.events,
      omitted: summary.omitted,
    });
    // Last opened, first closed; a sink closed is not aborted again.
    for (; closed < sinks.length; closed += 1) await sinks[sinks.length - 1 - closed]!.close();
  } catch (error) {
    for (const sink of sinks.slice(0, sinks.length - closed)) await sink.abort();
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
