/**
 * Typed errors. Library code throws a TrailsealError with a stable `code` from the
 * registry in codes.ts (prefixed by capability, e.g. SEAL_TIP_MISMATCH) and never
 * prints or exits; the CLI's single catch turns it into `trailseal: error: …` /
 * `trailseal: hint: …` and the exit code its registry entry names (docs/cli.md has the
 * tables). A throw site never chooses an exit code: a condition that must end otherwise is
 * another condition, with its own code.
 */

import { ERROR_CODES, type ErrorCode, type ExitCode } from "./codes.js";

export { ERROR_CODES, type ErrorCode, type ErrorCodeEntry, type ExitCode, isErrorCode } from "./codes.js";

export interface ErrorOptions {
  hint?: string;
  cause?: unknown;
  details?: unknown;
}

export class TrailsealError extends Error {
  readonly code: ErrorCode;
  readonly hint: string | undefined;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, options: ErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "TrailsealError";
    this.code = code;
    this.hint = options.hint;
    this.details = options.details;
  }
}

/**
 * A configuration or usage problem. The same as `new TrailsealError`, named for the reader:
 * its code is registered with exit 2 (test/errors/codes.test.ts checks every such call).
 */
export function configError(code: ErrorCode, message: string, options: ErrorOptions = {}) {
  return new TrailsealError(code, message, options);
}

/**
 * The exit code an error ends the CLI with: its code's registry entry, never the thrower's; 1 for
 * anything else. A function rather than a property of TrailsealError, so that only code that ends
 * a process with an error (the CLI's catch, `record`'s report) reads the registry: a bundle that
 * never calls it (the agent hook's, docs/decisions/hook-call-speed.md) leaves the registry out.
 */
export function exitCodeOf(error: unknown): ExitCode {
  return isTrailsealError(error) ? ERROR_CODES[error.code].exit : 1;
}

/**
 * Whether `error` carries `code`: a registered code of a TrailsealError, or the `code` of a
 * Node.js or library error (`ENOENT`, isomorphic-git's `NotFoundError`).
 */
export function hasCode(error: unknown, code: ErrorCode | (string & {})): boolean {
  return codeOf(error) === code;
}

/** The string `code` an error carries, if any. */
export function codeOf(error: unknown): string | undefined {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" ? code : undefined;
}

export function isTrailsealError(value: unknown): value is TrailsealError {
  return value instanceof TrailsealError;
}

/** Formats a zod issue list as "path: message; path: message" for error text. */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map(
      (issue) => `${issue.path.length > 0 ? issue.path.map(String).join(".") : "(root)"}: ${issue.message}`,
    )
    .join("; ");
}
