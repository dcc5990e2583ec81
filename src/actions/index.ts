/**
 * Actions: the trail's events paired into what an agent did. A hooked tool call is two events
 * (`pre`, the policy decision; `post`, what happened), so counting or listing events counts
 * every call twice and shows a denied call's `post` row as `logged`. This module is the one
 * place that pairs them; `summary`, `log`, `stats`, the dashboard and the report read actions
 * through it (docs/action-outcomes.md is the contract).
 *
 * Pure: events in, actions out; no I/O, no clock. (`src/action` is the vocabulary of one
 * action as the hook maps it; this is the reading side.)
 *
 * Pairing (events carry no call id, so calls are matched): a `post` closes the newest open
 * `pre` of the same agent, session and action (the recorded `action` member, byte for byte).
 * Newest first so that a denied call retried at once pairs its outcome with the retry, not with
 * the denial. An event of phase `record` is an action of its own; the trail's own events (a
 * policy change) are no action at all.
 */
import type { Decision, RiskFlag, RiskLevel, TrailEvent } from "../chain/index.js";

/** What became of an action (docs/action-outcomes.md). */
export const ACTION_OUTCOMES = [
  "ran",
  "failed",
  "denied",
  "asked-then-ran",
  "asked-then-declined",
  "recorded",
  "unknown",
] as const;
export type ActionOutcome = (typeof ACTION_OUTCOMES)[number];

export interface PairedAction {
  /** The `seq` of its first event: the action's id within the trail. */
  seq: number;
  /** The time of its first event (ISO 8601 UTC). */
  ts: string;
  /** The time of its last event. */
  end_ts: string;
  /** The `seq` of every event that makes it, in trail order (its `pre`, then its `post`). */
  events: number[];
  agent: string;
  session: string | null;
  cwd: string | null;
  action: TrailEvent["action"];
  /** The highest level of its events; their flags together. */
  risk: { level: RiskLevel; flags: RiskFlag[] };
  /** The policy's decision from its `pre` event; `logged` for a recorded action; null when no `pre` was recorded. */
  decision: Decision | null;
  outcome: ActionOutcome;
  /** Whether the user was asked (the decision was `ask`). */
  asked: boolean;
  /** The reasons of its events, without repeats. */
  reasons: string[];
  /** The `outcome` member of its `post` event, as recorded (absent when there is none). */
  result?: unknown;
}

/**
 * Kinds of event the trail records about itself (a policy change), not an action of any agent:
 * the pairer skips them, so no action count, list or sample holds them; the report's policy
 * section reads them from the events (docs/action-outcomes.md).
 */
export const TRAIL_EVENT_KINDS: ReadonlySet<string> = new Set(["policy_change"]);

/** Whether an event is the trail's own (see TRAIL_EVENT_KINDS) rather than an agent's action. */
export function isTrailEvent(event: { action?: unknown }): boolean {
  const action = event.action as { kind?: unknown } | null | undefined;
  return typeof action?.kind === "string" && TRAIL_EVENT_KINDS.has(action.kind);
}

const RANK: Record<string, number> = { none: 0, low: 1, medium: 2, high: 3, critical: 4 };

interface Open {
  pre: TrailEvent;
  extra: TrailEvent[];
  /** Closed by a witness-before denial (a second `pre` event of the call). */
  denial?: TrailEvent;
  /** Set when the call closes, so the opening order below can skip it. */
  closed?: boolean;
}

/**
 * Pairs events as they stream, oldest first. `add` returns the actions it closed; `finish`
 * closes the rest. Actions come out in the order they close: sort by `seq` for trail order.
 */
export class ActionPairer {
  private readonly open = new Map<string, Open[]>();
  /**
   * Open calls in the order they opened (trail order, so the oldest first), closed ones skipped
   * lazily: closing the oldest is O(1) amortized instead of a scan of every open key.
   */
  private order: { key: string; entry: Open }[] = [];
  private head = 0;
  /** The newest seq seen per session, to tell an ask left unanswered from one still pending. */
  private readonly lastSeq = new Map<string, number>();
  private pending = 0;

  /** At most this many calls are held open; past it the oldest is closed, its outcome `unknown`. */
  constructor(private readonly maxOpen = 10_000) {}

  add(event: TrailEvent): PairedAction[] {
    if (isTrailEvent(event)) return [];
    const sessionKey = `${event.agent}\u0000${event.session ?? ""}`;
    this.lastSeq.set(sessionKey, event.seq);
    if (event.phase === "record") return [toAction([event], null)];
    const key = `${sessionKey}\u0000${JSON.stringify(event.action)}`;
    const list = this.open.get(key);
    if (event.phase === "post") {
      const match = list?.pop();
      if (!match) return [toAction([event], null)];
      match.closed = true;
      this.forget(key, list!);
      return [toAction([match.pre, ...match.extra, event], match)];
    }
    // A second `pre` of the same call: the witness-before gate denying it after the first was
    // recorded (src/hooks/run.ts records the call, then the denial).
    if (event.decision === "deny" && event.reasons[0]?.startsWith("witness_before ") && list?.length) {
      const match = list[list.length - 1]!;
      match.extra.push(event);
      match.denial = event;
      return [];
    }
    const closed: PairedAction[] = [];
    if (this.pending >= this.maxOpen) closed.push(...this.closeOldest());
    const entry: Open = { pre: event, extra: [] };
    if (list) list.push(entry);
    else this.open.set(key, [entry]);
    this.pending += 1;
    this.order.push({ key, entry });
    // Drop the closed ones now and then: the order stays within twice the open calls.
    if (this.order.length - this.head > 2 * this.pending + 1024) {
      this.order = this.order.slice(this.head).filter((item) => !item.entry.closed);
      this.head = 0;
    }
    return closed;
  }

  /** Closes every open call: none of them has an outcome in the trail. */
  finish(): PairedAction[] {
    const out: PairedAction[] = [];
    for (const [key, list] of this.open) {
      const sessionKey = key.split("\u0000", 2).join("\u0000");
      for (const entry of list) out.push(unanswered(entry, this.lastSeq.get(sessionKey) ?? entry.pre.seq));
    }
    this.open.clear();
    this.order = [];
    this.head = 0;
    this.pending = 0;
    return out.sort((a, b) => a.seq - b.seq);
  }

  /**
   * The outcome of each call still open, as `finish` would close it now, without closing it (a
   * live view: the dashboard counts them as they stand, and pairs their outcome events later).
   * Cheap on purpose (no action is built): denied when denied, an ask the session went on from
   * declined, anything else unknown — what `unanswered` decides for a call without a `post`.
   */
  peekOutcomes(): { seq: number; ts: string; outcome: ActionOutcome }[] {
    const out: { seq: number; ts: string; outcome: ActionOutcome }[] = [];
    for (const [key, list] of this.open) {
      const sessionLast = this.lastSeq.get(key.split("\u0000", 2).join("\u0000"));
      for (const entry of list) {
        const decision = entry.denial ? "deny" : entry.pre.decision;
        const outcome: ActionOutcome =
          decision === "deny"
            ? "denied"
            : decision === "ask" && sessionLast !== undefined && sessionLast > lastOf(entry)
              ? "asked-then-declined"
              : "unknown";
        out.push({ seq: entry.pre.seq, ts: entry.pre.ts, outcome });
      }
    }
    return out;
  }

  private forget(key: string, list: Open[]): void {
    this.pending -= 1;
    if (list.length === 0) this.open.delete(key);
  }

  private closeOldest(): PairedAction[] {
    while (this.head < this.order.length) {
      const { key, entry } = this.order[this.head++]!;
      if (entry.closed) continue;
      const list = this.open.get(key)!;
      list.splice(list.indexOf(entry), 1);
      entry.closed = true;
      this.forget(key, list);
      return [unanswered(entry, Number.NEGATIVE_INFINITY)];
    }
    return [];
  }
}

/** Pairs a whole list of events (oldest first) into actions in trail order. */
export function pairEvents(events: Iterable<TrailEvent>): PairedAction[] {
  const pairer = new ActionPairer();
  const out: PairedAction[] = [];
  for (const event of events) out.push(...pairer.add(event));
  out.push(...pairer.finish());
  return out.sort((a, b) => a.seq - b.seq);
}

/** Pairs a stream of events; yields each action as it closes (not in trail order). */
export async function* pairStream(events: AsyncIterable<TrailEvent>): AsyncGenerator<PairedAction> {
  const pairer = new ActionPairer();
  for await (const event of events) yield* pairer.add(event);
  yield* pairer.finish();
}

/**
 * A call with no `post`: an `ask` the session went on from was declined (the agents send no
 * outcome for a call their user refused); anything else has no known outcome.
 */
function unanswered(entry: Open, sessionLastSeq: number): PairedAction {
  const action = toAction([entry.pre, ...entry.extra], entry);
  if (action.outcome === "unknown" && entry.pre.decision === "ask" && sessionLastSeq > lastOf(entry))
    action.outcome = "asked-then-declined";
  return action;
}

function lastOf(entry: Open): number {
  return entry.extra.length > 0 ? entry.extra[entry.extra.length - 1]!.seq : entry.pre.seq;
}

function toAction(events: TrailEvent[], open: Open | null): PairedAction {
  const first = events[0]!;
  const pre = open?.pre ?? (first.phase === "pre" ? first : null);
  const post = events.find((event) => event.phase === "post") ?? null;
  let level: RiskLevel = first.risk.level;
  const flags = new Set<RiskFlag>();
  const reasons: string[] = [];
  for (const event of events) {
    if ((RANK[event.risk.level] ?? 4) > (RANK[level] ?? 4)) level = event.risk.level;
    for (const flag of event.risk.flags) flags.add(flag);
    for (const reason of event.reasons) if (!reasons.includes(reason)) reasons.push(reason);
  }
  const decision: Decision | null = open?.denial
    ? "deny"
    : first.phase === "record"
      ? first.decision
      : (pre?.decision ?? null);
  return {
    seq: first.seq,
    ts: first.ts,
    end_ts: events[events.length - 1]!.ts,
    events: events.map((event) => event.seq),
    agent: first.agent,
    session: first.session,
    cwd: first.cwd,
    action: first.action,
    risk: { level, flags: [...flags] },
    decision,
    outcome: outcomeOf(first.phase === "record", decision, post),
    asked: decision === "ask",
    reasons,
    ...(post ? { result: post.outcome ?? null } : {}),
  };
}

function outcomeOf(recorded: boolean, decision: Decision | null, post: TrailEvent | null): ActionOutcome {
  if (recorded) return "recorded";
  // Hooks only tighten: a denied call did not run, whatever outcome event the agent sent after.
  if (decision === "deny") return "denied";
  if (!post) return "unknown";
  const result = resultOf(post.outcome);
  if (result === "denied") return decision === "ask" ? "asked-then-declined" : "denied";
  if (result === "failed") return "failed";
  return decision === "ask" ? "asked-then-ran" : "ran";
}

/** How the agents say a call failed or was refused in their outcome (src/agents). */
function resultOf(outcome: unknown): "ok" | "failed" | "denied" {
  if (outcome === null || typeof outcome !== "object" || Array.isArray(outcome)) return "ok";
  const o = outcome as Record<string, unknown>;
  if (o.denied === true) return "denied";
  if (o.failed === true || o.success === false) return "failed";
  return "ok";
}

/** Counts of actions by outcome, every outcome present. */
export function emptyOutcomeCounts(): Record<ActionOutcome, number> {
  return Object.fromEntries(ACTION_OUTCOMES.map((outcome) => [outcome, 0])) as Record<ActionOutcome, number>;
}
