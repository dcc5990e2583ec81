import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, open } from "node:fs/promises";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { TrailsealError } from "../errors/index.js";
import { homePaths, loadSealKey } from "../home/index.js";
import { assertPublishingConsistent, loadRelayConfig } from "./config.js";
import { assertPublishableKeyId } from "./key-id.js";
import { clearStaleRelayLock, relayHolder, runningRelayPid } from "./lifetime-lock.js";
import { type EventStreamState, type RelayStateFile, readRelayState } from "./state.js";

/**
 * Controlling the daemon from another process: start it in the background (the same CLI,
 * detached, with `--foreground`), stop it with SIGTERM, read its status from the relay lock
 * (who holds it) and the state file it writes.
 */

export interface BackgroundStartOptions {
  home: string;
  /** `--interval` as the user typed it, passed through to the daemon. */
  interval?: string;
  env?: NodeJS.ProcessEnv;
  /** The CLI script to run (default: this process's, `process.argv[1]`). */
  cliPath?: string;
  execPath?: string;
  /** How long to wait for the daemon to come up. */
  readyTimeoutMs?: number;
}

function tailOfLog(path: string, lines = 5): string {
  try {
    return readFileSync(path, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/** Starts the relay detached, its output appended to relay.log; resolves once it holds the relay lock. */
export async function startRelayBackground(options: BackgroundStartOptions): Promise<{ pid: number }> {
  const env = options.env ?? process.env;
  const paths = homePaths(options.home);
  // Fail here, on the user's terminal, rather than only in the log.
  assertPublishingConsistent(await loadRelayConfig(paths.relayConfig));
  assertPublishableKeyId((await loadSealKey(options.home, env)).keyId);
  const running = await runningRelayPid(paths.relayLock);
  if (running !== null) {
    throw new TrailsealError(
      "RELAY_ALREADY_RUNNING",
      `a relay is already running for this home (pid ${running})`,
      {
        hint: "use `trailseal relay restart` to apply a new configuration",
      },
    );
  }
  const script = options.cliPath ?? process.argv[1];
  if (!script) throw new TrailsealError("RELAY_START_FAILED", "cannot tell which trailseal script to run");
  await mkdir(paths.root, { recursive: true, mode: 0o700 });
  const logHandle = await open(paths.relayLog, "a", 0o600);
  let child: ReturnType<typeof spawn>;
  try {
    const args = [resolve(script), "--home", resolve(options.home), "relay", "start", "--foreground"];
    if (options.interval !== undefined) args.push("--interval", options.interval);
    child = spawn(options.execPath ?? process.execPath, args, {
      detached: true,
      // The home, not the caller's directory: a long-lived daemon should not pin an arbitrary cwd.
      cwd: paths.root,
      stdio: ["ignore", logHandle.fd, logHandle.fd],
      env,
    });
  } finally {
    await logHandle.close();
  }
  let exited: number | null | undefined;
  child.on("exit", (code) => {
    exited = code;
  });
  child.unref();
  const pid = child.pid;
  if (pid === undefined) throw new TrailsealError("RELAY_START_FAILED", "could not spawn the relay process");
  const deadline = Date.now() + (options.readyTimeoutMs ?? 20_000);
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      throw new TrailsealError("RELAY_START_FAILED", `the relay exited during start (code ${exited})`, {
        hint: `see ${paths.relayLog}${tailOfLog(paths.relayLog) ? `; last lines:\n${tailOfLog(paths.relayLog)}` : ""}`,
      });
    }
    const state = await readRelayState(paths.relayState).catch(() => null);
    if ((await runningRelayPid(paths.relayLock)) === pid && state?.kind === "ok" && state.state.pid === pid) {
      return { pid };
    }
    await sleep(50);
  }
  throw new TrailsealError("RELAY_START_TIMEOUT", `the relay (pid ${pid}) did not report ready`, {
    hint: `see ${paths.relayLog}`,
  });
}

export interface StopResult {
  wasRunning: boolean;
  pid: number | null;
  stalePid: number | null;
}

/** SIGTERM to the relay, then waits until the process is gone (it finishes the publish in flight first). */
export async function stopRelay(home: string, timeoutMs = 60_000): Promise<StopResult> {
  const paths = homePaths(home);
  const holder = await relayHolder(paths.relayLock);
  if (holder === null) return { wasRunning: false, pid: null, stalePid: null };
  if (!holder.alive) {
    return { wasRunning: false, pid: null, stalePid: await clearStaleRelayLock(paths.relayLock) };
  }
  const pid = holder.pid;
  try {
    process.kill(pid, "SIGTERM");
  } catch (cause) {
    throw new TrailsealError("RELAY_STOP_FAILED", `could not signal the relay (pid ${pid})`, { cause });
  }
  const deadline = Date.now() + timeoutMs;
  while ((await runningRelayPid(paths.relayLock)) === pid) {
    if (Date.now() > deadline) {
      throw new TrailsealError("RELAY_STOP_TIMEOUT", `the relay (pid ${pid}) did not stop`, {
        hint: "it may be waiting on a witness; try again, or kill it (pending seals are kept in relay-state.json)",
      });
    }
    await sleep(50);
  }
  // A relay killed hard leaves its lock behind.
  await clearStaleRelayLock(paths.relayLock);
  return { wasRunning: true, pid, stalePid: null };
}

export interface RelayStatus {
  running: boolean;
  pid: number | null;
  /** The pid of a relay that died holding the lock. */
  stale_pid: number | null;
  started_at: string | null;
  uptime_ms: number | null;
  interval_ms: number | null;
  config: unknown;
  last_seal: RelayStateFile["last_seal"];
  last_quorum: RelayStateFile["last_quorum"];
  pending: RelayStateFile["pending"];
  /** Seals the witnesses refused for good (see the log for why); a restart tries them again. */
  set_aside: RelayStateFile["set_aside"];
  seals_created: number;
  next_seal_at: string | null;
  next_retry_at: string | null;
  last_error: RelayStateFile["last_error"];
  stopped_at: string | null;
  state_updated_at: string | null;
  log: string;
  state_problem: string | null;
  /** The event stream to the collector (export.otlp): events sent, last success, last error. */
  event_stream: EventStreamState | null;
}

export async function relayStatus(home: string, now: Date = new Date()): Promise<RelayStatus> {
  const paths = homePaths(home);
  const holder = await relayHolder(paths.relayLock);
  const pid = holder?.pid ?? null;
  const running = holder?.alive ?? false;
  const read = await readRelayState(paths.relayState);
  const state = read.kind === "ok" ? read.state : null;
  // The state file describes the live daemon only if it carries its pid.
  const live = running && state?.pid === pid;
  return {
    running,
    pid: running ? pid : null,
    stale_pid: pid !== null && !running ? pid : null,
    started_at: live ? state.started_at : null,
    uptime_ms: live ? Math.max(0, now.getTime() - Date.parse(state.started_at)) : null,
    interval_ms: state?.interval_ms ?? null,
    config: state?.config ?? null,
    last_seal: state?.last_seal ?? null,
    last_quorum: state?.last_quorum ?? null,
    pending: state?.pending ?? [],
    set_aside: state?.set_aside ?? [],
    seals_created: state?.seals_created ?? 0,
    next_seal_at: live ? state.next_seal_at : null,
    next_retry_at: live ? state.next_retry_at : null,
    last_error: state?.last_error ?? null,
    stopped_at: state?.stopped_at ?? null,
    state_updated_at: state?.updated_at ?? null,
    log: paths.relayLog,
    state_problem: read.kind === "invalid" ? read.message : null,
    event_stream: state?.event_stream ?? null,
  };
}
