/**
 * The audit trail on disk (docs/trail-format.md): append-only JSONL segments under `<home>/trail/`.
 * Invariants: appends are serialized across processes by a directory lock, written whole
 * (every byte, or the segment is cut back to its last whole line and the append fails) and
 * fsync'd before they are returned (acknowledged); a torn tail (a crash mid-write) is repaired
 * on the next append; reading and verifying stream, so memory stays flat as the trail grows.
 */
import { join } from "node:path";
import {
  chainEvent,
  type EventBody,
  RISK_FLAGS,
  RISK_LEVELS,
  serializeEvent,
  type TrailEvent,
} from "../chain/index.js";
import {
  appendAll,
  fileCalls,
  fsyncDir,
  type LockOptions,
  readTextIfExists,
  withDirLock,
  writeFileAtomic,
} from "../durable/index.js";
import { hasCode, TrailsealError } from "../errors/index.js";
import { homePaths } from "../home/index.js";
import { currentSegment, ensureDir, FIRST_SEGMENT, listSegments } from "./files.js";
import { readLines } from "./read-lines.js";
import { MAX_EVENT_LINE_BYTES, repairAndReadTail } from "./tail.js";
import type { TrailVerification } from "./verify.js";

export { type ArchiveEntry, type ArchiveManifest, readManifest } from "./archive-layout.js";
export { type ArchiveOptions, type ArchiveResult, type ArchiveStep, archiveTrail } from "./archive-write.js";
export { listSegmentNames } from "./files.js";
export { readArchivedLines, readLineBatches, readLines } from "./read-lines.js";
export { planSignature, planTrail, type TrailPlan } from "./sources.js";
export { MAX_EVENT_LINE_BYTES } from "./tail.js";
export { tipFromTail } from "./tail-tip.js";
export {
  type ParallelVerifyOptions,
  type TrailVerification,
  type VerifyOptions,
  verifyTrail,
  verifyTrailParallel,
  verifyTrailSequential,
} from "./verify.js";
export type { ArchiveCheck, ArchiveFinding, ArchiveProblem } from "./verify-archives.js";
export { type PrefixVerification, type VerifiedPrefix, verifyTrailAfter } from "./verify-prefix.js";

/** The trail directory of a home (the home layout is defined once, in `homePaths`). */
export function trailDir(home: string): string {
  return homePaths(home).trail;
}

export interface AppendOptions {
  now?: () => Date;
  /**
   * Epoch ms after which no more waiting for the trail lock (a live writer holding it). One
   * deadline shared by every append of a caller bounds its total wait: the agent hook, which
   * may append twice (the event, then the failure record), waits at most its documented 10 s.
   * Default: each append may wait the lock's own timeout (10 s).
   */
  lockDeadline?: number;
  /**
   * The policy version behind the appended decisions: when it differs from the last one this
   * trail recorded, a `policy_change` event lands first (docs/trail-format.md), decided under
   * the lock so two hooks never both record one change.
   */
  policy?: { digest: string; path: string };
  /**
   * Told, under the lock and before the first byte is written, where which bytes are about to
   * be appended: the hook's resident server journals it, so that a fallback after the server
   * was killed can tell whether this append happened (docs/decisions/hook-resident.md). A throw
   * here appends nothing.
   */
  beforeWrite?: (write: { segment: string; offset: number; bytes: Buffer }) => void | Promise<void>;
}

/** The last policy digest the trail recorded (derived state; see policyChangeBody). */
export const POLICY_STATE_FILE = ".policy-digest";

/** The event that says the rules changed from version `from` to `to`. */
export function policyChangeBody(from: string, to: string, path: string): EventBody {
  return {
    risk: { level: "none", flags: [] },
    agent: "trailseal",
    session: null,
    cwd: null,
    phase: "record",
    action: { kind: "policy_change", tool: "trailseal", path, from, to },
    decision: "logged",
    reasons: ["the effective policy changed"],
  };
}

function lockOptions(options: AppendOptions): LockOptions {
  if (options.lockDeadline === undefined) return {};
  return { timeoutMs: Math.max(0, options.lockDeadline - Date.now()) };
}

/** Appends events in order and returns them once they are durable. */
export async function appendEvents(
  dir: string,
  bodies: EventBody[],
  options: AppendOptions = {},
): Promise<TrailEvent[]> {
  if (bodies.length === 0) return [];
  const now = options.now ?? (() => new Date());
  await ensureDir(dir);
  return withDirLock(
    dir,
    async () => {
      const segments = await listSegments(dir);
      const segment = segments.at(-1) ?? join(dir, FIRST_SEGMENT);
      const isNew = segments.length === 0;
      let { nextSeq, tip } = await repairAndReadTail(dir, segment, now);
      const statePath = join(dir, POLICY_STATE_FILE);
      const policy = options.policy;
      const recorded = policy ? ((await readTextIfExists(statePath))?.trim() ?? null) : null;
      // The first version a trail sees is named by its decisions alone; each later change is an event.
      const changed = policy !== undefined && recorded !== policy.digest;
      const all =
        changed && recorded ? [policyChangeBody(recorded, policy.digest, policy.path), ...bodies] : bodies;
      const events: TrailEvent[] = [];
      const ts = now().toISOString();
      for (const body of all) {
        const event = chainEvent(body, nextSeq, tip, ts);
        events.push(event);
        nextSeq += 1;
        tip = event.hash;
      }
      const lines = events.map((event) => `${serializeEvent(event)}\n`);
      for (const [index, line] of lines.entries()) {
        const length = Buffer.byteLength(line, "utf8");
        if (length > MAX_EVENT_LINE_BYTES) {
          throw new TrailsealError(
            "TRAIL_EVENT_TOO_LARGE",
            `event ${index + 1} of the append is ${length} bytes, more than the ${MAX_EVENT_LINE_BYTES} a trail line may hold; nothing was appended`,
          );
        }
      }
      const bytes = Buffer.from(lines.join(""), "utf8");
      const handle = await fileCalls.open(segment, "a", 0o600);
      try {
        // Every byte out and synced, or the segment cut back to its last whole line and nothing
        // acknowledged (a full disk or `ulimit -f` makes write() return short).
        const offset = (await handle.stat()).size;
        await options.beforeWrite?.({ segment, offset, bytes });
        await appendAll(handle, bytes, offset);
      } finally {
        await handle.close();
      }
      if (isNew) await fsyncDir(dir);
      // After the append: a crash in between records the change again, never loses it.
      if (changed) await writeFileAtomic(statePath, `${policy.digest}\n`, { mode: 0o600 });
      return all === bodies ? events : events.slice(1);
    },
    lockOptions(options),
  );
}

/**
 * Throws TRAIL_NOT_FOUND (exit 2) when `dir` does not exist. For the audit commands: a mistyped
 * `--home` must not verify as an empty, intact trail (nor be created by the check).
 */
export async function assertTrailExists(dir: string): Promise<void> {
  try {
    if ((await fileCalls.stat(dir)).isDirectory()) return;
  } catch (error) {
    if (!hasCode(error, "ENOENT")) throw error;
  }
  throw new TrailsealError("TRAIL_NOT_FOUND", `there is no trail at ${dir}`, {
    hint: "check --home / TRAILSEAL_HOME; `trailseal init` creates a home",
  });
}

/** The verified chain as seal checks see it. */
export function chainView(result: TrailVerification): {
  count: number;
  tipAt(count: number): string | undefined;
} {
  return { count: result.eventCount, tipAt: (count) => result.tips.get(count) };
}

const LEVELS: ReadonlySet<unknown> = new Set(RISK_LEVELS);
const FLAGS: ReadonlySet<unknown> = new Set(RISK_FLAGS);

/**
 * Whether a parsed line has the fields the views read, with their types. A tampered line can
 * be any JSON (`null`, `{}`, `"risk":{}`): without this a view would crash on it instead of
 * showing the rest. Cheap on purpose (no zod): it runs once per event on every view.
 */
function isEventShaped(value: unknown): value is TrailEvent {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const event = value as Record<string, unknown>;
  const risk = event.risk as { level?: unknown; flags?: unknown } | null;
  const action = event.action as { kind?: unknown } | null;
  return (
    Number.isSafeInteger(event.seq) &&
    typeof event.ts === "string" &&
    typeof event.hash === "string" &&
    typeof event.agent === "string" &&
    typeof event.decision === "string" &&
    typeof risk === "object" &&
    risk !== null &&
    LEVELS.has(risk.level) &&
    Array.isArray(risk.flags) &&
    risk.flags.every((flag) => FLAGS.has(flag)) &&
    typeof action === "object" &&
    action !== null &&
    typeof action.kind === "string"
  );
}

/**
 * Parsed events in order, for views (log, summary, stats, report, dashboard). Lines that do
 * not parse, or parse to something that is not an event, are skipped here: views are not the
 * integrity check, `verifyTrail` is (and names the first such line).
 */
export async function* readEvents(dir: string): AsyncGenerator<TrailEvent> {
  for await (const line of readLines(dir)) {
    if (line.length === 0) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      continue; // reported by verifyTrail
    }
    if (isEventShaped(parsed)) yield parsed;
  }
}

/**
 * Repairs a torn tail (see tail.ts) under the lock, so that readers see only whole events.
 * A corrupt (not torn) last event is left for `verifyTrail` to report.
 */
export async function repairTrail(dir: string): Promise<void> {
  try {
    await readTip(dir);
  } catch (error) {
    if (!(error instanceof TrailsealError && error.code === "TRAIL_CORRUPT")) throw error;
  }
}

/** Tip and count of the trail as written (not verified): what a seal covers. Takes the lock. */
export async function readTip(
  dir: string,
  options: AppendOptions = {},
): Promise<{ tip: string; count: number }> {
  await ensureDir(dir);
  return withDirLock(dir, async () => {
    const { nextSeq, tip } = await repairAndReadTail(
      dir,
      await currentSegment(dir),
      options.now ?? (() => new Date()),
    );
    return { tip, count: nextSeq };
  });
}
