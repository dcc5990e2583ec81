/**
 * Risk statistics over trail events: counts by level, flag, decision, agent and day, the
 * most frequent flagged commands, and the latest high/critical events. One streaming
 * aggregator feeds `summary`, `stats --risk`, the report and the dashboard, so the figures
 * agree everywhere.
 */
import { recordedText } from "../action/index.js";
import { RISK_FLAGS, RISK_LEVELS, type RiskFlag, type RiskLevel, type TrailEvent } from "../chain/index.js";

export type LevelCounts = Record<RiskLevel, number>;

export interface RiskSummary {
  total: number;
  by_level: LevelCounts;
  by_flag: Record<RiskFlag, number>;
  by_decision: Record<string, number>;
  by_agent: Record<string, number>;
  /** UTC day (YYYY-MM-DD) → counts by level. */
  by_day: Record<string, LevelCounts>;
  /** Commands that carried a flag or rose above `low`, most frequent first. */
  top_flagged_commands: { command: string; count: number; level: RiskLevel }[];
  /** The newest high and critical events, newest last. */
  high_risk: TrailEvent[];
  first_ts: string | null;
  last_ts: string | null;
}

export function emptyLevelCounts(): LevelCounts {
  return Object.fromEntries(RISK_LEVELS.map((level) => [level, 0])) as LevelCounts;
}

export class RiskAggregator {
  private total = 0;
  private readonly byLevel = emptyLevelCounts();
  private readonly byFlag = Object.fromEntries(RISK_FLAGS.map((flag) => [flag, 0])) as Record<
    RiskFlag,
    number
  >;
  private readonly byDecision: Record<string, number> = {};
  private readonly byAgent: Record<string, number> = {};
  private readonly byDay: Record<string, LevelCounts> = {};
  private readonly commands = new Map<string, { count: number; level: RiskLevel }>();
  private readonly highRisk: TrailEvent[] = [];
  private firstTs: string | null = null;
  private lastTs: string | null = null;

  constructor(private readonly keepHighRisk = 100) {}

  add(event: TrailEvent): void {
    const level = event.risk.level;
    this.total += 1;
    this.byLevel[level] += 1;
    for (const flag of event.risk.flags) this.byFlag[flag] = (this.byFlag[flag] ?? 0) + 1;
    this.byDecision[event.decision] = (this.byDecision[event.decision] ?? 0) + 1;
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
    if (level === "high" || level === "critical") {
      this.highRisk.push(event);
      if (this.highRisk.length > this.keepHighRisk) this.highRisk.shift();
    }
    this.firstTs ??= event.ts;
    this.lastTs = event.ts;
  }

  summary(topCommands = 10): RiskSummary {
    return {
      total: this.total,
      by_level: { ...this.byLevel },
      by_flag: { ...this.byFlag },
      by_decision: { ...this.byDecision },
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

/** Aggregates the events of an async source that fall in [from, to). */
export async function summarize(
  events: AsyncIterable<TrailEvent>,
  range: { from?: Date; to?: Date } = {},
): Promise<RiskSummary> {
  const from = range.from?.toISOString();
  const to = range.to?.toISOString();
  const aggregator = new RiskAggregator();
  for await (const event of events) {
    if (from && event.ts < from) continue;
    if (to && event.ts >= to) continue;
    aggregator.add(event);
  }
  return aggregator.summary();
}
