/**
 * Policy versions and decisions over the period (docs/trail-format.md, `policy` and
 * `policy_change`): which versions were in force and from when, each recorded change, a change
 * the trail shows without its `policy_change` event, decisions that name no version, and the
 * denied actions. Derived from the decisions themselves, not from the derived state file.
 */
import { recordedText } from "../action/index.js";
import type { TrailEvent } from "../chain/index.js";

/** Denied actions listed in full; the count covers them all. */
export const MAX_DENIED = 200;

export interface PolicyVersion {
  digest: string;
  first_seq: number;
  first_ts: string;
  last_ts: string;
  decisions: number;
}

export interface PolicyChangeEntry {
  seq: number;
  ts: string;
  from: string | null;
  to: string | null;
  path: string | null;
  /** False: the digest changed between two decisions with no `policy_change` event between them. */
  recorded: boolean;
}

export interface DeniedEntry {
  seq: number;
  ts: string;
  agent: string;
  level: string;
  rule: string | null;
  action: string;
}

export interface PolicySection {
  /** Hook decisions (`pre` events) in the period. */
  decisions: number;
  /** Of them, those naming the policy version that made them. */
  decisions_with_version: number;
  /** Of them, those where the agent's own permission flow ran (no decision answered). */
  agent_flow: number;
  versions: PolicyVersion[];
  changes: PolicyChangeEntry[];
  denied_total: number;
  denied: DeniedEntry[];
  asked_total: number;
}

interface Stamp {
  digest?: unknown;
  rule?: unknown;
  agent_flow?: unknown;
}

export function describeAction(event: Pick<TrailEvent, "action">): string {
  const action = event.action ?? { kind: "other", tool: "" };
  const detail = action.command ?? action.path ?? action.url ?? action.tool ?? "";
  const text = `${action.kind}${detail ? `: ${recordedText(detail)}` : ""}`;
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

export class PolicyAggregator {
  private readonly section: PolicySection = {
    decisions: 0,
    decisions_with_version: 0,
    agent_flow: 0,
    versions: [],
    changes: [],
    denied_total: 0,
    denied: [],
    asked_total: 0,
  };
  private last: string | null = null;
  private announced: string | null = null;

  /** Every event of the trail in order; `inPeriod` says whether it counts. */
  add(event: TrailEvent, inPeriod: boolean): void {
    const action = event.action as { kind?: unknown; from?: unknown; to?: unknown; path?: unknown };
    if (action.kind === "policy_change") {
      const to = typeof action.to === "string" ? action.to : null;
      this.announced = to;
      if (inPeriod)
        this.section.changes.push({
          seq: event.seq,
          ts: event.ts,
          from: typeof action.from === "string" ? action.from : null,
          to,
          path: typeof action.path === "string" ? action.path : null,
          recorded: true,
        });
      return;
    }
    if (event.phase !== "pre") return;
    const stamp = (event as { policy?: Stamp }).policy;
    const digest = typeof stamp?.digest === "string" ? stamp.digest : null;
    if (digest !== null) {
      if (this.last !== null && digest !== this.last && this.announced !== digest && inPeriod)
        this.section.changes.push({
          seq: event.seq,
          ts: event.ts,
          from: this.last,
          to: digest,
          path: null,
          recorded: false,
        });
      this.last = digest;
      this.announced = digest;
    }
    if (!inPeriod) return;
    const s = this.section;
    s.decisions += 1;
    if (digest !== null) {
      s.decisions_with_version += 1;
      const version = s.versions.find((v) => v.digest === digest);
      if (version) {
        version.decisions += 1;
        version.last_ts = event.ts;
      } else
        s.versions.push({
          digest,
          first_seq: event.seq,
          first_ts: event.ts,
          last_ts: event.ts,
          decisions: 1,
        });
    }
    if (stamp?.agent_flow === true) s.agent_flow += 1;
    if (event.decision === "ask") s.asked_total += 1;
    if (event.decision === "deny") {
      s.denied_total += 1;
      if (s.denied.length < MAX_DENIED)
        s.denied.push({
          seq: event.seq,
          ts: event.ts,
          agent: event.agent,
          level: event.risk.level,
          rule: typeof stamp?.rule === "string" ? stamp.rule : null,
          action: describeAction(event),
        });
    }
  }

  summary(): PolicySection {
    return this.section;
  }
}
