/** The shape of one entry of the error code registry (codes.ts). */

/** 0 ok, 1 failure (including a failed verification), 2 usage or configuration, 3 quorum not met. */
export type ExitCode = 0 | 1 | 2 | 3;

export interface ErrorCodeEntry {
  /** The src/<capability> that throws it. */
  readonly capability: string;
  /**
   * The exit code the CLI ends with when this error reaches it, whoever threw it: a throw site
   * never chooses one (a condition that must end otherwise is another condition, another code).
   */
  readonly exit: ExitCode;
  readonly meaning: string;
}
