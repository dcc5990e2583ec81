/**
 * The relay's types and its backoff policy: what the core is given (dependencies, settings)
 * and what it reports (runtime state, persisted in relay-state.json and shown by `status`).
 */
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
  error?: { code: string; message: string };
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
}

export interface RelayRuntimeState {
  seals_created: number;
  seals_skipped_idle: number;
  last_seal: SealSummary | null;
  last_quorum: QuorumResult | null;
  pending: PendingSeal[];
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
    retry_failures: 0,
    next_seal_at: null,
    next_retry_at: null,
    last_error: null,
  };
}

/** Capped exponential backoff: base, 2·base, 4·base, … up to max. */
export function retryDelay(failures: number, baseMs: number, maxMs: number): number {
  const exponent = Math.max(0, Math.min(failures - 1, 30));
  return Math.min(baseMs * 2 ** exponent, maxMs);
}

export function defaultRetryBase(intervalMs: number): number {
  return Math.min(30_000, Math.max(100, Math.floor(intervalMs / 10)));
}
