import { describeRecorded } from "../../action/index.js";
import { compareRisk, type RiskLevel, type TrailEvent } from "../../chain/index.js";
import { escapeCells } from "../../terminal/index.js";
import { parseInstant } from "../../time/index.js";
import { readEvents, trailDir } from "../../trail/index.js";
import { type CliIO, formatTable, printJson, println } from "../io.js";
import { sayIfUntrusted } from "../trust-first.js";

export interface LogOptions {
  home: string;
  risk?: RiskLevel;
  minRisk?: RiskLevel;
  since?: string;
  until?: string;
  limit?: number;
  json?: boolean;
}

export interface EventFilter {
  risk?: RiskLevel;
  minRisk?: RiskLevel;
  since?: Date;
  until?: Date;
}

export function matchesFilter(event: TrailEvent, filter: EventFilter): boolean {
  if (filter.risk && event.risk.level !== filter.risk) return false;
  if (filter.minRisk && compareRisk(event.risk.level, filter.minRisk) < 0) return false;
  if (filter.since && event.ts < filter.since.toISOString()) return false;
  if (filter.until && event.ts >= filter.until.toISOString()) return false;
  return true;
}

/** The newest `limit` matching events, oldest first; streams the trail holding at most `limit`. */
export async function selectEvents(dir: string, filter: EventFilter, limit?: number): Promise<TrailEvent[]> {
  const kept: TrailEvent[] = [];
  for await (const event of readEvents(dir)) {
    if (!matchesFilter(event, filter)) continue;
    kept.push(event);
    if (limit !== undefined && kept.length > limit) kept.shift();
  }
  return kept;
}

export async function runLog(options: LogOptions, io: CliIO): Promise<number> {
  const now = new Date();
  const filter: EventFilter = {
    risk: options.risk,
    minRisk: options.minRisk,
    since: options.since ? parseInstant(options.since, now) : undefined,
    until: options.until ? parseInstant(options.until, now) : undefined,
  };
  const { exit } = await sayIfUntrusted(options.home, io);
  const events = await selectEvents(trailDir(options.home), filter, options.limit);
  if (options.json) {
    printJson(io, events);
    return exit;
  }
  if (events.length === 0) {
    println(io, "no matching events");
    return exit;
  }
  const rows = [["SEQ", "TIME", "RISK", "FLAGS", "DECISION", "AGENT", "ACTION"]];
  for (const event of events) {
    rows.push([
      String(event.seq),
      event.ts.replace("T", " ").slice(0, 19),
      event.risk.level,
      event.risk.flags.join(",") || "-",
      event.decision,
      event.agent,
      // String(): a tampered action of a known kind may lack the field its summary shows.
      String(describeRecorded(event.action) ?? event.action.kind)
        .replace(/\s+/g, " ")
        .slice(0, 80),
    ]);
  }
  println(io, formatTable(escapeCells(rows)));
  return exit;
}
