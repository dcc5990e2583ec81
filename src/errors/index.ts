/**
 * Typed errors. Library code throws a TrailsealError with a stable `code` from the
 * registry in codes.ts (prefixed by capability, e.g. SEAL_TIP_MISMATCH) and never
 * prints or exits; the CLI's single catch turns it into `trailseal: error: …` /
 * `trailseal: hint: …` and the exit code (docs/cli.md has the tables).
 */

import type { ErrorCode, ExitCode } from "./codes.js";

export { ERROR_CODES, type ErrorCode, type ErrorCodeEntry, type ExitCode, isErrorCode } from "./codes.js";

export interface ErrorOptions {
  hint?: string;
  cause?: unknown;
  details?: unknown;
  exitCode?: ExitCode;
}

export class TrailsealError extends Error {
  readonly code: ErrorCode;
  readonly hint: string | undefined;
  readonly details: unknown;
  readonly exitCode: ExitCode;

  constructor(code: ErrorCode, message: string, options: ErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "TrailsealError";
    this.code = code;
    this.hint = options.hint;
    this.details = options.details;
    this.exitCode = options.exitCode ?? 1;
  }
}

/** A configuration or usage problem: exit code 2. */
export function configError(code: ErrorCode, message: string, options: Omit<ErrorOptions, "exitCode"> = {}) {
  return new TrailsealError(code, message, { ...options, exitCode: 2 });
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
