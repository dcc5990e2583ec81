import { summarize } from "../../stats/index.js";
import { escapeCells, escapeControl, paint, useColour } from "../../terminal/index.js";
import { parseInstant } from "../../time/index.js";
import { readEvents, trailDir } from "../../trail/index.js";
import { type CliIO, formatTable, printJson, println } from "../io.js";
import { sayIfUntrusted } from "../trust-first.js";
import { printBreakdown, withoutEvents } from "./summary.js";

export interface StatsOptions {
  home: string;
  risk?: boolean;
  since?: string;
  until?: string;
  json?: boolean;
}

/** `trailseal stats --risk`: per level and flag, per day, and the top flagged commands. */
export async function runStats(options: StatsOptions, io: CliIO): Promise<number> {
  const now = new Date();
  const from = options.since ? parseInstant(options.since, now) : undefined;
  const to = options.until ? parseInstant(options.until, now) : undefined;
  const { exit } = await sayIfUntrusted(options.home, io);
  const summary = await summarize(readEvents(trailDir(options.home)), { from, to });
  const top = summary.top_flagged_commands;
  if (options.json) {
    printJson(io, { trusted: exit === 0, ...withoutEvents(summary), top_flagged_commands: top });
    return exit;
  }
  println(
    io,
    escapeControl(
      `risk statistics: ${summary.total} actions (${summary.events} events)${summary.first_ts ? ` from ${summary.first_ts} to ${summary.last_ts}` : ""}`,
    ),
  );
  printBreakdown(io, summary);
  const on = useColour(io.stdout, io.env);
  const days = Object.keys(summary.by_day).sort();
  if (days.length > 0) {
    println(io, "");
    const rows = [["DAY (UTC)", "NONE", "LOW", "MEDIUM", "HIGH", "CRITICAL"]];
    for (const day of days) {
      const c = summary.by_day[day]!;
      rows.push([day, String(c.none), String(c.low), String(c.medium), String(c.high), String(c.critical)]);
    }
    // A day's count of a level is coloured as that level when there is any.
    const levels = rows[0]!.map((heading) => heading.toLowerCase());
    println(
      io,
      formatTable(escapeCells(rows), (cell, column) =>
        column > 0 && cell !== "0" ? paint(cell, levels[column]!, on) : cell,
      ),
    );
  }
  if (top.length > 0) {
    println(io, "");
    const rows = [["COUNT", "LEVEL", "COMMAND"]];
    for (const entry of top)
      rows.push([String(entry.count), entry.level, entry.command.replace(/\s+/g, " ").slice(0, 100)]);
    println(
      io,
      formatTable(escapeCells(rows), (cell, column) => (column === 1 ? paint(cell, cell, on) : cell)),
    );
  }
  return exit;
}
