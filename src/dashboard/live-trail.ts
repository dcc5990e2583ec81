import { type FSWatcher, watch } from "node:fs";
import { ActionPairer } from "../actions/index.js";
import type { TrailEvent } from "../chain/index.js";
import { homePaths } from "../home/index.js";
import { type UnwitnessedBound, unwitnessedBound } from "../seal/index.js";
import { readLines, trailDir } from "../trail/index.js";
import { type CutStatus, CutWatch } from "./cut-watch.js";
import { type DashboardEvent, fromParsedLine } from "./dashboard-event.js";
import { IncrementalIntegrity, type IntegrityStatus } from "./integrity.js";
import { type Period, type PeriodFigures, RiskBuckets } from "./risk-buckets.js";
import { TrailTail } from "./trail-tail.js";
import { type LastSeal, TrustSources } from "./trust.js";

/**
 * The dashboard's live view of a home: the trail read incrementally (fs.watch, with a polling
 * fallback for file systems where watching is unreliable), risk counts per hour, chain
 * integrity verified as lines arrive, and the trust inputs. Subscribers get each new event.
 * All derived state is rebuildable from the JSONL (docs/trail-format.md): a rewrite resets and rebuilds.
 */
export interface LiveOptions {
  home: string;
  now?: () => Date;
  /** Polling interval of the fallback, ms (default 1000). */
  pollMs?: number;
  /** Interval of the background full re-verification, ms (default 10 min; 0 turns it off). */
  recheckMs?: number;
  /** How often the witnesses are asked for their newest seal, ms (default 30 s; 0: once). */
  cutCheckMs?: number;
  env?: NodeJS.ProcessEnv;
}

export type LiveMessage =
  | { type: "event"; event: DashboardEvent }
  /** Too many events at once, or the history changed: refetch the summary. */
  | { type: "resync" }
  | { type: "trust" };

export interface TrustStatus {
  last_seal: LastSeal | null;
  seals: number;
  quorum: number;
  witness_enabled: boolean;
  auto_seal_interval_minutes: number | null;
  integrity: IntegrityStatus;
  /** The witnesses' newest seals against the chain: a cut shows here. */
  completeness: CutStatus;
  errors: string[];
}

export interface DashboardSummary extends PeriodFigures {
  generated_at: string;
  /** Highest seq included: the page ignores streamed events at or below it. */
  last_seq: number;
  today: { total: number; counts: PeriodFigures["counts"] };
  trail: { events: number; bytes_read: number; resets: number };
  trust: TrustStatus;
  /** For the period: events not yet witnessed now, the largest unwitnessed window, who was asked. */
  unwitnessed: UnwitnessedBound & { witnesses_asked: string[] };
  /**
   * Whether the figures above can be trusted: false while the record is broken (or not yet
   * verified). The page then marks them untrusted.
   */
  trusted: boolean;
  /** What the page says first, in its alert, when the record is broken; null when it holds. */
  alert: string | null;
}

/** At most this many events are pushed one by one per read; beyond, subscribers get `resync`. */
const MAX_PUSH = 200;

export class LiveTrail {
  readonly buckets = new RiskBuckets();
  /** Pairs each call's decision and outcome events as they arrive: outcomes are per action. */
  private pairer = new ActionPairer();
  readonly integrity = new IncrementalIntegrity();
  readonly tail: TrailTail;
  private readonly trust: TrustSources;
  private readonly cuts: CutWatch;
  private cutMark = "";
  private readonly now: () => Date;
  private readonly subscribers = new Set<(message: LiveMessage) => void>();
  private pending: DashboardEvent[] = [];
  private wasReset = false;
  private integrityMark = "";
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private recheckTimer: NodeJS.Timeout | null = null;
  private rechecking: Promise<void> | null = null;
  private debounce: NodeJS.Timeout | null = null;
  private closed = false;
  private initial: Promise<void> | null = null;
  private readonly dir: string;

  constructor(private readonly options: LiveOptions) {
    this.dir = trailDir(options.home);
    this.now = options.now ?? (() => new Date());
    this.trust = new TrustSources(homePaths(options.home), options.env ?? process.env);
    this.cuts = new CutWatch({
      home: options.home,
      config: () => this.trust.inputs.config,
      keyId: () => this.trust.inputs.keyId ?? this.trust.inputs.seals.at(-1)?.seal.key_id ?? null,
      // Read the trail after the answers: a seal witnessed meanwhile covers events already durable.
      afterAsk: async () => {
        await this.refresh(true);
        const status = this.cuts.status(this.integrity.chainView());
        const mark = `${status.cut}:${status.checked_for_cuts}`;
        if (mark !== this.cutMark) this.publish({ type: "trust" });
        this.cutMark = mark;
      },
      now: this.now,
    });
    this.tail = new TrailTail(this.dir, {
      line: (line) => {
        this.integrity.push(line);
        let raw: unknown;
        try {
          raw = JSON.parse(line);
        } catch {
          return;
        }
        const event = fromParsedLine(raw);
        if (!event) return;
        this.buckets.add(event);
        const pairing = forPairing(raw as Record<string, unknown>, event);
        for (const action of this.pairer.add(pairing)) this.buckets.addAction(action);
        this.pending.push(event);
      },
      reset: () => {
        this.buckets.reset();
        this.pairer = new ActionPairer();
        this.integrity.reset();
        this.pending = [];
        this.wasReset = true;
      },
    });
  }

  /** Starts watching and reads the trail once; resolves when the first pass is done. */
  start(): Promise<void> {
    this.initial ??= (async () => {
      await this.refresh(false);
      this.watchDir();
      this.timer = setInterval(() => {
        if (!this.watcher) this.watchDir();
        void this.refresh(true).catch(() => {});
      }, this.options.pollMs ?? 1000);
      this.timer.unref();
      this.cuts.start(this.options.cutCheckMs ?? 30_000);
      const recheckMs = this.options.recheckMs ?? 10 * 60_000;
      if (recheckMs > 0) {
        this.recheckTimer = setInterval(() => void this.recheck().catch(() => {}), recheckMs);
        this.recheckTimer.unref();
      }
    })();
    return this.initial;
  }

  /** Re-verifies the whole trail in the background (one at a time); publishes `trust` after. */
  recheck(): Promise<void> {
    this.rechecking ??= (async () => {
      try {
        await this.integrity.recheck(readLines(this.dir), this.now());
        this.publish({ type: "trust" });
      } finally {
        this.rechecking = null;
      }
    })();
    return this.rechecking;
  }

  subscribe(fn: (message: LiveMessage) => void): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /**
   * Seals first, then the trail: every event a seal covers was durable before the seal was
   * written, so after this order the chain holds it, and a seal beyond the chain is real.
   */
  async refresh(publish = true): Promise<void> {
    if (this.closed) return;
    const trustChanged = await this.trust.refresh();
    await this.tail.poll();
    this.integrity.caughtUp = true;
    const { seals, key, keyId } = this.trust.inputs;
    this.integrity.checkSeals(seals, key, keyId);
    const events = this.pending;
    const reset = this.wasReset;
    this.pending = [];
    this.wasReset = false;
    if (!publish) return;
    if (reset || events.length > MAX_PUSH) this.publish({ type: "resync" });
    else for (const event of events) this.publish({ type: "event", event });
    const status = this.integrity.status(false);
    const mark = `${status.state}:${status.seals_checked}:${status.seals_ok}`;
    if (trustChanged || mark !== this.integrityMark) this.publish({ type: "trust" });
    this.integrityMark = mark;
  }

  private publish(message: LiveMessage): void {
    for (const fn of this.subscribers) {
      try {
        fn(message);
      } catch {
        // a failing subscriber (a closed socket) must not stop the others
      }
    }
  }

  private watchDir(): void {
    if (this.closed || this.watcher) return;
    try {
      this.watcher = watch(this.dir, { persistent: false }, () => this.soon());
      this.watcher.on("error", () => {
        this.watcher?.close();
        this.watcher = null;
      });
    } catch {
      // No directory yet, or no inotify: the polling timer covers it and retries the watch.
      this.watcher = null;
    }
  }

  /** Coalesces a burst of watch notifications into one read. */
  private soon(): void {
    if (this.debounce || this.closed) return;
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.refresh(true).catch(() => {});
    }, 10);
  }

  async summary(period: Period): Promise<DashboardSummary> {
    await this.start();
    await this.refresh(true);
    const now = this.now();
    const trust = this.trustStatus(now);
    const open = this.pairer.peekOutcomes();
    const figures = this.buckets.figures(period, now, open);
    const today = period === "today" ? figures : this.buckets.figures("today", now, open);
    return {
      ...figures,
      generated_at: now.toISOString(),
      last_seq: this.buckets.lastSeq,
      today: { total: today.total, counts: today.counts },
      trail: { events: this.buckets.total, bytes_read: this.tail.bytesRead, resets: this.tail.resets },
      ...trustVerdict(trust),
      trust,
      unwitnessed: this.unwitnessed(now, figures.from, trust),
    };
  }

  /** The bound from the stored receipts, tightened by the witnesses' last answers. */
  private unwitnessed(now: Date, from: string | null, trust: TrustStatus) {
    const { config, seals } = this.trust.inputs;
    const quorum = config?.witness.quorum ?? 1;
    const eventCount = this.integrity.verifiedEvents;
    const bound = unwitnessedBound(seals, {
      quorum,
      eventCount,
      now,
      ...(from ? { from: new Date(from) } : {}),
      firstEventAt: this.buckets.firstTs ? new Date(this.buckets.firstTs) : null,
    });
    const answered = trust.completeness.check?.witnesses ?? [];
    const reached = answered
      .filter((w) => w.status === "reached")
      .map((w) => w.chained_events ?? 0)
      .sort((a, b) => b - a);
    const byAnswers = reached.length >= quorum ? reached[quorum - 1]! : 0;
    return {
      ...bound,
      events_now: Math.min(bound.events_now, Math.max(0, eventCount - byAnswers)),
      witnesses_asked: answered.map((w) => w.name),
    };
  }

  trustStatus(now: Date = this.now()): TrustStatus {
    const { config, configError, sealsError, seals, key } = this.trust.inputs;
    return {
      last_seal: this.trust.lastSeal(now),
      seals: seals.length,
      quorum: config?.witness.quorum ?? 1,
      witness_enabled: config?.witness.enabled ?? false,
      auto_seal_interval_minutes: config?.auto_seal.enabled ? config.auto_seal.interval_minutes : null,
      integrity: this.integrity.status(key !== null),
      completeness: this.cuts.status(this.integrity.chainView()),
      errors: [configError, sealsError].filter((error): error is string => error !== null),
    };
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    this.cuts.close();
    if (this.debounce) clearTimeout(this.debounce);
    this.watcher?.close();
    this.subscribers.clear();
  }
}

/**
 * A line the dashboard accepted (toDashboardEvent), as the pairer reads it: the members it
 * matches on and judges by, taken from the line, shapes from the coerced view.
 */
function forPairing(raw: Record<string, unknown>, event: DashboardEvent): TrailEvent {
  return {
    ...(raw as unknown as TrailEvent),
    seq: event.seq,
    ts: event.ts,
    agent: typeof raw.agent === "string" ? raw.agent : event.agent,
    session: typeof raw.session === "string" ? raw.session : null,
    risk: { level: event.level, flags: event.flags },
    reasons: Array.isArray(raw.reasons) ? raw.reasons.filter((r): r is string => typeof r === "string") : [],
  };
}

/** The page's headline verdict: broken is said first, in words, before any figure. */
export function trustVerdict(trust: TrustStatus): { trusted: boolean; alert: string | null } {
  const integrity = trust.integrity;
  const problems: string[] = [];
  if (integrity.broken) {
    problems.push(`the hash chain breaks at seq ${integrity.broken.seq} (${integrity.broken.message})`);
  }
  for (const failure of integrity.seal_failures) {
    problems.push(`${failure.id} does not match the trail (${failure.message ?? failure.code})`);
  }
  if (integrity.full_check && !integrity.full_check.ok && integrity.full_check.message) {
    problems.push(integrity.full_check.message);
  }
  if (integrity.state === "broken" && problems.length === 0) problems.push("verification failed");
  if (problems.length > 0) {
    return {
      trusted: false,
      alert: `The record is broken: ${problems.join("; ")}. The figures below are the trail as it now stands and cannot be trusted.`,
    };
  }
  // A cut the witnesses see has its own alert on the page (completeness); the figures are untrusted too.
  const cut = trust.completeness?.cut === true;
  return { trusted: integrity.state === "ok" && trust.errors.length === 0 && !cut, alert: null };
}
