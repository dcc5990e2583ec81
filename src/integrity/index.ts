/**
 * Trust before showing: every command that reads the trail (summary, log, stats, export, the
 * report) first checks that the record holds — the hash chain, and every stored seal against it
 * (a seal beyond the trail's end is a cut, one whose tip is not on the chain a rewrite) — and
 * says so first when it does not. Checking stays cheap on a long trail: the verified-prefix
 * checkpoint (./checkpoint.ts) lets a call verify only the events appended since the last one,
 * after one plain SHA-256 pass proves the earlier bytes unchanged (src/trail, verifyTrailAfter;
 * docs/decisions/verified-prefix.md).
 *
 * Invariants: a home without a trail is TRAIL_NOT_FOUND, never an empty record; the verdict is
 * the one `trailseal verify` gives for the chain and the seals; nothing here writes to the trail.
 */
import { createHash } from "node:crypto";
import type { ChainBreak } from "../chain/index.js";
import { canonicalJson } from "../encoding/index.js";
import { type ErrorCode, TrailsealError } from "../errors/index.js";
import { homePaths, loadSealKey, type SealKey } from "../home/index.js";
import { checkSealAgainstChain, readSeals, type StoredSeal } from "../seal/index.js";
import { assertTrailExists, trailDir, verifyTrailAfter } from "../trail/index.js";
import { type Checkpoint, readCheckpoint, writeCheckpoint } from "./checkpoint.js";

export interface IntegrityProblem {
  code: ErrorCode;
  message: string;
}

export interface IntegrityVerdict {
  ok: boolean;
  eventCount: number;
  chainTip: string;
  broken: ChainBreak | null;
  /** Seals that do not match the chain, with the code saying how. */
  sealFailures: { id: string; code: ErrorCode; message: string }[];
  sealsChecked: number;
  /** Events verified by this call (the rest were covered by the checkpoint). */
  verifiedNow: number;
  /** Whether the checkpoint held and only what followed it was verified. */
  incremental: boolean;
  /** What is wrong, most important first (empty when ok). */
  problems: IntegrityProblem[];
  /** The verified chain's hash after `count` events, for the counts asked for (`counts`) and every matched seal's. */
  tipAt(count: number): string | undefined;
}

export interface IntegrityOptions {
  env?: NodeJS.ProcessEnv;
  /** Further event counts whose tip the caller needs (a witness's newest seal). */
  counts?: readonly number[];
}

async function optionalKey(home: string, env: NodeJS.ProcessEnv): Promise<SealKey | null> {
  try {
    return await loadSealKey(home, env);
  } catch {
    return null; // without the key: seals are checked against the chain, their HMACs are not
  }
}

/** What a stored seal says, as one string: a seal record edited since it matched is checked again. */
function fingerprint(stored: StoredSeal): string {
  return createHash("sha256").update(canonicalJson(stored.seal)).digest("hex");
}

/**
 * Checks the trail of `home` and its stored seals. Throws TRAIL_NOT_FOUND (exit 2) when the home
 * has no trail, and the seal store's own errors when it cannot be read; a broken record is a
 * verdict (`ok: false`), not an exception.
 */
export async function checkIntegrity(
  home: string,
  options: IntegrityOptions = {},
): Promise<IntegrityVerdict> {
  const env = options.env ?? process.env;
  const paths = homePaths(home);
  const dir = trailDir(home);
  await assertTrailExists(dir);
  const seals = await readSeals(paths.seals);
  const key = await optionalKey(home, env);
  const checkpoint: Checkpoint | null = key ? await readCheckpoint(paths.verifiedPrefix, key) : null;
  const prefixCount = checkpoint?.prefix.count ?? 0;
  // Seals that matched the unchanged prefix before need no tip; any other seal does.
  const known = (stored: StoredSeal) =>
    checkpoint?.seals[stored.id] === fingerprint(stored) && stored.seal.event_count <= prefixCount;
  // A count asked for that a matched seal already answers (a witness's newest seal is usually
  // one of the home's own) needs no tip from the trail, so it keeps the check incremental.
  const knownTips = new Map<number, string>();
  for (const stored of seals)
    if (known(stored)) knownTips.set(stored.seal.event_count, stored.seal.chain_tip);
  const counts = options.counts ?? [];
  const tipsAt = [
    ...seals.filter((stored) => !known(stored)).map((stored) => stored.seal.event_count),
    ...counts.filter((count) => !knownTips.has(count)),
  ];
  const result = await verifyTrailAfter(dir, checkpoint?.prefix ?? null, {
    tipsAt,
    fullTipsAt: [...seals.map((stored) => stored.seal.event_count), ...counts],
  });
  const reused = result.reused;

  const sealFailures: IntegrityVerdict["sealFailures"] = [];
  const matched: Record<string, string> = {};
  const chain = { count: result.eventCount, tipAt: (count: number) => result.tips.get(count) };
  for (const stored of seals) {
    if (reused && known(stored)) {
      matched[stored.id] = fingerprint(stored);
      continue;
    }
    const withKey = key !== null && stored.seal.key_id === key.keyId ? key.key : undefined;
    const check = checkSealAgainstChain(stored.seal, chain, withKey);
    if (check.ok) matched[stored.id] = fingerprint(stored);
    else sealFailures.push({ id: stored.id, code: check.code as ErrorCode, message: check.message });
  }

  const problems: IntegrityProblem[] = [];
  for (const problem of result.archive.problems)
    problems.push({ code: problem.code, message: `the record is broken: ${problem.message}` });
  if (result.broken) {
    const { seq, reason, message } = result.broken;
    const trusted = seq === 0 ? "no event verifies" : `events 0..${seq - 1} verify`;
    problems.push({
      code: "TRAIL_CHAIN_BROKEN",
      message: `the record is broken: the chain breaks at seq ${seq} (${reason}: ${message}); ${trusted}, nothing from seq ${seq} on can be trusted`,
    });
  }
  for (const failure of sealFailures) {
    problems.push({ code: failure.code, message: `the record is broken: ${failure.id}: ${failure.message}` });
  }
  const ok = problems.length === 0;
  if (ok && key && result.prefix) {
    await writeCheckpoint(paths.verifiedPrefix, key, { prefix: result.prefix, seals: matched });
  }
  return {
    ok,
    eventCount: result.eventCount,
    chainTip: result.chainTip,
    broken: result.broken,
    sealFailures,
    sealsChecked: seals.length,
    verifiedNow: result.verified,
    incremental: reused,
    problems,
    tipAt: (count) =>
      count <= result.eventCount
        ? (result.tips.get(count) ?? (reused ? knownTips.get(count) : undefined))
        : undefined,
  };
}

/**
 * The verdict's first problem as an error (its code, exit 1, a hint pointing at `verify`), or
 * null when the record holds. For the CLI's reading commands, which print it before anything else.
 */
export function integrityError(
  verdict: IntegrityVerdict,
  hint = "run `trailseal verify` for every problem; what is shown below is the record as it now stands and cannot be trusted",
): TrailsealError | null {
  const first = verdict.problems[0];
  if (!first) return null;
  return new TrailsealError(first.code, first.message, { hint });
}
