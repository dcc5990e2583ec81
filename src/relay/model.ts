/**
 * The relay's types and its backoff policy: what the core is given (dependencies, settings)
 * and what it reports (runtime state, persisted in relay-state.json and shown by `status`).
 */
import { configError } from "../errors/index.js";
import type { Seal, StoredSeal } from "../seal/index.js";

export interface WitnessEndpoint {
  url: string;
  name: string;
  auth_token?: string;
}

/** One witness's outcome, as the witness client reports it (extra fields are ignored). */
export interface PublishOutcomeLike {
  name: string;
  url: string;
  ok: boolean;
  /** `retryable: false`: the witness refused this seal for good (400, 401, 403, 409, …). */
  error?: { code: string; message: string; retryable?: boolean };
}

/** The part of the witness client's PublishResult the relay relies on. */
export interface PublishResultLike {
  seal_id: string;
  quorum: number;
  confirmations: number;
  met: boolean;
  outcomes: PublishOutcomeLike[];
}

/** Publishes one stored seal to `endpoints`, needing `quorum` of them. Must not throw for witness failures. */
export type PublishFn = (request: {
  stored: StoredSeal;
  endpoints: WitnessEndpoint[];
  quorum: number;
}) => Promise<PublishResultLike>;

export interface RelayClock {
  now(): number;
}

export interface RelayTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type LogLevel = "info" | "warn" | "error";

export interface RelayDeps {
  clock: RelayClock;
  timers: RelayTimers;
  /** Seals the trail's current tip and stores the seal. */
  seal(): Promise<StoredSeal>;
  /** The trail's tip as written (for idle detection). */
  readTip(): Promise<{ tip: string; count: number }>;
  publish: PublishFn;
  /** Persists the runtime state (pending retries above all); called after every change. */
  saveState(state: RelayRuntimeState): Promise<void>;
  log(level: LogLevel, message: string): void;
}

export interface RelaySettings {
  intervalMs: number;
  autoSeal: boolean;
  sealWhenIdle: boolean;
  witness: { enabled: boolean; quorum: number; endpoints: WitnessEndpoint[] };
  /**
   * With publishing on: seal (and publish) at most this long after the first unsealed event,
   * or sooner once the trail has been quiet for `QUIET_MS` (0 or absent: the interval only).
   */
  maxUnsealedMs?: number;
  /** First retry delay; doubles per failed round up to `retryMaxMs`. Default: interval/10 within [100ms, 30s]. */
  retryBaseMs?: number;
  /** Longest retry delay. Default: the interval (a new seal retries everything anyway). */
  retryMaxMs?: number;
}

export interface SealSummary {
  id: string;
  timestamp: string;
  chain_tip: string;
  event_count: number;
}

export interface QuorumResult {
  seal_id: string;
  at: string;
  confirmations: number;
  quorum: number;
  met: boolean;
  outcomes: { name: string; url: string; ok: boolean; error_code?: string }[];
}

/** A seal that has not yet reached quorum. `confirmed` holds the URLs of witnesses that gave a receipt. */
export interface PendingSeal {
  seal_id: string;
  seal: Seal;
  confirmed: string[];
  attempts: number;
  first_attempt_at: string;
  last_attempt_at: string;
  last_error: string | null;
  /** Witnesses that refused this seal for good: not asked again. */
  rejected?: { url: string; code: string }[];
}

/**
 * A seal that can no longer reach quorum because witnesses refused it for good: set aside so it
 * does not hold up the others, kept and reported (`relay status`), and tried again when the
 * relay restarts (after the configuration or the key id was fixed).
 */
export interface SetAsideSeal {
  seal_id: string;
  seal: Seal;
  confirmed: string[];
  rejected: { url: string; code: string }[];
  set_aside_at: string;
}

export interface RelayRuntimeState {
  seals_created: number;
  seals_skipped_idle: number;
  last_seal: SealSummary | null;
  last_quorum: QuorumResult | null;
  pending: PendingSeal[];
  set_aside: SetAsideSeal[];
  /** Consecutive retry rounds that gained no confirmation (drives the backoff). */
  retry_failures: number;
  next_seal_at: string | null;
  next_retry_at: string | null;
  last_error: { at: string; code: string; message: string } | null;
}

export function emptyRuntimeState(): RelayRuntimeState {
  return {
    seals_created: 0,
    seals_skipped_idle: 0,
    last_seal: null,
    last_quorum: null,
    pending: [],
    set_aside: [],
    retry_failures: 0,
    next_seal_at: null,
    next_retry_at: null,
    last_error: null,
  };
}

/**
 * Longest delay a Node timer takes: above 2^31-1 ms it fires at once (with a warning), so an
 * interval of 25 days would busy-loop. Longer intervals are refused; the core also never asks
 * a timer for more (it wakes early and goes back to sleep).
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Throws RELAY_INTERVAL_INVALID (exit 2) for an interval the relay cannot keep. */
export function assertIntervalMs(ms: number): void {
  if (!Number.isFinite(ms) || ms < 1 || ms > MAX_TIMER_MS) {
    throw configError(
      "RELAY_INTERVAL_INVALID",
      `a relay interval must be between 1 ms and ${Math.floor(MAX_TIMER_MS / 86_400_000)} days (${MAX_TIMER_MS} ms)`,
      { hint: "seal at least every 24 days; 15m is the default" },
    );
  }
}

/** Capped exponential backoff: base, 2·base, 4·base, … up to max. */
export function retryDelay(failures: number, baseMs: number, maxMs: number): number {
  const exponent = Math.max(0, Math.min(failures - 1, 30));
  return Math.min(baseMs * 2 ** exponent, maxMs);
}

export function defaultRetryBase(intervalMs: number): number {
  return Math.min(30_000, Math.max(100, Math.floor(intervalMs / 10)));
}
