import { homePaths } from "../../home/index.js";
import {
  assertIntervalMs,
  assertPublishingConsistent,
  loadRelayConfig,
  type RelayStatus,
  relayStatus,
  runRelayForeground,
  startRelayBackground,
  stopRelay,
} from "../../relay/index.js";
import { escapeCells } from "../../terminal/index.js";
import { formatDuration, parseDuration } from "../../time/index.js";
import { type CliIO, formatTable, note, printJson, println } from "../io.js";

export interface RelayStartOptions {
  home: string;
  foreground?: boolean;
  interval?: string;
  /** The CLI's version (service.version of streamed events). */
  version?: string;
  json?: boolean;
}

export async function runRelayStart(options: RelayStartOptions, io: CliIO): Promise<number> {
  // Parse here so a bad duration is a usage error on the terminal, not in the log.
  const intervalMs = options.interval === undefined ? undefined : parseDuration(options.interval);
  if (intervalMs !== undefined) assertIntervalMs(intervalMs);
  if (options.foreground) {
    // A background start runs this same command with stderr appended to relay.log: say what it is.
    note(
      io,
      io.stderr.isTTY
        ? `relay running in the foreground (pid ${process.pid}); stop with Ctrl-C or SIGTERM`
        : `relay started (pid ${process.pid}); stop with \`trailseal relay stop\` or SIGTERM`,
    );
    await runRelayForeground({
      home: options.home,
      intervalMs,
      env: io.env,
      // Spawned by a background start, stderr is the log file itself: echo only to a terminal.
      echo: io.stderr.isTTY ? (line) => io.stderr.write(line) : undefined,
      version: options.version,
    });
    return 0;
  }
  const { pid } = await startRelayBackground({ home: options.home, interval: options.interval, env: io.env });
  if (options.json) printJson(io, { running: true, pid });
  else println(io, `relay started (pid ${pid})`);
  return 0;
}

export async function runRelayStop(options: { home: string; json?: boolean }, io: CliIO): Promise<number> {
  const result = await stopRelay(options.home);
  if (options.json) {
    printJson(io, { stopped: result.wasRunning, pid: result.pid, stale_pid: result.stalePid });
  } else if (result.wasRunning) {
    println(io, `relay stopped (pid ${result.pid})`);
  } else {
    println(
      io,
      result.stalePid !== null
        ? `relay was not running (removed the lock left by pid ${result.stalePid}, which died)`
        : "relay was not running",
    );
  }
  return 0;
}

export async function runRelayRestart(
  options: { home: string; interval?: string; json?: boolean },
  io: CliIO,
): Promise<number> {
  if (options.interval !== undefined) assertIntervalMs(parseDuration(options.interval));
  // A configuration the new relay would refuse must not cost the running one.
  assertPublishingConsistent(await loadRelayConfig(homePaths(options.home).relayConfig));
  const stopped = await stopRelay(options.home);
  const { pid } = await startRelayBackground({ home: options.home, interval: options.interval, env: io.env });
  if (options.json) printJson(io, { running: true, pid, previous_pid: stopped.pid });
  else
    println(
      io,
      stopped.wasRunning
        ? `relay restarted (pid ${stopped.pid} → ${pid})`
        : `relay was not running; started (pid ${pid})`,
    );
  return 0;
}

function describeStatus(status: RelayStatus): string[][] {
  const rows: string[][] = [];
  rows.push([
    "state",
    status.running
      ? "running"
      : status.stale_pid !== null
        ? `not running (pid ${status.stale_pid} died holding the relay lock)`
        : "not running",
  ]);
  if (status.running) {
    rows.push(["pid", String(status.pid)]);
    rows.push(["uptime", status.uptime_ms === null ? "?" : formatDuration(status.uptime_ms)]);
  }
  if (status.interval_ms !== null) rows.push(["interval", formatDuration(status.interval_ms)]);
  const config = status.config as {
    witness?: { enabled: boolean; quorum: number; endpoints: { name: string }[] };
    auto_seal?: { enabled: boolean };
  } | null;
  if (config?.auto_seal) rows.push(["auto seal", config.auto_seal.enabled ? "on" : "off"]);
  if (config?.witness) {
    rows.push([
      "witnesses",
      config.witness.enabled
        ? `${config.witness.endpoints.map((e) => e.name).join(", ")} (quorum ${config.witness.quorum})`
        : "publishing disabled",
    ]);
  }
  const stream = status.event_stream;
  if (stream)
    rows.push([
      "event stream",
      `${stream.endpoint}: ${stream.events_sent} events sent` +
        (stream.next_seq === null ? "" : `, cursor at seq ${stream.next_seq}`) +
        (stream.last_error ? `; failing: ${stream.last_error}` : ""),
    ]);
  const seal = status.last_seal;
  rows.push(["last seal", seal ? `${seal.id} at ${seal.timestamp} (${seal.event_count} events)` : "none"]);
  const quorum = status.last_quorum;
  rows.push([
    "last quorum",
    quorum
      ? `${quorum.seal_id}: ${quorum.confirmations}/${quorum.quorum} ${quorum.met ? "met" : "NOT met"} at ${quorum.at}`
      : "none",
  ]);
  rows.push([
    "pending",
    status.pending.length === 0
      ? "none"
      : `${status.pending.length} seal(s) below quorum: ${status.pending.map((p) => p.seal_id).join(", ")}`,
  ]);
  if (status.set_aside.length > 0)
    rows.push([
      "set aside",
      `${status.set_aside.length} seal(s) refused by witnesses: ${status.set_aside
        .map((s) => `${s.seal_id} (${s.rejected.map((r) => r.code).join(", ")})`)
        .join(", ")}`,
    ]);
  if (status.next_seal_at) rows.push(["next seal", status.next_seal_at]);
  if (status.next_retry_at) rows.push(["next retry", status.next_retry_at]);
  if (status.last_error) rows.push(["last error", `${status.last_error.code} at ${status.last_error.at}`]);
  if (status.state_problem) rows.push(["state file", `unreadable: ${status.state_problem}`]);
  rows.push(["log", status.log]);
  return rows;
}

export async function runRelayStatus(options: { home: string; json?: boolean }, io: CliIO): Promise<number> {
  const status = await relayStatus(options.home);
  if (options.json) printJson(io, status);
  else println(io, formatTable(escapeCells(describeStatus(status))));
  return status.running ? 0 : 1;
}
