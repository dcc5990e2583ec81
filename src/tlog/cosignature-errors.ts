import { TrailsealError } from "../errors/index.js";

/**
 * Codes of the C2SP cosignature and policy formats (docs/witnessing.md lists what each means).
 * Kept apart from errors.ts so the cosignature files stay independent of the log's own codes.
 */
export type CosignErrorCode =
  | "TLOG_COSIGNER_KEY_INVALID"
  | "TLOG_COSIGNATURE_MALFORMED"
  | "TLOG_COSIGNATURE_INVALID"
  | "TLOG_POLICY_MALFORMED"
  | "TLOG_PROOF_MALFORMED";

export function cosignError(
  code: CosignErrorCode,
  message: string,
  options: { hint?: string; cause?: unknown; details?: unknown; exitCode?: 1 | 2 } = {},
): TrailsealError {
  return new TrailsealError(code, message, options);
}
