import { type Command, InvalidArgumentError } from "commander";
import { resolveHome } from "../home/index.js";
import type { CliIO } from "./io.js";

/** What route files get: a way to run a command body, and the resolved home. */
export interface Router {
  /** Runs a command body; its return value becomes the exit code, a thrown error goes to the one catch. */
  run(body: (io: CliIO) => Promise<number>): Promise<void>;
  /** `--home`, else TRAILSEAL_HOME, else ~/.trailseal. */
  home(command: Command): string;
}

export function createRouter(io: CliIO, onError: (error: unknown) => number): Router {
  return {
    async run(body) {
      try {
        process.exitCode = await body(io);
      } catch (error) {
        process.exitCode = onError(error);
      }
    },
    home(command) {
      return resolveHome(command.optsWithGlobals().home as string | undefined, io.env);
    },
  };
}

/**
 * Commander's option parser for non-negative decimal integers. It throws commander's
 * InvalidArgumentError, which commander reports as a usage error (exit 2); any other error
 * would escape to the one catch as an internal bug.
 */
export function parseIntOption(value: string): number {
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw new InvalidArgumentError(`"${value}" is not a non-negative integer`);
  return n;
}

/** Help text of the commands that read the trail (src/cli/trust-first.ts). */
export const TRUST_FIRST =
  "\nThe record is checked first (chain, seals, configured witnesses): when it is broken or cut, the\n" +
  "problem is said first on stderr with its code and the exit status is 1; no trail at the home is\n" +
  "TRAIL_NOT_FOUND (exit 2).";
