/**
 * The one way the command line reports an error: `trailseal: error: … (CODE)`, then
 * `trailseal: hint: …`, on stderr, and the exit code (docs/cli.md). Its own module so that the
 * fast paths (./fast-path.ts) report exactly as the full command line does without loading it.
 */
import { exitCodeOf, isTrailsealError } from "../errors/index.js";
import { escapeControl } from "../terminal/index.js";
import type { CliIO } from "./io.js";

/** Prints an error the one way (`trailseal: error: …`, `trailseal: hint: …`) and returns its exit code. */
export function reportError(io: Pick<CliIO, "stderr" | "env">, error: unknown): number {
  if (isTrailsealError(error)) {
    // Messages quote what the user or a file gave (a seal name, a path): an escape in it must
    // not move the cursor or forge a line.
    io.stderr.write(`trailseal: error: ${escapeControl(error.message)} (${error.code})\n`);
    if (error.hint) io.stderr.write(`trailseal: hint: ${escapeControl(error.hint)}\n`);
    if (io.env.TRAILSEAL_DEBUG && error.cause)
      io.stderr.write(`${String((error.cause as Error).stack ?? error.cause)}\n`);
    return exitCodeOf(error);
  }
  const err = error as Error;
  io.stderr.write(`trailseal: error: internal: ${escapeControl(err?.message ?? String(error))}\n`);
  io.stderr.write("trailseal: hint: this is a bug; set TRAILSEAL_DEBUG=1 for the stack and report it\n");
  if (io.env.TRAILSEAL_DEBUG) io.stderr.write(`${err?.stack}\n`);
  return 1;
}
