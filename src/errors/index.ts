/**
 * Typed errors. Library code throws a TrailsealError with a stable `code`
 * (prefixed by capability, e.g. CHAIN_LINK_BROKEN) and never prints or exits;
 * the CLI's single catch turns it into `trailseal: error: …` / `trailseal: hint: …`
 * and the exit code below (docs/cli.md has the table).
 */

/** 0 ok, 1 failure (including a failed verification), 2 usage or configuration, 3 quorum not met. */
export type ExitCode = 0 | 1 | 2 | 3;

export interface ErrorOptions {
  hint?: string;
  cause?: unknown;
  details?: unknown;
  exitCode?: ExitCode;
}

export class TrailsealError extends Error {
  readonly code: string;
  readonly hint: string | undefined;
  readonly details: unknown;
  readonly exitCode: ExitCode;

  constructor(code: string, message: string, options: ErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "TrailsealError";
    this.code = code;
    this.hint = options.hint;
    this.details = options.details;
    this.exitCode = options.exitCode ?? 1;
  }
}

/** A configuration or usage problem: exit code 2. */
export function configError(code: string, message: string, options: Omit<ErrorOptions, "exitCode"> = {}) {
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
