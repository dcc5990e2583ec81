import { RISK_FLAGS, RISK_LEVELS } from "../../chain/index.js";
import { homePaths } from "../../home/index.js";
import { loadRelayConfig } from "../../relay/index.js";
import { readSeals, type UnwitnessedBound, unwitnessedBound } from "../../seal/index.js";
import { type RiskSummary, summarize } from "../../stats/index.js";
import { escapeCells, paint, useColour } from "../../terminal/index.js";
import { startOfUtcDay } from "../../time/index.js";
import { readEvents, trailDir } from "../../trail/index.js";
import { type CliIO, formatTable, printJson, println } from "../io.js";
import { sayIfUntrusted } from "../trust-first.js";

export interface SummaryOptions {
  home: string;
  json?: boolean;
  now?: Date;
}

/**
 * `trailseal summary`: today's (UTC) risk breakdown. The record is checked first: a broken one
 * is said on stderr before the figures, which are shown as recorded, and exits 1.
 */
export async function runSummary(options: SummaryOptions, io: CliIO): Promise<number> {
  const now = options.now ?? new Date();
  const from = startOfUtcDay(now);
  const { exit, verdict } = await sayIfUntrusted(options.home, io);
  const summary = await summarize(readEvents(trailDir(options.home)), { from });
  const unwitnessed = await boundOf(options.home, verdict.eventCount, now, from);
  if (options.json) {
    printJson(io, {
      day: from.toISOString().slice(0, 10),
      trusted: exit === 0,
      ...withoutEvents(summary),
      unwitnessed,
    });
    return exit;
  }
  println(
    io,
    `risk summary for ${from.toISOString().slice(0, 10)} (UTC): ${summary.total} actions (${summary.events} events)`,
  );
  printBreakdown(io, summary);
  printBound(io, unwitnessed);
  return exit;
}

export function withoutEvents(summary: RiskSummary) {
  const { high_risk, ...rest } = summary;
  return {
    ...rest,
    high_risk: high_risk.map((event) => ({
      seq: event.seq,
      ts: event.ts,
      level: event.risk.level,
      flags: event.risk.flags,
      decision: event.decision,
      outcome: event.outcome,
      events: event.events,
    })),
  };
}

export function printBreakdown(io: CliIO, summary: RiskSummary): void {
  const on = useColour(io.stdout, io.env);
  // The first column (a level, a decision, an outcome) coloured by its own (escaped) text.
  const named = (cell: string, column: number) => (column === 0 ? paint(cell, cell, on) : cell);
  const total = summary.total || 1;
  const rows = [["LEVEL", "ACTIONS", "SHARE"]];
  for (const level of [...RISK_LEVELS].reverse()) {
    const n = summary.by_level[level];
    rows.push([level, String(n), `${((100 * n) / total).toFixed(1)}%`]);
  }
  println(io, "");
  println(io, formatTable(rows, named));
  const flags = RISK_FLAGS.filter((flag) => summary.by_flag[flag] > 0);
  if (flags.length > 0) {
    println(io, "");
    println(
      io,
      formatTable(
        escapeCells([["FLAG", "ACTIONS"], ...flags.map((flag) => [flag, String(summary.by_flag[flag])])]),
      ),
    );
  }
  const agents = Object.entries(summary.by_agent);
  if (agents.length > 0) {
    println(io, "");
    // Agent names come from the trail as written, like decisions below.
    println(
      io,
      formatTable(escapeCells([["AGENT", "ACTIONS"], ...agents.map(([name, n]) => [name, String(n)])])),
    );
  }
  const decisions = Object.entries(summary.by_decision);
  if (decisions.length > 0) {
    println(io, "");
    // Decision names come from the trail as written: a tampered line can hold any text.
    println(
      io,
      formatTable(
        escapeCells([["DECISION", "ACTIONS"], ...decisions.map(([name, n]) => [name, String(n)])]),
        named,
      ),
    );
  }
  const outcomes = Object.entries(summary.by_outcome).filter(([, n]) => n > 0);
  if (outcomes.length > 0) {
    println(io, "");
    println(
      io,
      formatTable([["OUTCOME", "ACTIONS"], ...outcomes.map(([name, n]) => [name, String(n)])], named),
    );
  }
}

/**
 * The unwitnessed bound for the day, from the stored receipts; the witnesses asked are those the
 * record check above asked for cuts (every configured one).
 */
async function boundOf(
  home: string,
  eventCount: number,
  now: Date,
  from: Date,
): Promise<UnwitnessedBound & { witnesses_asked: string[] }> {
  const config = await loadRelayConfig(homePaths(home).relayConfig).catch(() => null);
  const seals = await readSeals(homePaths(home).seals).catch(() => []);
  const quorum = config?.witness.quorum ?? 1;
  return {
    ...unwitnessedBound(seals, { quorum, eventCount, now, from }),
    witnesses_asked: (config?.witness.endpoints ?? []).map((endpoint) => endpoint.name),
  };
}

export function printBound(io: CliIO, bound: UnwitnessedBound & { witnesses_asked: string[] }): void {
  const window = bound.largest_window
    ? `${Math.round(bound.largest_window_ms / 1000)} s${bound.largest_window.open ? " (still open)" : ""}`
    : "none";
  println(io, "");
  println(
    io,
    `not yet witnessed: ${bound.events_now} event(s); largest unwitnessed window today: ${window} (from the stored receipts); witnesses asked: ${bound.witnesses_asked.join(", ") || "none (none configured: not checked for cuts)"}`,
  );
}
