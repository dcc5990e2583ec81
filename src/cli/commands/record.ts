import { type Action, describeRecorded } from "../../action/index.js";
import { parseAction } from "../../action-input/index.js";
import type { TrailEvent } from "../../chain/index.js";
import { TrailsealError } from "../../errors/index.js";
import { recordActions } from "../../record/index.js";
import { escapeControl, paint, useColour } from "../../terminal/index.js";
import { type CliIO, println, readStdin } from "../io.js";

export interface RecordOptions {
  home: string;
  json?: boolean;
  /** With many actions, one line per event as well as the summary. */
  verbose?: boolean;
}

/** Largest bulk import on stdin. */
export const MAX_STDIN = 256 << 20;

/**
 * Parses stdin as one JSON action, or as JSONL (one action a line). Every line is validated
 * before anything is appended: bad input changes nothing.
 */
export function parseActions(text: string): Action[] {
  const trimmed = text.trim();
  if (trimmed === "") throw new TrailsealError("ACTION_EMPTY", "no action on stdin");
  if (!trimmed.includes("\n") || isJson(trimmed)) return [parseAction(trimmed)];
  const actions: Action[] = [];
  trimmed.split("\n").forEach((line, index) => {
    if (line.trim() !== "") actions.push(parseAction(line, `line ${index + 1}`));
  });
  return actions;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function formatEvent(event: TrailEvent, colour = false): string {
  const flags = event.risk.flags.length > 0 ? ` [${event.risk.flags.join(", ")}]` : "";
  const summary = describeRecorded(event.action);
  // The summary is the agent's text (a command, a path): shown escaped, never interpreted; the
  // level and decision are coloured after escaping (on a terminal, NO_COLOR/FORCE_COLOR honoured).
  const level = escapeControl(event.risk.level);
  const decision = escapeControl(event.decision ?? "");
  return `#${event.seq} ${paint(level, event.risk.level, colour)}${escapeControl(flags)} ${paint(decision, event.decision ?? "", colour)} ${escapeControl(`${summary}`)}`;
}

/** ` (critical 1, high 3, none 12)`: the events per level, highest first. */
function levelCounts(events: TrailEvent[]): string {
  const counts = new Map<string, number>();
  for (const event of events) counts.set(event.risk.level, (counts.get(event.risk.level) ?? 0) + 1);
  const order = ["critical", "high", "medium", "low", "none"];
  const parts = order.filter((level) => counts.has(level)).map((level) => `${level} ${counts.get(level)}`);
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}

export async function runRecord(options: RecordOptions, io: CliIO): Promise<number> {
  const text = await readStdin(io, MAX_STDIN);
  const actions = parseActions(text);
  const events = await recordActions(options.home, actions);
  if (options.json) {
    // One shape however many events: JSON lines, one event each.
    for (const event of events) io.stdout.write(`${JSON.stringify(event)}\n`);
  } else {
    // Many actions (an import): one summary line, each event only when asked (--verbose).
    if (events.length === 1 || options.verbose)
      for (const event of events) println(io, `recorded ${formatEvent(event, useColour(io.stdout, io.env))}`);
    if (events.length > 1)
      println(io, `${events.length} events recorded${levelCounts(events)}; tip ${events.at(-1)!.hash}`);
  }
  return 0;
}
