import { type ErrorCode, exitCodeOf, hasCode, TrailsealError } from "../../errors/index.js";
import { homePaths, loadSealKey, type SealKey } from "../../home/index.js";
import { type ChainView, checkSealAgainstChain, readSeals, type StoredSeal } from "../../seal/index.js";
import { assertTrailExists, chainView, trailDir, verifyTrail } from "../../trail/index.js";
import { type CliIO, counted, printJson, println } from "../io.js";
import { progress } from "../progress.js";
import { askWitnesses, cutCheckJson, cutError, printCutCheck } from "./witness-reach.js";

export interface VerifyOptions {
  home: string;
  json?: boolean;
  /** Witnesses to ask for cuts instead of relay-config.json's (repeatable). */
  witnessUrl?: string[];
  /** Per witness, for the cut check (e.g. 10s). */
  witnessTimeout?: string;
}

interface SealFailure {
  id: string;
  code: ErrorCode;
  message: string;
}

/** The key, when one is available; a missing or unusable key only skips the HMAC check. */
async function optionalKey(home: string, env: NodeJS.ProcessEnv): Promise<SealKey | null> {
  try {
    return await loadSealKey(home, env);
  } catch {
    return null;
  }
}

/**
 * Every stored seal against the verified chain (docs/seal-format.md): a seal whose tip is not the hash at
 * `event_count - 1` means the trail was rewritten; one that covers more events than verify
 * means it was cut. Signatures are checked for seals made with the available key.
 */
function checkSeals(seals: StoredSeal[], chain: ChainView, key: SealKey | null) {
  const failures: SealFailure[] = [];
  let signaturesChecked = 0;
  for (const stored of seals) {
    const withKey = key !== null && stored.seal.key_id === key.keyId ? key.key : undefined;
    if (withKey) signaturesChecked += 1;
    const check = checkSealAgainstChain(stored.seal, chain, withKey);
    if (!check.ok) failures.push({ id: stored.id, code: check.code, message: check.message });
  }
  return { failures, signaturesChecked };
}

/**
 * Three outcomes, never confused: `ok` (exit 0), `tampered` (the chain or a seal does not hold,
 * exit 1) and `unchecked` (the trail could not be read, exit 2: nothing is known about it).
 * Verification only reads: it takes no lock, so it works on a read-only trail and beside a live
 * writer, and it leaves a torn tail (never acknowledged) where it is. `--json` always prints.
 */
export async function runVerify(options: VerifyOptions, io: CliIO): Promise<number> {
  let outcome: number | TrailsealError;
  try {
    outcome = await verifyHome(options, io);
  } catch (error) {
    if (!options.json) throw unchecked(error);
    const wrapped = unchecked(error);
    // The object for programs on stdout; the error (exit 2) through the CLI's one catch for people.
    printJson(io, {
      ok: false,
      outcome: exitCodeOf(wrapped) === 1 ? "tampered" : "unchecked",
      error: { code: wrapped.code, message: wrapped.message },
    });
    throw wrapped;
  }
  // A failed verification (tampered, exit 1) is not a failure to read: thrown past the catch above.
  if (outcome instanceof TrailsealError) throw outcome;
  return outcome;
}

/**
 * Any failure to read is "could not check" (exit 2), whatever raised it: an error whose code
 * already ends the CLI with 2 stands; any other becomes TRAIL_UNREADABLE naming it (its exit, 1,
 * would read as "tampered").
 */
function unchecked(error: unknown): TrailsealError {
  if (error instanceof TrailsealError && exitCodeOf(error) === 2) return error;
  // A manifest that does not parse was tampered with (or damaged): a finding, not a read failure.
  if (hasCode(error, "TRAIL_ARCHIVE_MANIFEST_INVALID")) return error as TrailsealError;
  const named = error instanceof TrailsealError ? ` (${error.code})` : "";
  return new TrailsealError(
    "TRAIL_UNREADABLE",
    `could not read the trail: ${String((error as Error)?.message ?? error)}${named}`,
    {
      cause: error,
      hint: "nothing was verified; check the permissions and the disk, then run verify again",
    },
  );
}

/** The exit code, or the problem the verification ends with (printed as findings first). */
async function verifyHome(options: VerifyOptions, io: CliIO): Promise<number | TrailsealError> {
  const dir = trailDir(options.home);
  await assertTrailExists(dir);
  const seals = await readSeals(homePaths(options.home).seals);
  // Asked first, so the chain keeps the hashes at the witnessed counts while it is read.
  const asked = await askWitnesses({
    home: options.home,
    env: io.env,
    seals,
    witnessUrl: options.witnessUrl,
    timeout: options.witnessTimeout,
  });
  const { countsToCheck, judgeReach } = await import("../../witness/index.js");
  // Events verified so far, on a terminal: a long trail takes a while to read.
  const shown = progress(io, "verify");
  shown.update("reading the trail");
  const result = await verifyTrail(dir, {
    tipsAt: [
      ...seals.map((stored) => stored.seal.event_count),
      ...(asked.asked ? countsToCheck(asked.answers) : []),
    ],
    onProgress: (n) => shown.update(`${n.toLocaleString("en-US")} events`),
  }).finally(() => shown.done());
  const key = seals.length > 0 ? await optionalKey(options.home, io.env) : null;
  const sealCheck = checkSeals(seals, chainView(result), key);
  const cuts = asked.asked ? judgeReach(asked.keyId, asked.answers, chainView(result)) : null;
  const archiveProblems = result.archive.problems;
  const ok = result.ok && archiveProblems.length === 0 && sealCheck.failures.length === 0 && !cuts?.cut;
  if (options.json) {
    printJson(io, {
      ok,
      outcome: ok ? "ok" : "tampered",
      ...(result.tornBytes > 0 ? { torn_bytes: result.tornBytes } : {}),
      chain_tip: result.chainTip,
      event_count: result.eventCount,
      ...(result.broken
        ? {
            broken: {
              seq: result.broken.seq,
              line: result.broken.line,
              reason: result.broken.reason,
              message: result.broken.message,
            },
          }
        : {}),
      ...(result.archive.archives.length > 0 || archiveProblems.length > 0
        ? { archives: result.archive.archives, archive_problems: archiveProblems }
        : {}),
      seals: {
        checked: seals.length,
        signatures_checked: sealCheck.signaturesChecked,
        failures: sealCheck.failures,
      },
      witnesses: cutCheckJson(asked, cuts),
      ...(archiveProblems[0]
        ? { error: { code: archiveProblems[0].code } }
        : cuts?.cut
          ? { error: { code: "WITNESS_CUT_DETECTED" } }
          : {}),
    });
    return ok ? 0 : 1;
  }
  // Findings are printed as findings; the first problem ends the command through the CLI's catch.
  const problems: TrailsealError[] = [];
  if (result.ok) {
    println(io, `trail ok: ${result.eventCount} events, chain tip ${result.chainTip}`);
    if (result.tornBytes > 0)
      println(
        io,
        `(${result.tornBytes} bytes after the last event were not read: an append cut short or in progress, never acknowledged)`,
      );
  } else {
    const broken = result.broken!;
    io.stderr.write(`trail broken at seq ${broken.seq} (${broken.reason}): ${broken.message}\n`);
    const trusted = broken.seq === 0 ? "no event verifies" : `events 0..${broken.seq - 1} verify`;
    problems.push(
      new TrailsealError("TRAIL_CHAIN_BROKEN", `trail broken at seq ${broken.seq} (${broken.reason})`, {
        hint: `${trusted}; the trail from seq ${broken.seq} on cannot be trusted`,
      }),
    );
  }
  // An archive missing or altered is named first: it says where the records went.
  for (const problem of archiveProblems) io.stderr.write(`${problem.message} (${problem.code})\n`);
  if (archiveProblems[0])
    problems.unshift(
      new TrailsealError(archiveProblems[0].code, archiveProblems[0].message, {
        hint: "trailseal deletes no archive; the live trail's first event and the seals still name what was archived",
      }),
    );
  else if (result.archive.archives.length > 0) {
    const archives = result.archive.archives;
    const last = archives.at(-1)!;
    println(
      io,
      `archives ok: ${archives.length} archive(s), events 0..${last.first_seq + last.count - 1}, records since ${archives[0]!.first_ts}`,
    );
  }
  for (const failure of sealCheck.failures) {
    io.stderr.write(`seal ${failure.id} does not hold (${failure.code}): ${failure.message}\n`);
  }
  if (seals.length > 0 && sealCheck.failures.length === 0) {
    const unsigned = seals.length - sealCheck.signaturesChecked;
    println(
      io,
      `seals ok: ${counted(seals.length, "seal")} ${seals.length === 1 ? "matches" : "match"} the chain` +
        (unsigned > 0 ? ` (${counted(unsigned, "signature")} not checked: their key is not available)` : ""),
    );
  } else if (sealCheck.failures.length > 0) {
    const first = sealCheck.failures[0]!;
    problems.push(
      new TrailsealError(first.code, `${sealCheck.failures.length} seal(s) do not hold, first ${first.id}`, {
        hint: "a seal that no longer matches means events it covered were changed or removed after sealing",
      }),
    );
  }
  await printCutCheck(io, asked, cuts);
  const cut = await cutError(cuts);
  if (cut) problems.push(cut);
  const [first, ...more] = problems;
  if (!first) return 0;
  if (more.length === 0) return first;
  return new TrailsealError(first.code, `${first.message}; also ${more.map((p) => p.message).join("; ")}`, {
    hint: first.hint,
  });
}
