/**
 * The relay daemon (docs/relay.md): seals the trail every
 * `auto_seal.interval_minutes` (15 by default) and publishes each seal to the configured
 * witnesses with quorum, retrying with backoff what fell below quorum.
 *
 * Invariants: one relay per home (it holds the home's relay lock for its life; a dead holder is recognised by its process identity, never by its command line); a seal
 * below quorum is never dropped (pending retries persist in relay-state.json and survive a
 * restart); SIGTERM lets the publish in flight finish; configuration is read once at start, so
 * `relay restart` is how changes apply. The core (core.ts) takes the clock, timers,
 * sealing and publishing as parameters; daemon.ts wires the real ones.
 */

export type { RelayConfig } from "./config.js";
export {
  assertPublishingConsistent,
  DEFAULT_RELAY_CONFIG,
  loadRelayConfig,
  parseRelayConfig,
  relayConfigSchema,
} from "./config.js";
export type { BackgroundStartOptions, RelayStatus, StopResult } from "./control.js";
export { relayStatus, startRelayBackground, stopRelay } from "./control.js";
export { QUIET_MS, RelayCore } from "./core.js";
export type { RelayProcessOptions, RunningRelay } from "./daemon.js";
export { runRelayForeground, settingsFromConfig, startRelayInProcess } from "./daemon.js";
export { assertPublishableKeyId } from "./key-id.js";
export {
  acquireRelayLock,
  clearStaleRelayLock,
  type RelayHolder,
  relayHolder,
  runningRelayPid,
} from "./lifetime-lock.js";
export { DEFAULT_LOG_MAX_BYTES, RotatingLog } from "./log.js";
export type {
  LogLevel,
  PendingSeal,
  PublishFn,
  PublishOutcomeLike,
  PublishResultLike,
  QuorumResult,
  RelayClock,
  RelayDeps,
  RelayRuntimeState,
  RelaySettings,
  RelayTimers,
  SealSummary,
  WitnessEndpoint,
} from "./model.js";
export { assertIntervalMs, defaultRetryBase, emptyRuntimeState, MAX_TIMER_MS, retryDelay } from "./model.js";
export type { RelayStateFile } from "./state.js";
export { readRelayState, redactConfig, relayStateSchema, writeRelayState } from "./state.js";
