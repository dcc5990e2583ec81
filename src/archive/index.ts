/**
 * Archiving old trail segments under the home's retention settings (docs/trail-format.md,
 * "Archives"; docs/decisions/archive.md). `retention.window` in relay-config.json is the working
 * window: lines of events older than it move into gzip archives under `<home>/trail/archive/`,
 * each with the seals whose tip it holds and their witness receipts. trailseal deletes no
 * archive (there is no prune yet: docs/decisions/archive.md).
 *
 * Invariants: archiving is crash-safe and loses nothing (src/trail, archiveTrail); the chain reads
 * on from the archives into the live trail, so `verify` and `report` cover them; an archive
 * deleted or altered by hand is found by `verify` and named.
 */
import { configError } from "../errors/index.js";
import { homePaths } from "../home/index.js";
import { loadRelayConfig } from "../relay/index.js";
import { readSeals } from "../seal/index.js";
import { AGE_PATTERN, minusAge } from "../time/index.js";
import { type ArchiveEntry, type ArchiveStep, archiveTrail, trailDir } from "../trail/index.js";

export type { ArchiveStep } from "../trail/index.js";

/** Default working window: the dashboard's longest period; older lines are archived. */
export const DEFAULT_WINDOW = "30 days";

/** `end` minus a valid age; a malformed one is TRAIL_ARCHIVE_AGE_INVALID (exit 2). */
function before(end: Date, age: string): Date {
  if (!AGE_PATTERN.test(age))
    throw configError(
      "TRAIL_ARCHIVE_AGE_INVALID",
      `"${age}" is not an age such as "30 days", "6 months", "1 year", "30d" or "6mo"`,
    );
  return minusAge(end, age);
}

export interface ArchiveHomeOptions {
  /** Overrides relay-config.json `retention.window`. */
  window?: string;
  now?: Date;
  onStep?: (step: ArchiveStep) => Promise<void> | void;
}

export interface ArchiveHomeResult {
  window: string;
  cutoff: string;
  archive: ArchiveEntry | null;
  finished: boolean;
}

/** Archives the home's trail lines older than the working window. */
export async function archiveHome(
  home: string,
  options: ArchiveHomeOptions = {},
): Promise<ArchiveHomeResult> {
  const paths = homePaths(home);
  const config = await loadRelayConfig(paths.relayConfig);
  const window = options.window ?? config.retention?.window ?? DEFAULT_WINDOW;
  const now = options.now ?? new Date();
  const cutoff = before(now, window);
  const result = await archiveTrail(trailDir(home), {
    cutoff,
    now: () => now,
    onStep: options.onStep,
    // The seals whose tip is in the archive, with their receipts, as the seal store holds them.
    sealLines: async (first, last) => {
      const lines: string[] = [];
      const ids: string[] = [];
      for (const stored of await readSeals(paths.seals)) {
        const tipSeq = stored.seal.event_count - 1;
        if (tipSeq < first || tipSeq > last) continue;
        ids.push(stored.id);
        lines.push(JSON.stringify({ type: "seal", id: stored.id, ...stored.seal }));
        for (const receipt of stored.receipts) lines.push(JSON.stringify({ type: "receipt", ...receipt }));
      }
      return { lines, ids };
    },
  });
  return { window, cutoff: cutoff.toISOString(), ...result };
}
