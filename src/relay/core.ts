import { codeOf } from "../errors/index.js";
import type { StoredSeal } from "../seal/index.js";
import {
  defaultRetryBase,
  emptyRuntimeState,
  MAX_TIMER_MS,
  type PendingSeal,
  type PublishOutcomeLike,
  type RelayDeps,
  type RelayRuntimeState,
  type RelaySettings,
  retryDelay,
  type SealSummary,
} from "./model.js";

/** What one publish attempt of a pending seal achieved. */
type AttemptResult = "gained" | "nothing" | "set_aside";

/**
 * The relay's scheduling core: seal every interval, publish each seal to the witnesses with
 * quorum, retry what fell below quorum with capped exponential backoff. It knows nothing of
 * processes, files or HTTP: the clock, the timers, sealing, publishing and persistence are
 * injected, so the same core runs in the daemon and under a fake clock in tests.
 *
 * Invariants:
 * - A seal below quorum is never dropped: it stays pending (and is persisted through
 *   `saveState`) until enough distinct witnesses confirmed it.
 * - One operation at a time: a seal cycle and a retry round never overlap, and `stop()` lets
 *   the publish in flight finish before it resolves.
 * - Cadence is fixed-rate from the start time (t0, t0+I, t0+2I, …); ticks missed while a
 *   cycle overran are skipped, not bunched.
 * - Prompt seals (`maxUnsealedMs`, publishing on): `activity()` after new events schedules a
 *   seal once the trail has been quiet for QUIET_MS, and never later than `maxUnsealedMs`
 *   after the first unsealed event; events that arrive while a seal is in flight form the next
 *   batch. The interval stays the heartbeat.
 */

/** A burst of events ends when the trail has been quiet this long (bounded by maxUnsealedMs). */
export const QUIET_MS = 100;

function summarizeSeal(stored: StoredSeal): SealSummary {
  return {
    id: stored.id,
    timestamp: stored.seal.timestamp,
    chain_tip: stored.seal.chain_tip,
    event_count: stored.seal.event_count,
  };
}

function errorCode(error: unknown): string {
  return codeOf(error) ?? "RELAY_INTERNAL";
}

export class RelayCore {
  private readonly state: RelayRuntimeState;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private timer: unknown = null;
  private inFlight: Promise<void> | null = null;
  private stopping = false;
  private started = false;
  private nextSealAt = 0;
  private nextRetryAt: number | null = null;
  /** First unsealed event seen by `activity()` (null: none waiting) and the prompt seal's time. */
  private firstUnsealedAt: number | null = null;
  private promptSealAt: number | null = null;
  /** Tip of the last seal this relay knows of, for idle detection. */
  private lastSealed: { tip: string; count: number } | null;

  constructor(
    private readonly settings: RelaySettings,
    private readonly deps: RelayDeps,
    initial: Partial<RelayRuntimeState> = {},
    lastSealed: { tip: string; count: number } | null = null,
  ) {
    this.state = { ...emptyRuntimeState(), ...structuredClone(initial) };
    this.state.retry_failures = 0;
    this.retryBaseMs = settings.retryBaseMs ?? defaultRetryBase(settings.intervalMs);
    this.retryMaxMs = settings.retryMaxMs ?? Math.max(this.retryBaseMs, settings.intervalMs);
    this.lastSealed =
      lastSealed ??
      (this.state.last_seal
        ? { tip: this.state.last_seal.chain_tip, count: this.state.last_seal.event_count }
        : null);
  }

  /** A copy of the runtime state, as persisted. */
  snapshot(): RelayRuntimeState {
    return structuredClone(this.state);
  }

  /** Seals at once, then every interval; pending seals inherited from a previous run are retried too. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.nextSealAt = this.deps.clock.now();
    // Retries only while publishing is on: a retry time that wake() never serves would be due
    // forever and reschedule at zero delay (a restart with witness.enabled now false keeps the
    // inherited pending seals, untouched, for a later run that publishes).
    this.nextRetryAt =
      this.settings.witness.enabled && this.state.pending.length > 0 ? this.deps.clock.now() : null;
    this.schedule();
  }

  /** Stops scheduling; resolves once the operation in flight (if any) has finished and state is saved. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer !== null) {
      this.deps.timers.clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.inFlight) await this.inFlight;
    await this.persist();
  }

  /**
   * New events were recorded (the daemon watches the trail): schedules a prompt seal, batching a
   * burst into one. A no-op unless prompt seals are on.
   */
  activity(): void {
    const max = this.settings.maxUnsealedMs ?? 0;
    if (
      !this.started ||
      this.stopping ||
      max <= 0 ||
      !this.settings.autoSeal ||
      !this.settings.witness.enabled
    )
      return;
    const now = this.deps.clock.now();
    this.firstUnsealedAt ??= now;
    this.promptSealAt = Math.min(this.firstUnsealedAt + max, now + Math.min(QUIET_MS, max));
    // A timer waiting for something later is moved up; an operation in flight reschedules after.
    if (this.inFlight === null && this.timer !== null) {
      this.deps.timers.clearTimeout(this.timer);
      this.timer = null;
      this.schedule();
    }
  }

  /** Resolves when no operation is in flight (tests use it after advancing a fake clock). */
  async idle(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  private schedule(): void {
    if (this.stopping) return;
    const now = this.deps.clock.now();
    const candidates: number[] = [];
    if (this.settings.autoSeal) candidates.push(this.nextSealAt);
    if (this.nextRetryAt !== null && this.state.pending.length > 0) candidates.push(this.nextRetryAt);
    if (this.promptSealAt !== null) candidates.push(this.promptSealAt);
    this.state.next_seal_at = this.settings.autoSeal ? new Date(this.nextSealAt).toISOString() : null;
    this.state.next_retry_at =
      this.nextRetryAt !== null && this.state.pending.length > 0
        ? new Date(this.nextRetryAt).toISOString()
        : null;
    if (candidates.length === 0) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, Math.min(...candidates) - now));
    this.timer = this.deps.timers.setTimeout(() => {
      this.timer = null;
      this.inFlight = this.wake().finally(() => {
        this.inFlight = null;
        this.schedule();
      });
    }, delay);
  }

  private async wake(): Promise<void> {
    const now = this.deps.clock.now();
    try {
      const prompt = this.promptSealAt !== null && now >= this.promptSealAt;
      const heartbeat = now >= this.nextSealAt;
      if (this.settings.autoSeal && (heartbeat || prompt)) {
        if (heartbeat) {
          // Fixed rate: the next tick after `now`, skipping ticks missed by an overrun.
          const interval = this.settings.intervalMs;
          this.nextSealAt += Math.max(1, Math.floor((now - this.nextSealAt) / interval) + 1) * interval;
          this.state.next_seal_at = new Date(this.nextSealAt).toISOString();
        }
        // Events recorded from here on are the next batch's.
        this.firstUnsealedAt = null;
        this.promptSealAt = null;
        const fresh = await this.sealOnce(!heartbeat);
        if (!this.settings.witness.enabled || this.stopping) {
          // nothing to publish now (a fresh seal is already pending, for the next run)
        } else if (fresh) {
          // A new seal is the moment to retry everything still pending, if the witnesses answer.
          if ((await this.attempt(fresh)) !== "nothing") await this.retryRound(fresh);
          else this.finishRound(true);
        } else if (this.state.pending.length > 0) {
          await this.retryRound();
        }
      } else if (this.settings.witness.enabled && this.nextRetryAt !== null && now >= this.nextRetryAt) {
        await this.retryRound();
      }
    } catch (error) {
      this.recordError(error);
    }
    await this.persist();
  }

  /**
   * Seals; with publishing on, the seal joins `pending` in the same state save that records it
   * as `last_seal`: a relay killed at any point after that save retries it on restart.
   */
  private async sealOnce(promptOnly = false): Promise<PendingSeal | null> {
    try {
      // A prompt seal of a tip already sealed adds nothing (the notice came after the seal).
      if ((promptOnly || !this.settings.sealWhenIdle) && this.lastSealed) {
        const tip = await this.deps.readTip();
        if (tip.tip === this.lastSealed.tip && tip.count === this.lastSealed.count) {
          this.state.seals_skipped_idle += 1;
          return null;
        }
      }
      const stored = await this.deps.seal();
      this.state.seals_created += 1;
      this.state.last_seal = summarizeSeal(stored);
      this.lastSealed = { tip: stored.seal.chain_tip, count: stored.seal.event_count };
      const pending = this.settings.witness.enabled ? this.addPending(stored) : null;
      this.deps.log(
        "info",
        `sealed ${stored.id}: ${stored.seal.event_count} events, tip ${stored.seal.chain_tip}`,
      );
      await this.persist();
      return pending;
    } catch (error) {
      this.recordError(error);
      return null;
    }
  }

  private addPending(stored: StoredSeal): PendingSeal {
    const at = new Date(this.deps.clock.now()).toISOString();
    const pending: PendingSeal = {
      seal_id: stored.id,
      seal: stored.seal,
      confirmed: [],
      attempts: 0,
      first_attempt_at: at,
      last_attempt_at: at,
      last_error: null,
    };
    this.state.pending.push(pending);
    return pending;
  }

  /**
   * Retries pending seals oldest first. A round stops at the first attempt that gains no
   * confirmation (the witnesses are still down): the rest wait for the next backoff step
   * rather than each paying the witnesses' timeouts. A seal the witnesses refused for good is
   * set aside and does not stop the round: it says nothing about the seals after it.
   */
  private async retryRound(skip?: PendingSeal): Promise<void> {
    let gained = false;
    let stalled = false;
    for (const pending of [...this.state.pending]) {
      if (this.stopping) break;
      if (pending === skip || !this.state.pending.includes(pending)) continue;
      const result = await this.attempt(pending);
      if (result === "gained") gained = true;
      else if (result === "nothing") {
        stalled = true;
        break;
      }
    }
    this.finishRound(stalled && !gained && skip === undefined);
  }

  /** Schedules the next retry: the backoff grows only while rounds gain nothing. */
  private finishRound(failed: boolean): void {
    if (this.state.pending.length === 0) {
      this.state.retry_failures = 0;
      this.nextRetryAt = null;
      this.state.next_retry_at = null;
      return;
    }
    this.state.retry_failures = failed ? this.state.retry_failures + 1 : 1;
    this.nextRetryAt =
      this.deps.clock.now() + retryDelay(this.state.retry_failures, this.retryBaseMs, this.retryMaxMs);
    this.state.next_retry_at = new Date(this.nextRetryAt).toISOString();
  }

  /** One publish of a pending seal to the witnesses that have neither confirmed nor refused it. */
  private async attempt(pending: PendingSeal): Promise<AttemptResult> {
    const { quorum, endpoints } = this.settings.witness;
    const refused = (url: string) => pending.rejected?.some((r) => r.url === url) ?? false;
    const remaining = endpoints.filter(
      (endpoint) => !pending.confirmed.includes(endpoint.url) && !refused(endpoint.url),
    );
    const need = quorum - pending.confirmed.length;
    const at = new Date(this.deps.clock.now()).toISOString();
    pending.attempts += 1;
    pending.last_attempt_at = at;
    let outcomes: PublishOutcomeLike[] = [];
    if (need > 0 && remaining.length > 0) {
      try {
        const result = await this.deps.publish({
          stored: { id: pending.seal_id, seal: pending.seal, receipts: [] },
          endpoints: remaining,
          quorum: Math.min(need, remaining.length),
        });
        outcomes = result.outcomes;
      } catch (error) {
        // The client should not throw for witness failures; if it does, count it as a failed round.
        this.recordError(error);
      }
    }
    const before = pending.confirmed.length;
    for (const outcome of outcomes) {
      if (outcome.ok && !pending.confirmed.includes(outcome.url)) pending.confirmed.push(outcome.url);
      if (!outcome.ok && outcome.error?.retryable === false && !refused(outcome.url)) {
        pending.rejected ??= [];
        pending.rejected.push({ url: outcome.url, code: outcome.error.code });
      }
    }
    const failures = outcomes.filter((outcome) => !outcome.ok);
    pending.last_error =
      failures.length > 0
        ? failures.map((o) => `${o.name}: ${o.error?.code ?? "failed"}`).join(", ")
        : need > 0 && remaining.length === 0
          ? "no configured witness left to ask"
          : null;
    const met = pending.confirmed.length >= quorum;
    this.state.last_quorum = {
      seal_id: pending.seal_id,
      at,
      confirmations: pending.confirmed.length,
      quorum,
      met,
      outcomes: outcomes.map((o) => ({
        name: o.name,
        url: o.url,
        ok: o.ok,
        ...(o.error ? { error_code: o.error.code } : {}),
      })),
    };
    const gained = pending.confirmed.length > before;
    const reachable = endpoints.filter((e) => !pending.confirmed.includes(e.url) && !refused(e.url)).length;
    if (met) {
      this.state.pending = this.state.pending.filter((p) => p !== pending);
      this.deps.log(
        "info",
        `${pending.seal_id}: quorum met (${pending.confirmed.length}/${quorum}) after ${pending.attempts} attempt(s)`,
      );
    } else if (pending.confirmed.length + reachable < quorum) {
      this.setAside(pending, at);
      await this.persist();
      return "set_aside";
    } else {
      this.deps.log(
        "warn",
        `${pending.seal_id}: ${pending.confirmed.length}/${quorum} confirmations, kept for retry (${pending.last_error ?? "no answer"})`,
      );
    }
    await this.persist();
    return gained ? "gained" : "nothing";
  }

  private setAside(pending: PendingSeal, at: string): void {
    this.state.pending = this.state.pending.filter((p) => p !== pending);
    const rejected = pending.rejected ?? [];
    this.state.set_aside.push({
      seal_id: pending.seal_id,
      seal: pending.seal,
      confirmed: pending.confirmed,
      rejected,
      set_aside_at: at,
    });
    this.deps.log(
      "error",
      `${pending.seal_id}: set aside, the witnesses refused it for good (${rejected.map((r) => r.code).join(", ")}); ` +
        "the other seals go on; a restart tries it again",
    );
  }

  private recordError(error: unknown): void {
    const code = errorCode(error);
    const message = (error as Error)?.message ?? String(error);
    this.state.last_error = { at: new Date(this.deps.clock.now()).toISOString(), code, message };
    this.deps.log("error", `${code}: ${message}`);
  }

  private async persist(): Promise<void> {
    try {
      await this.deps.saveState(this.snapshot());
    } catch (error) {
      this.deps.log("error", `could not save relay state: ${(error as Error).message}`);
    }
  }
}
