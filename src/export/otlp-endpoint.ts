/**
 * Where OTLP logs go, read the way OpenTelemetry's own exporters read it (the OTLP exporter
 * specification): `OTEL_EXPORTER_OTLP_LOGS_ENDPOINT` is the logs URL as is;
 * `OTEL_EXPORTER_OTLP_ENDPOINT` is a base URL to which `/v1/logs` is appended; headers come from
 * `OTEL_EXPORTER_OTLP_HEADERS` and `OTEL_EXPORTER_OTLP_LOGS_HEADERS` (`k=v,k2=v2`, values
 * percent-decoded). An explicit `--otlp-endpoint` wins; given as a base (no path, or `/`), it
 * gets `/v1/logs` too, so `http://host:4318` works as collectors document it. Used by
 * `trailseal export` and the relay's OTLP stream alike.
 */
import { configError } from "../errors/index.js";

/** `base` + `/v1/logs`, as OTLP/HTTP builds a signal URL from OTEL_EXPORTER_OTLP_ENDPOINT. */
function withLogsPath(base: string): string {
  return `${base.replace(/\/+$/, "")}/v1/logs`;
}

function parsed(url: string, from: string): URL {
  try {
    const parsedUrl = new URL(url);
    if (parsedUrl.protocol === "http:" || parsedUrl.protocol === "https:") return parsedUrl;
  } catch {}
  throw configError("EXPORT_OTLP_ENDPOINT_INVALID", `${from} is not an http(s) URL: ${url}`, {
    hint: "e.g. http://127.0.0.1:4318 (the collector's OTLP/HTTP port; /v1/logs is added)",
  });
}

/** The logs URL, or null when neither a flag nor the environment names one. */
export function resolveOtlpEndpoint(given: string | undefined, env: NodeJS.ProcessEnv): string | null {
  if (given) {
    const url = parsed(given, "--otlp-endpoint");
    return url.pathname === "/" || url.pathname === "" ? withLogsPath(url.origin) : given;
  }
  const logs = env.OTEL_EXPORTER_OTLP_LOGS_ENDPOINT?.trim();
  if (logs) return parsed(logs, "OTEL_EXPORTER_OTLP_LOGS_ENDPOINT").href;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (base) return withLogsPath(parsed(base, "OTEL_EXPORTER_OTLP_ENDPOINT").href);
  return null;
}

/** Headers from the environment (`k=v,k2=v2`), the logs-specific ones over the general ones. */
export function otlpEnvHeaders(env: NodeJS.ProcessEnv): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ["OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_LOGS_HEADERS"]) {
    for (const pair of (env[name] ?? "").split(",")) {
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const key = pair.slice(0, eq).trim();
      let value = pair.slice(eq + 1).trim();
      try {
        value = decodeURIComponent(value);
      } catch {}
      if (key) headers[key.toLowerCase()] = value;
    }
  }
  return headers;
}
