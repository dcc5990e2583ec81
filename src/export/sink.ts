/**
 * Where an export goes. The export loop (./index.ts) hands every sink the same records in the
 * same order — the header, each event (with its trail line, byte for byte), omitted stub and
 * seal, then the end record — and knows nothing of files or collectors. A new destination is one
 * file implementing this (./jsonl.ts, ./otlp.ts), passed in `ExportOptions.sinks` or opened by
 * `openSinks` for a built-in option (docs/decisions/export-sinks.md).
 */
import type { ExportRecord } from "./records.js";

export interface ExportSink {
  /**
   * One record. `line` is given for an event: the trail line its hash was computed over, to be
   * sent or stored as is rather than re-serialized. A sink may ignore records it has no use for
   * (OTLP sends no header or end record). `at` is given for an omitted stub: the left-out
   * event's time (not part of the stub), which a collector timestamps it with.
   */
  write(record: ExportRecord, line?: string, at?: string): Promise<void>;
  /**
   * Everything written is at the destination (a file renamed into place, every batch
   * acknowledged): only after every sink's close resolves does a cursor move.
   */
  close(): Promise<void>;
  /** The export failed: give up what can be given up (a temporary file). Never throws. */
  abort(): Promise<void>;
}
