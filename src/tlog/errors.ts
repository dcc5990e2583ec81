import { type ErrorCode, TrailsealError } from "../errors/index.js";

/**
 * Every error this capability throws carries a TLOG_ code; the registry (src/errors/codes/tlog.ts)
 * is their one list, with each one's meaning and exit code (docs/tlog.md says more).
 */
export type TlogErrorCode = Extract<ErrorCode, `TLOG_${string}`>;

export function tlogError(
  code: TlogErrorCode,
  message: string,
  options: { hint?: string; cause?: unknown; details?: unknown } = {},
): TrailsealError {
  return new TrailsealError(code, message, options);
}
