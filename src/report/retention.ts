/**
 * Retention (docs/decisions/retention.md): whether the trail keeps every record of the minimum
 * age before the period's end. Records are never deleted by trailseal; a deletion of old
 * records breaks the chain from seq 0 (event 0's `prev` is the genesis hash and every seq
 * follows), or leaves a witnessed seal the trail no longer reaches (a cut): so retention is met
 * exactly when the chain verifies from seq 0, every seal matches and no cut was found.
 * Archived segments (`trailseal archive`) are part of that chain: the chain is read from the
 * first archive on, and an archive missing or altered is a removal like any other.
 */
import { minusAge } from "../time/index.js";

/** The default minimum age: the EU AI Act's six months (Art. 19(1), 26(6)). */
export const DEFAULT_MIN_AGE = "6 months";

export interface RetentionSection {
  /** The minimum age (relay-config.json `retention.min_age`, default six months). */
  min_age: string;
  configured: boolean;
  /** The start of the window that must be kept: the period's end minus the minimum age. */
  required_from: string;
  /** The trail's first record (null: none). */
  records_since: string | null;
  /** Records reach back over the whole window (false: the trail is younger than the minimum age). */
  covers_window: boolean;
  /** Every record since the trail began is kept (chain from seq 0, seals matching, no cut). */
  met: boolean;
  reason: string;
  /** The archived part of the trail: how many archives, the events they hold, and what is wrong with them. */
  archives: {
    count: number;
    events: number;
    oldest: string | null;
    newest: string | null;
    problems: string[];
  };
}

/** What the report needs of the archives (src/trail's ArchiveCheck). */
export interface ArchiveFacts {
  archives: { count: number; first_ts: string; last_ts: string }[];
  problems: { code: string; message: string }[];
}

export function retentionSection(input: {
  minAge: string | undefined;
  end: Date;
  recordsSince: string | null;
  chainOk: boolean;
  cut: boolean;
  archive?: ArchiveFacts;
}): RetentionSection {
  const archived = input.archive?.archives ?? [];
  const problems = (input.archive?.problems ?? []).map((p) => `${p.code}: ${p.message}`);
  const minAge = input.minAge ?? DEFAULT_MIN_AGE;
  const requiredFrom = minusAge(input.end, minAge).toISOString();
  const covers = input.recordsSince !== null && input.recordsSince <= requiredFrom;
  const met = input.chainOk && !input.cut && problems.length === 0;
  const reason = !met
    ? problems.length > 0
      ? `an archive of old records is missing or altered: ${problems[0]}`
      : input.cut
        ? "a witnessed seal is beyond the trail: records were removed"
        : "the chain does not verify from seq 0 with every seal: records were removed or changed"
    : input.recordsSince === null
      ? "no records"
      : covers
        ? `every record since ${input.recordsSince} is kept, which covers the ${minAge} before the period's end`
        : `every record since the trail began (${input.recordsSince}) is kept; the trail is younger than ${minAge}`;
  return {
    min_age: minAge,
    configured: input.minAge !== undefined,
    required_from: requiredFrom,
    records_since: input.recordsSince,
    covers_window: covers,
    met,
    reason:
      met && archived.length > 0
        ? `${reason}; ${archived.length} archive(s) hold the oldest ${archived.reduce((n, a) => n + a.count, 0)} events`
        : reason,
    archives: {
      count: archived.length,
      events: archived.reduce((n, a) => n + a.count, 0),
      oldest: archived[0]?.first_ts ?? null,
      newest: archived.at(-1)?.last_ts ?? null,
      problems,
    },
  };
}
