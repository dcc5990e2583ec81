import { type ActionOutcome, emptyOutcomeCounts, type PairedAction } from "../actions/index.js";
import { RISK_FLAGS, RISK_LEVELS, type RiskFlag, type RiskLevel } from "../chain/index.js";
import { emptyLevelCounts, type LevelCounts } from "../stats/index.js";
import { startOfUtcDay } from "../time/index.js";
import type { DashboardEvent } from "./dashboard-event.js";

/**
 * Risk counts kept per UTC hour, so that any period's figures are a sum over at most a few
 * thousand buckets instead of a pass over the trail. Counting follows the stats aggregator:
 * one count per event by level, one per flag it carries, per decision and per agent.
 */
export const PERIODS = ["today", "7d", "30d", "all"] as const;
export type Period = (typeof PERIODS)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Timeline steps in hours; the smallest one that gives at most MAX_POINTS points is used. */
const STEPS = [1, 3, 6, 12, 24, 168, 720];
const MAX_POINTS = 60;
/** High and critical events kept (newest); the page shows the newest of them in the period. */
const KEEP_HIGH = 200;
const SHOW_HIGH = 50;

interface Bucket {
  levels: LevelCounts;
  flags: Partial<Record<RiskFlag, number>>;
  decisions: Record<string, number>;
  agents: Map<string, number>;
  /** Closed actions by outcome, in the hour of their first event. */
  outcomes: Partial<Record<ActionOutcome, number>>;
}

function emptyBucket(): Bucket {
  return { levels: emptyLevelCounts(), flags: {}, decisions: {}, agents: new Map(), outcomes: {} };
}

export interface TimelinePoint {
  start: string;
  counts: LevelCounts;
}

export interface PeriodFigures {
  period: Period;
  /** Start of the period (UTC), null for `all` on an empty trail. */
  from: string | null;
  to: string;
  total: number;
  counts: LevelCounts;
  flags: Record<RiskFlag, number>;
  decisions: Record<string, number>;
  agents: { agent: string; count: number }[];
  timeline: { step_hours: number; points: TimelinePoint[] };
  /**
   * Actions by what became of them (docs/action-outcomes.md): closed ones, and the calls still
   * open as they stand now (no outcome yet: `unknown`, or an ask the session went on from).
   */
  outcomes: Record<ActionOutcome, number>;
  /** Newest first, each with its action's outcome. */
  high_risk: (DashboardEvent & { outcome: ActionOutcome })[];
}

/** Start of a period: UTC calendar days, today included (7d = today and the 6 days before). */
export function periodStart(period: Period, now: Date, firstHour: number | null): Date | null {
  const today = startOfUtcDay(now).getTime();
  switch (period) {
    case "today":
      return new Date(today);
    case "7d":
      return new Date(today - 6 * DAY);
    case "30d":
      return new Date(today - 29 * DAY);
    case "all":
      return firstHour === null ? null : startOfUtcDay(new Date(firstHour * HOUR));
  }
}

export class RiskBuckets {
  private readonly hours = new Map<number, Bucket>();
  /** Events whose `ts` is not a date: counted in `all` only. */
  private undated = emptyBucket();
  private high: DashboardEvent[] = [];
  /** The outcome of each closed action that is in `high`, by the seq of its first event. */
  private highOutcomes = new Map<number, ActionOutcome>();
  private firstHour: number | null = null;
  total = 0;
  lastSeq = -1;
  /** The first event's time as written (the unwitnessed bound starts there). */
  firstTs: string | null = null;

  reset(): void {
    this.firstTs = null;
    this.hours.clear();
    this.undated = emptyBucket();
    this.high = [];
    this.highOutcomes.clear();
    this.firstHour = null;
    this.total = 0;
    this.lastSeq = -1;
  }

  add(event: DashboardEvent): void {
    this.total += 1;
    this.lastSeq = Math.max(this.lastSeq, event.seq);
    // A call's outcome event: the call was counted by its decision event. The trail's own
    // events (a policy change) are no action.
    if (event.phase === "post" || event.phase === "trail") return;
    this.firstTs ??= event.ts;
    const ms = Date.parse(event.ts);
    let bucket = this.undated;
    if (Number.isFinite(ms)) {
      const hour = Math.floor(ms / HOUR);
      let found = this.hours.get(hour);
      if (!found) {
        found = emptyBucket();
        this.hours.set(hour, found);
      }
      bucket = found;
      if (this.firstHour === null || hour < this.firstHour) this.firstHour = hour;
    }
    bucket.levels[event.level] += 1;
    for (const flag of event.flags) bucket.flags[flag] = (bucket.flags[flag] ?? 0) + 1;
    bucket.decisions[event.decision] = (bucket.decisions[event.decision] ?? 0) + 1;
    bucket.agents.set(event.agent, (bucket.agents.get(event.agent) ?? 0) + 1);
    if (event.level === "high" || event.level === "critical") {
      this.high.push(event);
      if (this.high.length > KEEP_HIGH * 2) this.high = this.high.slice(-KEEP_HIGH);
    }
  }

  /** A closed action (ActionPairer): counted by outcome in the hour of its first event. */
  addAction(action: PairedAction): void {
    this.bucketAt(action.ts).outcomes[action.outcome] =
      (this.bucketAt(action.ts).outcomes[action.outcome] ?? 0) + 1;
    if (action.risk.level === "high" || action.risk.level === "critical") {
      this.highOutcomes.set(action.seq, action.outcome);
      if (this.highOutcomes.size > KEEP_HIGH * 4) {
        const kept = new Set(this.high.map((event) => event.seq));
        for (const seq of this.highOutcomes.keys()) if (!kept.has(seq)) this.highOutcomes.delete(seq);
      }
    }
  }

  private bucketAt(ts: string): Bucket {
    const ms = Date.parse(ts);
    if (!Number.isFinite(ms)) return this.undated;
    const hour = Math.floor(ms / HOUR);
    let found = this.hours.get(hour);
    if (!found) {
      found = emptyBucket();
      this.hours.set(hour, found);
    }
    if (this.firstHour === null || hour < this.firstHour) this.firstHour = hour;
    return found;
  }

  /** `open`: the calls not yet closed, as they stand now (ActionPairer.peekOutcomes). */
  figures(
    period: Period,
    now: Date,
    open: readonly { seq: number; ts: string; outcome: ActionOutcome }[] = [],
  ): PeriodFigures {
    const start = periodStart(period, now, this.firstHour);
    const fromHour = start === null ? Number.POSITIVE_INFINITY : Math.floor(start.getTime() / HOUR);
    const counts = emptyLevelCounts();
    const flags = Object.fromEntries(RISK_FLAGS.map((flag) => [flag, 0])) as Record<RiskFlag, number>;
    const decisions: Record<string, number> = {};
    const agents = new Map<string, number>();
    const nowHour = Math.floor(now.getTime() / HOUR);
    const span = start === null ? 1 : Math.max(1, nowHour - fromHour + 1);
    const step = STEPS.find((hours) => Math.ceil(span / hours) <= MAX_POINTS) ?? STEPS.at(-1)!;
    const points: TimelinePoint[] = [];
    if (start !== null) {
      const n = Math.max(1, Math.ceil(span / step));
      for (let i = 0; i < n; i += 1) {
        points.push({
          start: new Date((fromHour + i * step) * HOUR).toISOString(),
          counts: emptyLevelCounts(),
        });
      }
    }
    const outcomes = emptyOutcomeCounts();
    const include = (bucket: Bucket, point: TimelinePoint | undefined) => {
      for (const [outcome, n] of Object.entries(bucket.outcomes)) outcomes[outcome as ActionOutcome] += n;
      for (const level of RISK_LEVELS) {
        counts[level] += bucket.levels[level];
        if (point) point.counts[level] += bucket.levels[level];
      }
      for (const [flag, n] of Object.entries(bucket.flags)) flags[flag as RiskFlag] += n;
      for (const [decision, n] of Object.entries(bucket.decisions))
        decisions[decision] = (decisions[decision] ?? 0) + n;
      for (const [agent, n] of bucket.agents) agents.set(agent, (agents.get(agent) ?? 0) + n);
    };
    for (const [hour, bucket] of this.hours) {
      if (hour < fromHour) continue;
      // Events stamped in the future (clock skew) are counted; the timeline clamps them to its end.
      const index = Math.min(points.length - 1, Math.floor((hour - fromHour) / step));
      include(bucket, points[index]);
    }
    if (period === "all") include(this.undated, undefined);
    const from = start?.toISOString() ?? null;
    const inPeriod = (ts: string) => period === "all" || (from !== null && ts >= from);
    const openOutcomes = new Map<number, ActionOutcome>();
    for (const action of open) {
      openOutcomes.set(action.seq, action.outcome);
      if (inPeriod(action.ts)) outcomes[action.outcome] += 1;
    }
    const high = this.high
      .filter((event) => inPeriod(event.ts))
      .slice(-SHOW_HIGH)
      .reverse()
      .map((event) => ({
        ...event,
        outcome: this.highOutcomes.get(event.seq) ?? openOutcomes.get(event.seq) ?? ("unknown" as const),
      }));
    return {
      period,
      from,
      to: now.toISOString(),
      total: RISK_LEVELS.reduce((sum, level) => sum + counts[level], 0),
      counts,
      flags,
      decisions,
      agents: [...agents.entries()]
        .map(([agent, count]) => ({ agent, count }))
        .sort((a, b) => b.count - a.count || a.agent.localeCompare(b.agent))
        .slice(0, 10),
      timeline: { step_hours: step, points },
      outcomes,
      high_risk: high,
    };
  }
}

export type { LevelCounts, RiskLevel };
