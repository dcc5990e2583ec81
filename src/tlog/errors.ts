import { TrailsealError } from "../errors/index.js";

/** Every error this capability throws carries one of these codes (docs/tlog.md lists what each means). */
export type TlogErrorCode =
  | "TLOG_KEY_INVALID"
  | "TLOG_NOTE_MALFORMED"
  | "TLOG_NOTE_UNVERIFIED"
  | "TLOG_NOTE_SIGNATURE_INVALID"
  | "TLOG_CHECKPOINT_MALFORMED"
  | "TLOG_ORIGIN_MISMATCH"
  | "TLOG_INCLUSION_INVALID"
  | "TLOG_CONSISTENCY_INVALID"
  | "TLOG_INDEX_OUT_OF_RANGE"
  | "TLOG_TILE_MISSING"
  | "TLOG_TILE_MALFORMED"
  | "TLOG_TILE_MISMATCH"
  | "TLOG_BUNDLE_MALFORMED"
  | "TLOG_ENTRY_TOO_LARGE"
  | "TLOG_STATE_MISMATCH"
  | "TLOG_ROLLBACK"
  | "TLOG_FORK_DETECTED"
  | "TLOG_KEY_CHANGED"
  | "TLOG_PIN_CORRUPT"
  | "TLOG_FETCH_FAILED"
  | "TLOG_ENTRY_MISMATCH"
  | "TLOG_INDEX_UNKNOWN"
  | "TLOG_RECEIPT_NOT_FOUND";

export function tlogError(
  code: TlogErrorCode,
  message: string,
  options: { hint?: string; cause?: unknown; details?: unknown } = {},
): TrailsealError {
  return new TrailsealError(code, message, options);
}
