/**
 * Where a commit sits in the trail: its event (the first that names it), the range of events that
 * led to it (after the previous commit's event, up to its own), and the check that a run of
 * events is a piece of the chain (docs/trail-format.md rules, applied to the events an
 * attestation carries, with nothing else to read).
 */
import { computeEventHash, type TrailEvent } from "../chain/index.js";
import { commitIdsOf } from "../commits/index.js";

export interface CommitIndex {
  /** Commit id → seq of the first event that names it. */
  first: Map<string, number>;
  /**
   * Commit id → the first session named by one of its events of the same agent as its first
   * event (the git hook knows the agent from the environment, the agent hook knows the session;
   * an agent hook that sees an earlier commit in HEAD's reflog never lends it its session).
   */
  session: Map<string, string>;
  /** First seqs of all commits, ascending. */
  firstSeqs: number[];
}

export function indexCommits(events: Iterable<TrailEvent>): CommitIndex {
  const first = new Map<string, number>();
  const agent = new Map<string, string>();
  const session = new Map<string, string>();
  for (const event of events) {
    for (const id of commitIdsOf(event)) {
      if (!first.has(id)) {
        first.set(id, event.seq);
        agent.set(id, event.agent);
      }
      if (event.session && !session.has(id) && agent.get(id) === event.agent) session.set(id, event.session);
    }
  }
  return { first, session, firstSeqs: [...new Set(first.values())].sort((a, b) => a - b) };
}

/** The seq the range of the commit whose event is at `commitSeq` starts at. */
export function rangeStart(index: CommitIndex, commitSeq: number): number {
  let start = 0;
  for (const seq of index.firstSeqs) {
    if (seq >= commitSeq) break;
    start = seq + 1;
  }
  return start;
}

/** Why a run of events is not a piece of the chain, or null when it is. */
export function chainProblem(
  events: readonly TrailEvent[],
  firstSeq: number,
  prevTip: string,
): string | null {
  let prev = prevTip;
  for (const [i, event] of events.entries()) {
    if (event === null || typeof event !== "object") return `event ${i} is not an object`;
    if (event.seq !== firstSeq + i)
      return `seq ${firstSeq + i}: the event says seq ${String(event.seq)} (gap)`;
    if (event.prev !== prev)
      return `seq ${event.seq}: prev is not the hash of the event before (broken link)`;
    let hash: string;
    try {
      hash = computeEventHash(event as unknown as Record<string, unknown>);
    } catch {
      return `seq ${event.seq}: the event cannot be hashed`;
    }
    if (hash !== event.hash) return `seq ${event.seq}: the content does not match its hash`;
    prev = hash;
  }
  return null;
}
