import { recordedText } from "../action/index.js";
import { isTrailEvent } from "../actions/index.js";
import { RISK_FLAGS, RISK_LEVELS, type RiskFlag, type RiskLevel } from "../chain/index.js";

/**
 * The view of one trail event the dashboard keeps and sends to the browser. Every field comes
 * from the trail and is attacker-influenced (a command string can hold HTML, a multi-megabyte
 * agent name, a level that is not a level): it is coerced to known shapes and bounded here,
 * and the page renders it with `textContent` only.
 */
export interface DashboardEvent {
  seq: number;
  ts: string;
  level: RiskLevel;
  flags: RiskFlag[];
  decision: string;
  /**
   * `post` events are a call's outcome, not a new action: the dashboard counts actions, so it
   * counts a call once, by its decision event (docs/action-outcomes.md). `trail`: the trail's
   * own event (a policy change), counted as an event and never as an action.
   */
  phase: "pre" | "post" | "record" | "trail" | "other";
  agent: string;
  session: string | null;
  /** One-line description of the action (the command, `write /path`, `GET url`, …). */
  action: string;
  reasons: string[];
}

const MAX_TEXT = 300;
const MAX_ACTION = 500;
const LEVELS = new Set<string>(RISK_LEVELS);
const FLAGS = new Set<string>(RISK_FLAGS);

function text(value: unknown, max = MAX_TEXT): string {
  // recordedText: a long command or path is kept as a digest with its start (docs/trail-format.md).
  const s = value === undefined || value === null ? "" : recordedText(value);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

function describeAction(action: unknown): string {
  if (action === null || typeof action !== "object") return "";
  const a = action as Record<string, unknown>;
  switch (a.kind) {
    case "command":
      return text(a.command, MAX_ACTION);
    case "file":
      return text(`${text(a.op, 20)} ${text(a.path, MAX_ACTION)}`, MAX_ACTION);
    case "network":
      return text(`${text(a.method, 20)} ${text(a.url, MAX_ACTION)}`, MAX_ACTION);
    case "mcp":
      return text(`mcp ${text(a.server, 100)}.${text(a.tool, 100)}`, MAX_ACTION);
    case "agent":
      return text(`agent: ${text(a.description, MAX_ACTION)}`, MAX_ACTION);
    default:
      return text(a.description ?? a.tool ?? a.kind, MAX_ACTION);
  }
}

/** Parses one trail line into the dashboard's view, or null when it is not a usable event. */
export function toDashboardEvent(line: string): DashboardEvent | null {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return null;
  }
  return fromParsedLine(raw);
}

/** The dashboard's view of a line already parsed (the live trail parses each line once). */
export function fromParsedLine(raw: unknown): DashboardEvent | null {
  if (raw === null || typeof raw !== "object") return null;
  const e = raw as Record<string, unknown>;
  const risk = (e.risk ?? {}) as Record<string, unknown>;
  if (typeof e.seq !== "number" || typeof e.ts !== "string" || !LEVELS.has(risk.level as string)) return null;
  const flags = Array.isArray(risk.flags)
    ? (risk.flags.filter((flag) => typeof flag === "string" && FLAGS.has(flag)) as RiskFlag[])
    : [];
  return {
    seq: e.seq,
    ts: text(e.ts, 40),
    level: risk.level as RiskLevel,
    flags: [...new Set(flags)],
    decision: text(e.decision, 20) || "logged",
    phase: isTrailEvent(e)
      ? "trail"
      : e.phase === "pre" || e.phase === "post" || e.phase === "record"
        ? e.phase
        : "other",
    agent: text(e.agent, 100) || "unknown",
    session: e.session === null || e.session === undefined ? null : text(e.session, 100),
    action: describeAction(e.action),
    reasons: Array.isArray(e.reasons) ? e.reasons.slice(0, 5).map((reason) => text(reason)) : [],
  };
}
