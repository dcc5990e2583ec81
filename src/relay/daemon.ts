import { rename } from "node:fs/promises";
import { homePaths, loadSealKey } from "../home/index.js";
import { readSeals, sealTrail } from "../seal/index.js";
import { waitForStopSignal } from "../stop-signal/index.js";
import { readTip, trailDir } from "../trail/index.js";
import { assertPublishingConsistent, loadRelayConfig, type RelayConfig } from "./config.js";
import { RelayCore } from "./core.js";
import { assertPublishableKeyId } from "./key-id.js";
import { acquireRelayLock, relayHolder } from "./lifetime-lock.js";
import { RotatingLog } from "./log.js";
import { assertIntervalMs, type PublishFn, type RelayRuntimeState, type RelaySettings } from "./model.js";
import { loadWitnessPublisher } from "./publisher.js";
import { readRelayState, toStateFile, writeRelayState } from "./state.js";
import { type EventStream, startEventStream } from "./stream.js";
import { watchTrail } from "./trail-watch.js";

/**
 * The relay running in this process (`relay start --foreground`, which is also what the
 * background start spawns): config, key and the relay lock first, then the core with the real clock,
 * timers, seal store and witness client, until SIGTERM/SIGINT.
 */

export interface RelayProcessOptions {
  home: string;
  /** Overrides auto_seal.interval_minutes (`--interval 2s`). */
  intervalMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Injected publisher (tests); default: the witness client. */
  publish?: PublishFn;
  /** Also receives every log line (foreground on a terminal). */
  echo?: (line: string) => void;
  /** The version sent as service.version with streamed events. */
  version?: string;
}

export interface RunningRelay {
  core: RelayCore;
  config: RelayConfig;
  intervalMs: number;
  log: RotatingLog;
  /** Finishes the publish in flight, writes the final state, releases the relay lock. */
  stop(): Promise<void>;
}

export function settingsFromConfig(config: RelayConfig, intervalMs?: number): RelaySettings {
  return {
    intervalMs: intervalMs ?? config.auto_seal.interval_minutes * 60_000,
    autoSeal: config.auto_seal.enabled,
    sealWhenIdle: config.auto_seal.seal_when_idle,
    maxUnsealedMs: config.auto_seal.max_unsealed_seconds * 1000,
    // With prompt seals the tail is meant to stay seconds wide: after a witness outage, pending
    // seals are retried at least every 30 s, not only as often as the (15-minute) heartbeat.
    ...(config.auto_seal.max_unsealed_seconds > 0 ? { retryMaxMs: 30_000 } : {}),
    witness: {
      enabled: config.witness.enabled,
      quorum: config.witness.quorum,
      endpoints: config.witness.endpoints,
    },
  };
}

function logMaxBytes(env: NodeJS.ProcessEnv): number | undefined {
  const value = Number(env.TRAILSEAL_RELAY_LOG_MAX_BYTES);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** Starts the relay in this process. Throws (before taking the relay lock) on a bad config or missing key. */
export async function startRelayInProcess(options: RelayProcessOptions): Promise<RunningRelay> {
  const env = options.env ?? process.env;
  const paths = homePaths(options.home);
  const config = await loadRelayConfig(paths.relayConfig);
  assertPublishingConsistent(config);
  const key = await loadSealKey(options.home, env);
  assertPublishableKeyId(key.keyId);
  const settings = settingsFromConfig(config, options.intervalMs);
  assertIntervalMs(settings.intervalMs);
  const publish: PublishFn =
    options.publish ??
    (settings.witness.enabled
      ? await loadWitnessPublisher(options.home)
      : async () => {
          throw new Error("witness publishing is disabled");
        });
  const pid = process.pid;
  const previousHolder = await relayHolder(paths.relayLock);
  const lock = await acquireRelayLock(paths.relayLock);
  const log = new RotatingLog(paths.relayLog, { maxBytes: logMaxBytes(env), mirror: options.echo });
  if (previousHolder !== null && !previousHolder.alive)
    log.write("warn", `took over the lock of a relay that died (pid ${previousHolder.pid})`);

  let initial: Partial<RelayRuntimeState> = {};
  const previous = await readRelayState(paths.relayState);
  if (previous.kind === "ok") {
    const { last_seal, last_quorum, seals_created, seals_skipped_idle, set_aside } = previous.state;
    // Seals set aside by the last run get another chance: the restart may have fixed their cause.
    const pending = [
      ...previous.state.pending,
      ...set_aside.map(({ seal_id, seal, confirmed, set_aside_at }) => ({
        seal_id,
        seal,
        confirmed,
        attempts: 0,
        first_attempt_at: set_aside_at,
        last_attempt_at: set_aside_at,
        last_error: null,
      })),
    ];
    initial = { last_seal, last_quorum, pending, seals_created, seals_skipped_idle };
    if (set_aside.length > 0) log.write("info", `trying again ${set_aside.length} seal(s) set aside before`);
    if (pending.length > 0) log.write("info", `resuming ${pending.length} seal(s) below quorum`);
  } else if (previous.kind === "invalid") {
    const aside = `${paths.relayState}.invalid-${Date.now()}`;
    await rename(paths.relayState, aside).catch(() => undefined);
    log.write("warn", `relay state was unreadable (${previous.message}); moved to ${aside}`);
  }
  const lastStored = (await readSeals(paths.seals)).at(-1);
  const lastSealed = lastStored
    ? { tip: lastStored.seal.chain_tip, count: lastStored.seal.event_count }
    : null;

  const startedAt = new Date().toISOString();
  let stream: EventStream | null = null;
  const otlp = config.export?.otlp;
  const meta = () => ({
    pid,
    startedAt,
    intervalMs: settings.intervalMs,
    config,
    now: new Date().toISOString(),
    eventStream: stream && otlp ? { endpoint: otlp.endpoint, ...stream.status() } : null,
  });
  const trail = trailDir(options.home);
  const core = new RelayCore(
    settings,
    {
      clock: { now: () => Date.now() },
      timers: {
        setTimeout: (callback, ms) => setTimeout(callback, ms),
        clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
      },
      seal: () => sealTrail(trail, paths.seals, key),
      readTip: () => readTip(trail),
      publish,
      saveState: (state) => writeRelayState(paths.relayState, toStateFile(state, meta())),
      log: (level, message) => log.write(level, message),
    },
    initial,
    lastSealed,
  );
  await writeRelayState(paths.relayState, toStateFile(core.snapshot(), meta()));
  log.write(
    "info",
    `relay started (pid ${pid}): seal every ${settings.intervalMs}ms${settings.autoSeal ? "" : " (auto_seal disabled)"}` +
      (settings.autoSeal && settings.witness.enabled && (settings.maxUnsealedMs ?? 0) > 0
        ? ` and within ${settings.maxUnsealedMs}ms of new events, `
        : ", ") +
      (settings.witness.enabled
        ? `witnesses ${settings.witness.endpoints.map((e) => e.name).join(", ")}, quorum ${settings.witness.quorum}`
        : "witness publishing disabled"),
  );
  core.start();
  const prompt = settings.witness.enabled && settings.autoSeal && (settings.maxUnsealedMs ?? 0) > 0;
  const watcher = prompt ? watchTrail(trail, () => core.activity()) : null;
  stream = otlp
    ? startEventStream({
        home: options.home,
        config: otlp,
        serviceVersion: options.version ?? "0.0.0",
        log: (level, message) => log.write(level, message),
        // The state file is replaced whole and atomically: the last writer has both parts.
        onChange: () => {
          void writeRelayState(paths.relayState, toStateFile(core.snapshot(), meta())).catch(() => undefined);
        },
      })
    : null;
  if (otlp)
    log.write(
      "info",
      `streaming events to ${otlp.endpoint} every ${otlp.interval_seconds}s (cursor ${otlp.cursor})`,
    );

  let stopped: Promise<void> | null = null;
  return {
    core,
    config,
    intervalMs: settings.intervalMs,
    log,
    stop() {
      stopped ??= (async () => {
        watcher?.close();
        await core.stop();
        await stream?.stop();
        const now = new Date().toISOString();
        await writeRelayState(paths.relayState, toStateFile(core.snapshot(), meta(), now));
        log.write("info", `relay stopped (pid ${pid})`);
        await lock.release();
      })();
      return stopped;
    },
  };
}

/** Runs the relay until SIGTERM or SIGINT, then stops it cleanly (the publish in flight finishes first). */
export async function runRelayForeground(options: RelayProcessOptions): Promise<RunningRelay> {
  const relay = await startRelayInProcess(options);
  const signal = await waitForStopSignal();
  relay.log.write("info", `received ${signal}; finishing the work in flight`);
  await relay.stop();
  return relay;
}
