/**
 * Trust first: the reading commands (summary, log, stats, export) check the record before they
 * show it (src/integrity). A home without a trail is TRAIL_NOT_FOUND (exit 2), never an empty
 * day; a broken record is said first, on stderr as a coded error, before anything is shown.
 */
import { checkIntegrity, type IntegrityVerdict, integrityError } from "../integrity/index.js";
import type { CliIO } from "./io.js";
import { reportError } from "./report-error.js";

/**
 * Checks the home's record. When it is broken, prints the error (and any further problems) on
 * stderr and returns its exit code (1); returns 0 when it holds. Throws TRAIL_NOT_FOUND.
 */
export async function sayIfUntrusted(
  home: string,
  io: CliIO,
): Promise<{ exit: number; verdict: IntegrityVerdict }> {
  const verdict = await checkIntegrity(home, { env: io.env });
  const error = integrityError(verdict);
  if (error === null) return { exit: 0, verdict };
  const exit = reportError(io, error);
  for (const problem of verdict.problems.slice(1)) {
    io.stderr.write(`trailseal: error: ${problem.message} (${problem.code})\n`);
  }
  return { exit, verdict };
}

/** Checks the home's record and throws its first problem: for commands that must not go on (export). */
export async function assertTrusted(home: string, io: CliIO): Promise<void> {
  const verdict = await checkIntegrity(home, { env: io.env });
  const more = verdict.problems.length - 1;
  const error = integrityError(
    verdict,
    `${more > 0 ? `${more} more problem${more === 1 ? "" : "s"}; ` : ""}run \`trailseal verify\` for every problem; nothing was done`,
  );
  if (error !== null) throw error;
}
