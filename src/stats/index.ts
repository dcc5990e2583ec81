/**
 * Risk statistics over actions (the trail's events paired by src/actions: a hooked tool call's
 * `pre` and `post` are one action): counts by level, flag, decision, outcome, agent and day, the
 * most frequent flagged commands, and the latest high/critical actions. One streaming
 * aggregator feeds `summary`, `stats --risk` and the report, so the figures agree everywhere.
 */
import { recordedText } from "../action/index.js";
import { type ActionOutcome, emptyOutcomeCounts, type PairedAction, pairStream } from "../actions/index.js";
import { RISK_FLAGS, RISK_LEVELS, type RiskFlag, type RiskLevel, type TrailEvent } from "../chain/index.js";

export type LevelCounts = Record<RiskLevel, number>;

export interface RiskSummary {
  /** Actions counted (a hooked call's two events are one action). */
  total: number;
  /** The trail events those actions are made of. */
  events: number;
  by_level: LevelCounts;
  by_flag: Record<RiskFlag, number>;
  /** By the policy's decision; `none` when no decision was recorded (an outcome without its call). */
  by_decision: Record<string, number>;
  by_outcome: Record<ActionOutcome, number>;
  by_agent: Record<string, number>;
  /** UTC day (YYYY-MM-DD) → counts by level. */
  by_day: Record<string, LevelCounts>;
  /** Commands that carried a flag or rose above `low`, most frequent first. */
  top_flagged_commands: { command: string; count: number; level: RiskLevel }[];
  /** The newest high and critical actions, newest last. */
  high_risk: PairedAction[];
  first_ts: string | null;
  last_ts: string | null;
}

export function emptyLevelCounts(): LevelCounts {
  return Object.fromEntries(RISK_LEVELS.map((level) => [level, 0])) as LevelCounts;
}

export class RiskAggregator {
  private total = 0;
  private events = 0;
  private readonly byOutcome = emptyOutcomeCounts();
  private readonly byLevel = emptyLevelCounts();
  private readonly byFlag = Object.fromEntries(RISK_FLAGS.map((flag) => [flag, 0])) as Record<
    RiskFlag,
    number
  >;
  private readonly byDecision: Record<string, number> = {};
  private readonly byAgent: Record<string, number> = {};
  private readonly byDay: Record<string, LevelCounts> = {};
  private readonly commands = new Map<string, { count: number; level: RiskLevel }>();
  private readonly highRisk: PairedAction[] = [];
  private firstTs: string | null = null;
  private lastTs: string | null = null;

  constructor(private readonly keepHighRisk = 100) {}

  add(event: PairedAction): void {
    const level = event.risk.level;
    this.total += 1;
    this.events += event.events.length;
    this.byLevel[level] += 1;
    for (const flag of event.risk.flags) this.byFlag[flag] = (this.byFlag[flag] ?? 0) + 1;
    const decision = event.decision ?? "none";
    this.byDecision[decision] = (this.byDecision[decision] ?? 0) + 1;
    this.byOutcome[event.outcome] = (this.byOutcome[event.outcome] ?? 0) + 1;
    this.byAgent[event.agent] = (this.byAgent[event.agent] ?? 0) + 1;
    const day = event.ts.slice(0, 10);
    this.byDay[day] ??= emptyLevelCounts();
    this.byDay[day][level] += 1;
    const command = event.action?.kind === "command" ? recordedText(event.action.command ?? "") : null;
    if (
      command &&
      (event.risk.flags.length > 0 || level === "medium" || level === "high" || level === "critical")
    ) {
      const key = command.length > 200 ? `${command.slice(0, 199)}…` : command;
      const seen = this.commands.get(key);
      if (seen) seen.count += 1;
      else this.commands.set(key, { count: 1, level });
    }
    // Actions close out of trail order (a call closes at its outcome): keep the newest by seq.
    if (level === "high" || level === "critical") {
      this.highRisk.push(event);
      if (this.highRisk.length > 2 * this.keepHighRisk) this.trimHighRisk();
    }
    if (this.firstTs === null || event.ts < this.firstTs) this.firstTs = event.ts;
    if (this.lastTs === null || event.ts > this.lastTs) this.lastTs = event.ts;
  }

  private trimHighRisk(): void {
    this.highRisk.sort((a, b) => a.seq - b.seq);
    this.highRisk.splice(0, Math.max(0, this.highRisk.length - this.keepHighRisk));
  }

  summary(topCommands = 10): RiskSummary {
    this.trimHighRisk();
    return {
      total: this.total,
      events: this.events,
      by_level: { ...this.byLevel },
      by_flag: { ...this.byFlag },
      by_decision: { ...this.byDecision },
      by_outcome: { ...this.byOutcome },
      by_agent: { ...this.byAgent },
      by_day: structuredClone(this.byDay),
      top_flagged_commands: [...this.commands.entries()]
        .map(([command, { count, level }]) => ({ command, count, level }))
        .sort((a, b) => b.count - a.count || a.command.localeCompare(b.command))
        .slice(0, topCommands),
      high_risk: [...this.highRisk],
      first_ts: this.firstTs,
      last_ts: this.lastTs,
    };
  }
}

/**
 * Aggregates the actions of an async source of events whose first event falls in [from, to).
 * The whole trail is paired (a call begun before `from` keeps its outcome); the newest-last
 * order of `high_risk` follows the actions' first events.
 */
export async function summarize(
  events: AsyncIterable<TrailEvent>,
  range: { from?: Date; to?: Date } = {},
): Promise<RiskSummary> {
  const from = range.from?.toISOString();
  const to = range.to?.toISOString();
  const aggregator = new RiskAggregator();
  for await (const action of pairStream(events)) {
    if (from && action.ts < from) continue;
    if (to && action.ts >= to) continue;
    aggregator.add(action);
  }
  return aggregator.summary();
}
