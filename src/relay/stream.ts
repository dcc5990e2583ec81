/**
 * The relay's event stream to the organisation's collector: every `interval_seconds` it runs the
 * same export as `trailseal export --otlp-endpoint … --cursor <name>` (src/export), so the cursor
 * moves only past what the collector acknowledged and each event is sent at least once; its
 * `trailseal.hash` attribute is the stable id a pipeline drops duplicates by. While the collector
 * is down (a refused connection, a 5xx, a timeout) nothing moves: the stream retries with a
 * doubling pause capped at 30 s, and sends everything since the cursor when it answers again.
 * The trail is only read; sealing and publishing never wait for the stream.
 */
import type { ExportSummary } from "../export/index.js";
import type { RelayConfig } from "./config.js";

type OtlpStreamConfig = NonNullable<NonNullable<RelayConfig["export"]>["otlp"]>;

export interface EventStreamStatus {
  /** Events acknowledged by the collector since the relay started. */
  events_sent: number;
  last_success_at: string | null;
  last_error: string | null;
  /** The next seq the cursor points at, after the last success. */
  next_seq: number | null;
}

export interface EventStream {
  status(): EventStreamStatus;
  /** Lets the send in flight finish, then stops. */
  stop(): Promise<void>;
}

export interface EventStreamOptions {
  home: string;
  config: OtlpStreamConfig;
  serviceVersion: string;
  log(level: "info" | "warn", message: string): void;
  /** Runs one export (tests may inject; default: src/export's exportTrail). */
  send?: () => Promise<ExportSummary>;
  /** Called when the status changed in a way worth saving: events sent, a failure, a recovery. */
  onChange?: () => void;
}

const MAX_BACKOFF_MS = 30_000;

export function startEventStream(options: EventStreamOptions): EventStream {
  const intervalMs = options.config.interval_seconds * 1000;
  const status: EventStreamStatus = {
    events_sent: 0,
    last_success_at: null,
    last_error: null,
    next_seq: null,
  };
  const send =
    options.send ??
    (async () => {
      const { exportTrail, resolveOtlpEndpoint } = await import("../export/index.js");
      return exportTrail({
        home: options.home,
        selection: {},
        cursor: options.config.cursor,
        otlp: {
          // The same reading as `trailseal export`: a base URL gets /v1/logs.
          endpoint: resolveOtlpEndpoint(options.config.endpoint, {}) ?? options.config.endpoint,
          protocol: options.config.protocol,
          headers: options.config.headers,
          serviceVersion: options.serviceVersion,
        },
        stdout: process.stdout,
      });
    });
  let stopped = false;
  let wake: (() => void) | null = null;
  let failures = 0;
  const loop = (async () => {
    while (!stopped) {
      try {
        const summary = await send();
        const changed = summary.events > 0 || failures > 0 || status.last_success_at === null;
        status.events_sent += summary.events;
        status.next_seq = summary.nextSeq;
        status.last_success_at = new Date().toISOString();
        if (failures > 0)
          options.log(
            "info",
            `collector ${options.config.endpoint} answers again after ${failures} failed send(s)`,
          );
        failures = 0;
        status.last_error = null;
        if (changed) options.onChange?.();
      } catch (error) {
        failures += 1;
        status.last_error = (error as Error).message;
        // Logged on the first failure and then at each doubling, not every retry.
        if ((failures & (failures - 1)) === 0) {
          options.onChange?.();
          options.log(
            "warn",
            `events not sent to ${options.config.endpoint} (${failures} failure(s)): ${status.last_error}`,
          );
        }
      }
      if (stopped) break;
      const pause =
        failures === 0 ? intervalMs : Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** Math.min(failures, 16));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pause);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  })();
  return {
    status: () => ({ ...status }),
    async stop() {
      stopped = true;
      (wake as (() => void) | null)?.();
      await loop;
    },
  };
}
