/**
 * Trust first: the reading commands (summary, log, stats, export) check the record before they
 * show it (src/integrity): the chain, the stored seals, and — when witnesses are configured —
 * whether the trail still reaches the newest seal each witness holds (a cut). A home without a
 * trail is TRAIL_NOT_FOUND (exit 2), never an empty day; a broken or cut record is said first,
 * on stderr as a coded error, before anything is shown.
 */
import { TrailsealError } from "../errors/index.js";
import {
  checkIntegrity,
  type IntegrityProblem,
  type IntegrityVerdict,
  integrityError,
} from "../integrity/index.js";
import { escapeControl } from "../terminal/index.js";
import { assertTrailExists, trailDir } from "../trail/index.js";
import { askWitnesses } from "./commands/witness-reach.js";
import { type CliIO, counted } from "./io.js";
import { reportError } from "./report-error.js";

/** How long a reading command waits for each witness (they are asked in parallel). */
const WITNESS_TIMEOUT = "5s";

/**
 * The local verdict, with the witnesses' answers judged against it. A witness that cannot answer
 * is said as a warning (the record was not checked for cuts against it), never as fine; a relay
 * configuration that cannot be read leaves the witnesses unasked (the check says so).
 */
async function check(home: string, io: CliIO): Promise<IntegrityVerdict> {
  await assertTrailExists(trailDir(home));
  const asked = await askWitnesses({ home, env: io.env, seals: [], timeout: WITNESS_TIMEOUT }).catch(
    (error: unknown) => ({ asked: false as const, reason: String((error as Error)?.message ?? error) }),
  );
  if (!asked.asked) return escaped(await checkIntegrity(home, { env: io.env }));
  const { countsToCheck, describeCut, judgeReach } = await import("../witness/index.js");
  const verdict = await checkIntegrity(home, { env: io.env, counts: countsToCheck(asked.answers) });
  const cuts = judgeReach(asked.keyId, asked.answers, { count: verdict.eventCount, tipAt: verdict.tipAt });
  const problems: IntegrityProblem[] = [];
  for (const reach of cuts.witnesses) {
    if (reach.status === "cut" || reach.status === "rewritten") {
      problems.push({ code: "WITNESS_CUT_DETECTED", message: `the record was cut: ${describeCut(reach)}` });
    } else if (reach.status === "cannot-answer") {
      io.stderr.write(
        `trailseal: warning: witness ${reach.name} cannot answer (${reach.error?.code}); the record was not checked for cuts against it\n`,
      );
    }
  }
  if (problems.length === 0) return escaped(verdict);
  return escaped({ ...verdict, ok: false, problems: [...problems, ...verdict.problems] });
}

/** Problems name seals and witnesses from files anyone with the home can edit: never raw on a terminal. */
function escaped(verdict: IntegrityVerdict): IntegrityVerdict {
  const problems = verdict.problems.map((problem) => ({
    ...problem,
    message: escapeControl(problem.message),
  }));
  return { ...verdict, problems };
}

/**
 * Checks the home's record. When it is broken or cut, prints the error (and any further problems)
 * on stderr and returns its exit code (1); returns 0 when it holds. Throws TRAIL_NOT_FOUND.
 */
export async function sayIfUntrusted(
  home: string,
  io: CliIO,
): Promise<{ exit: number; verdict: IntegrityVerdict }> {
  const verdict = await check(home, io);
  const error = integrityError(verdict);
  if (error === null) return { exit: 0, verdict };
  const exit = reportError(io, error);
  for (const problem of verdict.problems.slice(1))
    reportError(io, new TrailsealError(problem.code, problem.message));
  return { exit, verdict };
}

/** Checks the home's record and throws its first problem: for commands that must not go on (export). */
export async function assertTrusted(home: string, io: CliIO): Promise<void> {
  const verdict = await check(home, io);
  const more = verdict.problems.length - 1;
  const error = integrityError(
    verdict,
    `${more > 0 ? `${counted(more, "more problem")}; ` : ""}run \`trailseal verify\` for every problem; nothing was done`,
  );
  if (error !== null) throw error;
}
