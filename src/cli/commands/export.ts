import type { RiskLevel } from "../../chain/index.js";
import { configError, TrailsealError } from "../../errors/index.js";
import {
  assertCursorName,
  type ExportSink,
  type ExportSummary,
  type ExportVerification,
  exportTrail,
  type OtlpProtocol,
  otlpEnvHeaders,
  resolveOtlpEndpoint,
  verifyExportFile,
} from "../../export/index.js";
import { loadSealKey } from "../../home/index.js";
import { parseInstant } from "../../time/index.js";
import { type CliIO, note, printJson, println } from "../io.js";
import { progress } from "../progress.js";
import { assertTrusted } from "../trust-first.js";

export interface ExportCommandOptions {
  home: string;
  format?: "jsonl" | "otlp";
  output?: string;
  otlpEndpoint?: string;
  otlpProtocol?: OtlpProtocol;
  header?: string[];
  since?: string;
  until?: string;
  risk?: RiskLevel;
  minRisk?: RiskLevel;
  sealedOnly?: boolean;
  cursor?: string;
  json?: boolean;
  /** --no-omitted: do not send the stubs of events the risk filter leaves out (OTLP). */
  omitted?: boolean;
  /** trailseal's version, for the OTLP resource (service.version). */
  version?: string;
}

/** `Name: value` or `Name=value`; the value is never printed (it is usually a credential). */
export function parseHeaders(list: string[] = []): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const item of list) {
    const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*[:=]\s*(.*)$/.exec(item);
    if (!match) throw configError("EXPORT_HEADER_INVALID", "a --header is not `Name: value`");
    headers[match[1]!] = match[2]!;
  }
  return headers;
}

export async function runExport(options: ExportCommandOptions, io: CliIO): Promise<number> {
  // The endpoint as OpenTelemetry's exporters read it: the flag, else OTEL_EXPORTER_OTLP_*.
  const endpoint = resolveOtlpEndpoint(options.otlpEndpoint, io.env);
  const format = options.format ?? (options.otlpEndpoint || (endpoint && !options.output) ? "otlp" : "jsonl");
  if (format === "otlp" && !endpoint) {
    throw configError("EXPORT_DESTINATION_MISSING", "an OTLP export needs --otlp-endpoint", {
      hint: "e.g. --otlp-endpoint http://127.0.0.1:4318 (or set OTEL_EXPORTER_OTLP_ENDPOINT)",
    });
  }
  if (format === "jsonl" && !options.output) {
    throw configError(
      "EXPORT_DESTINATION_MISSING",
      "a JSON Lines export needs --output <file> (- for stdout)",
    );
  }
  if (options.cursor !== undefined) assertCursorName(options.cursor);
  // A copy of a broken record would be passed on as a good one: refused, nothing sent or moved.
  await assertTrusted(options.home, io);
  const now = new Date();
  // Records sent so far, on a terminal (a large export or a slow collector can take a while).
  const shown = progress(io, format === "otlp" ? `export to ${endpoint}` : "export");
  let records = 0;
  const counter: ExportSink = {
    async write(record) {
      if (record.type === "event" || record.type === "omitted" || record.type === "seal")
        shown.update(`${++records} records`);
    },
    close: async () => shown.done(),
    abort: async () => shown.done(),
  };
  const summary = await exportTrail({
    home: options.home,
    selection: {
      since: options.since ? parseInstant(options.since, now) : undefined,
      until: options.until ? parseInstant(options.until, now) : undefined,
      risk: options.risk,
      minRisk: options.minRisk,
      sealedOnly: options.sealedOnly,
    },
    cursor: options.cursor,
    output: format === "jsonl" ? options.output : undefined,
    otlp:
      format === "otlp"
        ? {
            endpoint: endpoint!,
            protocol: options.otlpProtocol ?? "http/protobuf",
            headers: { ...otlpEnvHeaders(io.env), ...parseHeaders(options.header) },
            omitted: options.omitted !== false,
            serviceVersion: options.version ?? "0.0.0",
          }
        : undefined,
    sinks: [counter],
    stdout: io.stdout,
    env: io.env,
  });
  report(summary, options, format, io);
  return 0;
}

function report(summary: ExportSummary, options: ExportCommandOptions, format: string, io: CliIO): void {
  if (options.json) {
    // stdout may be the export itself (--output -): the summary goes to stderr then.
    const text = `${JSON.stringify({ format, from_seq: summary.fromSeq, next_seq: summary.nextSeq, tip: summary.tip, events: summary.events, omitted: summary.omitted, seals: summary.seals })}\n`;
    (options.output === "-" ? io.stderr : io.stdout).write(text);
    return;
  }
  const what = `${summary.events} events${summary.omitted ? ` (+${summary.omitted} omitted by the filter)` : ""}, ${summary.seals} seals`;
  const range =
    summary.nextSeq > summary.fromSeq ? `seq ${summary.fromSeq}..${summary.nextSeq - 1}` : "nothing new";
  const message = `exported ${what}, ${range}${options.cursor ? `; cursor ${options.cursor} at seq ${summary.nextSeq}` : ""}`;
  if (options.output === "-") note(io, message);
  else println(io, message);
}

export interface VerifyExportOptions {
  home: string;
  json?: boolean;
  allowUnverifiedSeals?: boolean;
  allowUnboundStart?: boolean;
}

/** What the copy proves beyond its own links: where it starts, and what no key here proves. */
function describeBinding(result: ExportVerification): string {
  const parts: string[] = [];
  if (!result.complete) {
    parts.push(
      `PARTIAL: starts at seq ${result.fromSeq}, events 0..${(result.fromSeq ?? 1) - 1} are not in this copy` +
        (result.startSeal
          ? ` (its start is bound by ${result.startSeal})`
          : " (its start is bound to no seal)"),
    );
  }
  const unproven = result.unverifiedSeals + result.unverifiedStubs;
  if (unproven > 0) {
    parts.push(
      `UNVERIFIED: ${result.unverifiedSeals} seals and ${result.unverifiedStubs} stubs are not made with this home's key and prove nothing`,
    );
  }
  const unsealed = result.events + result.omitted - result.sealedEvents;
  if (unsealed > 0) parts.push(`${unsealed} events at the end are covered by no seal in the copy`);
  return parts.length > 0 ? `; ${parts.join("; ")}` : "";
}

/** `trailseal verify --export <file>`: exit 0 when the copy verifies, 1 naming the first problem. */
export async function runVerifyExport(
  file: string,
  options: VerifyExportOptions,
  io: CliIO,
): Promise<number> {
  let key: Awaited<ReturnType<typeof loadSealKey>> | undefined;
  try {
    key = await loadSealKey(options.home, io.env);
  } catch {
    key = undefined; // without the key, seal tips and counts are still checked, HMACs are not
  }
  let result: Awaited<ReturnType<typeof verifyExportFile>>;
  try {
    result = await verifyExportFile(file, key, {
      allowUnverifiedSeals: options.allowUnverifiedSeals,
      allowUnboundStart: options.allowUnboundStart,
    });
  } catch (cause) {
    throw configError("EXPORT_UNREADABLE", `could not read ${file}`, { cause });
  }
  if (options.json) {
    printJson(io, {
      ok: result.ok,
      from_seq: result.fromSeq,
      next_seq: result.nextSeq,
      tip: result.tip,
      events: result.events,
      omitted: result.omitted,
      seals: result.seals,
      sealed_events: result.sealedEvents,
      signatures_checked: result.signaturesChecked,
      complete: result.complete,
      start_seal: result.startSeal,
      unverified_seals: result.unverifiedSeals,
      unverified_stubs: result.unverifiedStubs,
      problem: result.problem,
    });
  } else if (result.ok && result.events + result.omitted === 0) {
    println(io, `ok: an empty export at seq ${result.fromSeq}, tip ${result.tip}${describeBinding(result)}`);
  } else if (result.ok) {
    println(
      io,
      `ok: ${result.events} events (seq ${result.fromSeq}..${(result.nextSeq ?? 1) - 1}${result.omitted ? `, ${result.omitted} omitted by the export's filter` : ""}), ${result.seals} seals (${result.signaturesChecked} signatures checked), ${result.sealedEvents} events covered by a seal in the copy; tip ${result.tip}${describeBinding(result)}`,
    );
  } else {
    throw new TrailsealError(
      "EXPORT_COPY_INVALID",
      `export copy does not verify: ${result.problem!.message} (${result.problem!.reason})`,
    );
  }
  return result.ok ? 0 : 1;
}
