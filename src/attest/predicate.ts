/**
 * The in-toto Statement v1 of one commit and its predicate (docs/attestation.md): the types, and
 * the summary every attestation carries (counts, denied and high-risk actions), computed by one
 * function from the trail's events, so `attest` writes and `attest verify` recomputes the same.
 */
import { isTrailEvent } from "../actions/index.js";
import { DECISIONS, RISK_LEVELS, type TrailEvent } from "../chain/index.js";
import type { StoredReceipt } from "../seal/index.js";

export const STATEMENT_TYPE = "https://in-toto.io/Statement/v1";
/** A name under the project's own, not a URL anything is fetched from (docs/decisions/attestation.md). */
export const PREDICATE_TYPE = "https://trailseal.dev/attestation/agent-commit/v1";

export interface ActionSummary {
  seq: number;
  agent: string;
  session: string | null;
  decision: string;
  level: string;
  flags: string[];
  /** The action as the trail stores it, already redacted: a command, `write <path>`, a URL. */
  action: string;
  reasons: string[];
}

export interface Counts {
  /** Events of the range that are actions (phase `pre` or `record`, commit events left out). */
  actions: number;
  by_level: Record<string, number>;
  by_decision: Record<string, number>;
  /** Post events (what happened after a tool ran), and those whose outcome says it failed. */
  outcomes: { recorded: number; failed: number };
}

export interface AttestedSeal {
  id: string;
  chain_tip: string;
  event_count: number;
  timestamp: string;
  signature: string;
  key_id: string;
  receipts: StoredReceipt[];
  /** c2sp.org/tlog-proof texts of the seal's entry in git logs, with the log key each was made with. */
  tlog_proofs: { log_key: string; proof: string }[];
}

export interface CommitPredicate {
  commit: Record<string, unknown> & { id: string };
  /** Who made the commit: the agent of its first commit event, and a session any of them names. */
  made_by: { agent: string; session: string | null };
  agents: string[];
  sessions: { agent: string; session: string | null; events: number }[];
  trail: {
    /** The range that led to the commit: after the previous commit's event, up to this commit's. */
    first_seq: number;
    last_seq: number;
    /** `prev` of the range's first event, and the hash of its last (the commit's event). */
    prev_tip: string;
    tip: string;
    /** Every event from `first_seq` to the seal's last: the range, then what binds it to the seal. */
    events: TrailEvent[];
  };
  counts: Counts;
  denied: ActionSummary[];
  high_risk: ActionSummary[];
  policy: { digest: string | null };
  seals: AttestedSeal[];
  attested_at: string;
  generator: { name: "trailseal"; version: string };
}

export interface CommitStatement {
  _type: typeof STATEMENT_TYPE;
  subject: { name: string; digest: { gitCommit: string } }[];
  predicateType: typeof PREDICATE_TYPE;
  predicate: CommitPredicate;
}

function describe(event: TrailEvent): string {
  const action = event.action as Record<string, unknown>;
  switch (action.kind) {
    case "command":
      return String(action.command);
    case "file":
      return `${action.op} ${action.path}`;
    case "network":
      return `${action.method} ${action.url}`;
    case "mcp":
      return `mcp ${action.server}.${action.tool}`;
    default:
      return String(action.description ?? action.kind);
  }
}

function summarize(event: TrailEvent): ActionSummary {
  return {
    seq: event.seq,
    agent: event.agent,
    session: event.session,
    decision: event.decision,
    level: event.risk.level,
    flags: [...event.risk.flags],
    action: describe(event),
    reasons: [...event.reasons],
  };
}

const isGitRecord = (event: TrailEvent) => event.action.kind === "commit" || event.action.kind === "rewrite";

/** Counts, denied and high-or-critical actions, sessions and agents of a range's events. */
export function summarizeRange(
  events: TrailEvent[],
): Pick<CommitPredicate, "counts" | "denied" | "high_risk" | "sessions" | "agents"> {
  const counts: Counts = {
    actions: 0,
    by_level: Object.fromEntries(RISK_LEVELS.map((level) => [level, 0])),
    by_decision: Object.fromEntries(DECISIONS.map((decision) => [decision, 0])),
    outcomes: { recorded: 0, failed: 0 },
  };
  const denied: ActionSummary[] = [];
  const high: ActionSummary[] = [];
  const sessions = new Map<string, { agent: string; session: string | null; events: number }>();
  for (const event of events) {
    if (isTrailEvent(event)) continue; // the trail's own event (a policy change), no action
    const key = JSON.stringify([event.agent, event.session]);
    const entry = sessions.get(key) ?? { agent: event.agent, session: event.session, events: 0 };
    entry.events += 1;
    sessions.set(key, entry);
    if (event.phase === "post") {
      counts.outcomes.recorded += 1;
      const outcome = event.outcome as { failed?: unknown } | null | undefined;
      if (outcome && typeof outcome === "object" && outcome.failed === true) counts.outcomes.failed += 1;
      continue;
    }
    if (isGitRecord(event)) continue;
    counts.actions += 1;
    counts.by_level[event.risk.level] = (counts.by_level[event.risk.level] ?? 0) + 1;
    counts.by_decision[event.decision] = (counts.by_decision[event.decision] ?? 0) + 1;
    if (event.decision === "deny") denied.push(summarize(event));
    if (event.risk.level === "high" || event.risk.level === "critical") high.push(summarize(event));
  }
  const list = [...sessions.values()];
  return {
    counts,
    denied,
    high_risk: high,
    sessions: list,
    agents: [...new Set(list.map((s) => s.agent))],
  };
}
