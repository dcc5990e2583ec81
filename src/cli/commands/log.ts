import { describeRecorded } from "../../action/index.js";
import { type ActionOutcome, type PairedAction, pairStream } from "../../actions/index.js";
import { compareRisk, type RiskLevel, type TrailEvent } from "../../chain/index.js";
import { escapeCells, paint, useColour } from "../../terminal/index.js";
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
  /** The raw events instead of actions. */
  events?: boolean;
  decision?: string;
  outcome?: ActionOutcome;
  agent?: string;
  session?: string;
}

export interface EventFilter {
  risk?: RiskLevel;
  minRisk?: RiskLevel;
  since?: Date;
  until?: Date;
  /** `none`: an action without a recorded decision (an outcome whose call was not recorded). */
  decision?: string;
  outcome?: ActionOutcome;
  agent?: string;
  session?: string;
}

type Filterable = Pick<TrailEvent, "risk" | "ts" | "agent" | "session"> & {
  decision: string | null;
  outcome?: ActionOutcome | unknown;
};

export function matchesFilter(item: Filterable, filter: EventFilter): boolean {
  if (filter.risk && item.risk.level !== filter.risk) return false;
  if (filter.minRisk && compareRisk(item.risk.level, filter.minRisk) < 0) return false;
  if (filter.since && item.ts < filter.since.toISOString()) return false;
  if (filter.until && item.ts >= filter.until.toISOString()) return false;
  if (filter.decision && (item.decision ?? "none") !== filter.decision) return false;
  if (filter.outcome && item.outcome !== filter.outcome) return false;
  if (filter.agent !== undefined && item.agent !== filter.agent) return false;
  if (filter.session !== undefined && item.session !== filter.session) return false;
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

/** The newest `limit` matching actions (by their first event), oldest first. */
export async function selectActions(
  dir: string,
  filter: EventFilter,
  limit?: number,
): Promise<PairedAction[]> {
  const kept: PairedAction[] = [];
  for await (const action of pairStream(readEvents(dir))) {
    if (!matchesFilter(action, filter)) continue;
    kept.push(action);
    // Actions close out of trail order: trim by seq, in batches.
    if (limit !== undefined && kept.length > 2 * limit + 64) trim(kept, limit);
  }
  kept.sort((a, b) => a.seq - b.seq);
  return limit === undefined ? kept : kept.slice(Math.max(0, kept.length - limit));
}

function trim(kept: PairedAction[], limit: number): void {
  kept.sort((a, b) => a.seq - b.seq);
  kept.splice(0, kept.length - limit);
}

/** Times are shown in UTC, and the heading says so. */
const when = (ts: string) => ts.replace("T", " ").slice(0, 19);

const describe = (action: TrailEvent["action"]) =>
  // String(): a tampered action of a known kind may lack the field its summary shows.
  String(describeRecorded(action) ?? action.kind)
    .replace(/\s+/g, " ")
    .slice(0, 80);

export async function runLog(options: LogOptions, io: CliIO): Promise<number> {
  const now = new Date();
  const filter: EventFilter = {
    risk: options.risk,
    minRisk: options.minRisk,
    since: options.since ? parseInstant(options.since, now) : undefined,
    until: options.until ? parseInstant(options.until, now) : undefined,
    decision: options.decision,
    outcome: options.outcome,
    agent: options.agent,
    session: options.session,
  };
  const { exit } = await sayIfUntrusted(options.home, io);
  const on = useColour(io.stdout, io.env);
  // The level, decision and outcome columns, coloured by their own (escaped) text.
  const colour = (columns: number[]) => (cell: string, column: number) =>
    columns.includes(column) ? paint(cell, cell, on) : cell;
  if (options.events) {
    const events = await selectEvents(trailDir(options.home), filter, options.limit);
    if (options.json) printJson(io, events);
    else if (events.length === 0) println(io, "no matching events");
    else {
      const rows = [["SEQ", "TIME (UTC)", "PHASE", "RISK", "FLAGS", "DECISION", "AGENT", "ACTION"]];
      for (const event of events) {
        rows.push([
          String(event.seq),
          when(event.ts),
          event.phase,
          event.risk.level,
          event.risk.flags.join(",") || "-",
          event.decision,
          event.agent,
          describe(event.action),
        ]);
      }
      println(io, formatTable(escapeCells(rows), colour([3, 5])));
    }
    return exit;
  }
  const actions = await selectActions(trailDir(options.home), filter, options.limit);
  if (options.json) {
    printJson(io, actions);
    return exit;
  }
  if (actions.length === 0) {
    println(io, "no matching actions");
    return exit;
  }
  const rows = [["SEQ", "TIME (UTC)", "RISK", "FLAGS", "DECISION", "OUTCOME", "AGENT", "ACTION"]];
  for (const action of actions) {
    rows.push([
      String(action.seq),
      when(action.ts),
      action.risk.level,
      action.risk.flags.join(",") || "-",
      action.decision ?? "-",
      action.outcome,
      action.agent,
      describe(action.action),
    ]);
  }
  println(io, formatTable(escapeCells(rows), colour([2, 4, 5])));
  return exit;
}
