/**
 * OTLP log records through the official OpenTelemetry JS SDK (@opentelemetry/sdk-logs) and
 * OTLP/HTTP exporters (protobuf: exporter-logs-otlp-proto, JSON: exporter-logs-otlp-http).
 * Imported lazily: only `trailseal export --otlp-endpoint` pays for them.
 *
 * One log record per trail event: the canonical event line as the body; GenAI semantic
 * conventions where they fit (gen_ai.operation.name = execute_tool, gen_ai.tool.name,
 * gen_ai.conversation.id, gen_ai.agent.name); trailseal.* for the chain (seq, hash, prev),
 * the risk, the decision and the covering seal. Seals are sent as records of their own, and so
 * are the events a risk filter leaves out (`trailseal.omitted`: seq and hash, no content), as in
 * the JSON Lines copy, so a backend can still follow every link (docs/decisions/export-format.md).
 * Records go out in batches and each batch's export result is awaited, so the cursor only
 * moves past what the collector acknowledged.
 */
import type { AnyValueMap } from "@opentelemetry/api-logs";
import type { LogRecordProcessor, ReadableLogRecord } from "@opentelemetry/sdk-logs";
import type { TrailEvent } from "../chain/index.js";
import { TrailsealError } from "../errors/index.js";
import type { EventRecord, OmittedRecord, SealRecord } from "./records.js";
import type { ExportSink } from "./sink.js";

export type OtlpProtocol = "http/protobuf" | "http/json";

export interface OtlpOptions {
  endpoint: string;
  protocol: OtlpProtocol;
  headers: Record<string, string>;
  serviceVersion: string;
  batchSize?: number;
  timeoutMillis?: number;
  /** false: the stubs of events a risk filter leaves out are not sent (default: sent). */
  omitted?: boolean;
}

/** The attributes of one event's log record. */
export function eventAttributes(event: TrailEvent, seal: string | null): AnyValueMap {
  const action = event.action as { tool?: unknown; kind?: unknown };
  const attributes: AnyValueMap = {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": typeof action.tool === "string" ? action.tool : String(action.kind),
    "gen_ai.agent.name": event.agent,
    "trailseal.seq": event.seq,
    "trailseal.hash": event.hash,
    "trailseal.prev": event.prev,
    "trailseal.phase": event.phase,
    "trailseal.action.kind": String(action.kind),
    "trailseal.risk.level": event.risk.level,
    "trailseal.risk.flags": [...event.risk.flags],
    "trailseal.decision": event.decision,
  };
  if (event.session !== null) attributes["gen_ai.conversation.id"] = event.session;
  if (seal !== null) attributes["trailseal.seal"] = seal;
  return attributes;
}

/**
 * Risk levels as an on-call engineer reads log severities: nothing risky is INFO, medium WARN,
 * high WARN3 (look at it), critical ERROR (act on it). Never FATAL: that says the application
 * died, and an agent's risky action is not trailseal failing (docs/decisions/otlp-severity.md).
 */
const SEVERITY: Record<string, [number, string]> = {
  none: [9, "INFO"],
  low: [10, "INFO2"],
  medium: [13, "WARN"],
  high: [15, "WARN3"],
  critical: [17, "ERROR"],
};

/**
 * These packages are CommonJS; bundled into an ESM chunk their exports may arrive only as the
 * namespace's `default` (esbuild cannot see exports defined through getters).
 */
function namedExports(module: object): object {
  const fallback = (module as { default?: unknown }).default;
  return Object.keys(module).length <= 1 && typeof fallback === "object" && fallback !== null
    ? fallback
    : module;
}

export async function openOtlpSink(options: OtlpOptions): Promise<ExportSink & { sent(): number }> {
  const [sdk, resources, exporterModule] = (
    await Promise.all([
      import("@opentelemetry/sdk-logs"),
      import("@opentelemetry/resources"),
      options.protocol === "http/json"
        ? import("@opentelemetry/exporter-logs-otlp-http")
        : import("@opentelemetry/exporter-logs-otlp-proto"),
    ])
  ).map(namedExports) as [
    typeof import("@opentelemetry/sdk-logs"),
    typeof import("@opentelemetry/resources"),
    typeof import("@opentelemetry/exporter-logs-otlp-proto"),
  ];
  const exporter = new exporterModule.OTLPLogExporter({
    url: options.endpoint,
    headers: options.headers,
    timeoutMillis: options.timeoutMillis ?? 30_000,
  });
  const pending: ReadableLogRecord[] = [];
  const collector: LogRecordProcessor = {
    onEmit: (record) => {
      pending.push(record);
    },
    forceFlush: async () => undefined,
    shutdown: async () => undefined,
  };
  const provider = new sdk.LoggerProvider({
    resource: resources.resourceFromAttributes({
      "service.name": "trailseal",
      "service.version": options.serviceVersion,
    }),
    processors: [collector],
  });
  const logger = provider.getLogger("trailseal", options.serviceVersion);
  const batchSize = options.batchSize ?? 512;
  let sent = 0;

  const flush = async (): Promise<void> => {
    if (pending.length === 0) return;
    const batch = pending.splice(0, pending.length);
    const started = Date.now();
    const result = await new Promise<{ code: number; error?: Error }>((resolve) =>
      exporter.export(batch, resolve),
    );
    if (result.code !== 0) {
      const spent = ((Date.now() - started) / 1000).toFixed(1);
      throw new TrailsealError(
        "EXPORT_OTLP_FAILED",
        `${options.endpoint} did not accept ${batch.length} record(s) after ${spent} s (${sent} sent before): ${result.error?.message ?? "export failed"}`,
        {
          cause: result.error,
          hint: "check --otlp-endpoint, --otlp-protocol and --header; a --cursor did not move, the next run sends these events again",
        },
      );
    }
    sent += batch.length;
  };
  const emit = async (record: Parameters<typeof logger.emit>[0]) => {
    logger.emit(record);
    if (pending.length >= batchSize) await flush();
  };

  const sendEvent = async (record: EventRecord, line: string) => {
    const { event } = record;
    const [severityNumber, severityText] = SEVERITY[event.risk.level] ?? [9, "INFO"];
    const time = new Date(event.ts);
    await emit({
      eventName: "trailseal.event",
      timestamp: time,
      observedTimestamp: time,
      severityNumber,
      severityText,
      body: line,
      attributes: eventAttributes(event, record.seal),
    });
  };
  /** An event a risk filter left out: its seq and hash only, so the links stay checkable. */
  const sendOmitted = async (record: OmittedRecord, at: string | undefined) => {
    if (options.omitted === false) return;
    const time = at === undefined ? undefined : new Date(at);
    await emit({
      eventName: "trailseal.omitted",
      ...(time ? { timestamp: time, observedTimestamp: time } : {}),
      severityNumber: 9,
      severityText: "INFO",
      body: JSON.stringify(record),
      attributes: { "trailseal.seq": record.seq, "trailseal.hash": record.hash, "trailseal.omitted": true },
    });
  };
  const sendSeal = async (record: SealRecord) => {
    const time = new Date(record.seal.timestamp);
    await emit({
      eventName: "trailseal.seal",
      timestamp: time,
      observedTimestamp: time,
      severityNumber: 9,
      severityText: "INFO",
      body: JSON.stringify(record.seal),
      attributes: {
        "trailseal.seal": record.id,
        "trailseal.seal.chain_tip": record.seal.chain_tip,
        "trailseal.seal.event_count": record.seal.event_count,
        "trailseal.seal.key_id": record.seal.key_id,
      },
    });
  };
  const close = async () => {
    try {
      await flush();
    } finally {
      await exporter.shutdown().catch(() => undefined);
      await provider.shutdown().catch(() => undefined);
    }
  };

  return {
    // The header and end records describe the JSON Lines file; a collector gets the records.
    async write(record, line, at) {
      if (record.type === "event") await sendEvent(record, line!);
      else if (record.type === "omitted") await sendOmitted(record, at);
      else if (record.type === "seal") await sendSeal(record);
    },
    /** Sends what is still batched and shuts the SDK down. */
    close,
    // Even after a failure, what was batched goes out (the cursor does not move: a later run
    // sends it again, which a collector takes as it takes any resend).
    abort: () => close().catch(() => undefined),
    sent: () => sent,
  };
}
