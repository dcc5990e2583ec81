/**
 * A minimal OTLP/HTTP logs receiver on 127.0.0.1 for tests. Protobuf requests are decoded with
 * the OpenTelemetry project's own generated definitions of opentelemetry-proto (shipped in
 * @opentelemetry/otlp-transformer 0.52, installed as `otlp-proto-definitions`); JSON requests
 * are parsed as OTLP/JSON. Each record is flattened to {body, attributes, resource, eventName}.
 */

import { createServer, type IncomingMessage, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";

const require = createRequire(import.meta.url);
const root = require("otlp-proto-definitions/build/src/generated/root.js");
const Request = root.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
const Response = root.opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse;

export interface ReceivedRecord {
  body: string;
  eventName: string | undefined;
  severityText: string;
  /** The record's time (ns since the epoch, as a decimal string), when set. */
  timeUnixNano?: string;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
}

export interface Receiver {
  url: string;
  records: ReceivedRecord[];
  requests: { contentType: string; headers: IncomingMessage["headers"]; path: string }[];
  /** HTTP status to answer with (200 by default). */
  status: number;
  close(): Promise<void>;
}

interface KeyValue {
  key: string;
  value: Record<string, unknown>;
}

function anyValue(value: Record<string, unknown> | undefined): unknown {
  if (!value) return undefined;
  if ("stringValue" in value) return value.stringValue;
  if ("intValue" in value) return Number(value.intValue);
  if ("boolValue" in value) return value.boolValue;
  if ("doubleValue" in value) return value.doubleValue;
  if ("arrayValue" in value) {
    return ((value.arrayValue as { values?: Record<string, unknown>[] }).values ?? []).map(anyValue);
  }
  return undefined;
}

function attributes(list: KeyValue[] = []): Record<string, unknown> {
  return Object.fromEntries(list.map((kv) => [kv.key, anyValue(kv.value)]));
}

interface OtlpLogRecord {
  body?: Record<string, unknown>;
  eventName?: string;
  severityText: string;
  timeUnixNano?: string | number;
  attributes?: KeyValue[];
}
interface OtlpResourceLogs {
  resource?: { attributes?: KeyValue[] };
  scopeLogs?: { logRecords?: OtlpLogRecord[] }[];
}

function collect(request: { resourceLogs?: unknown[] }, into: ReceivedRecord[]): void {
  for (const resourceLogs of (request.resourceLogs ?? []) as OtlpResourceLogs[]) {
    const resource = attributes(resourceLogs.resource?.attributes);
    for (const scopeLogs of resourceLogs.scopeLogs ?? []) {
      for (const record of scopeLogs.logRecords ?? []) {
        into.push({
          body: anyValue(record.body) as string,
          eventName: record.eventName || undefined,
          severityText: record.severityText,
          ...(record.timeUnixNano ? { timeUnixNano: String(record.timeUnixNano) } : {}),
          attributes: attributes(record.attributes),
          resource,
        });
      }
    }
  }
}

export async function startReceiver(port = 0): Promise<Receiver> {
  const receiver: Receiver = {
    url: "",
    records: [],
    requests: [],
    status: 200,
    // Down for good: keep-alive connections are cut too, not left to serve their next request.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const contentType = String(req.headers["content-type"] ?? "");
      receiver.requests.push({ contentType, headers: req.headers, path: req.url ?? "" });
      if (receiver.status !== 200) {
        res.writeHead(receiver.status).end();
        return;
      }
      const bytes = Buffer.concat(chunks);
      if (contentType.includes("protobuf")) {
        collect(
          Request.toObject(Request.decode(bytes), { longs: String, defaults: false }),
          receiver.records,
        );
        res.writeHead(200, { "content-type": "application/x-protobuf" }).end(Response.encode({}).finish());
      } else {
        collect(JSON.parse(bytes.toString("utf8")), receiver.records);
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/logs`;
  return receiver;
}
