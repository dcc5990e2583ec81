/**
 * The witness error codes and the HTTP status each maps to (docs/protocol.md). Servers answer
 * `{"error": {"code", "message", "details"?}}` with this status; clients decide retries from it.
 */
export const ERROR_STATUS = {
  WITNESS_INVALID_JSON: 400,
  WITNESS_INVALID_REQUEST: 400,
  WITNESS_WRONG_PROTOCOL: 400,
  WITNESS_INVALID_ANCHOR_ID: 400,
  WITNESS_UNAUTHORIZED: 401,
  WITNESS_ANCHOR_NOT_FOUND: 404,
  WITNESS_ROUTE_NOT_FOUND: 404,
  WITNESS_METHOD_NOT_ALLOWED: 405,
  WITNESS_PAYLOAD_TOO_LARGE: 413,
  WITNESS_UNSUPPORTED_MEDIA_TYPE: 415,
  WITNESS_RATE_LIMITED: 429,
  WITNESS_INTERNAL: 500,
  WITNESS_STORAGE_UNAVAILABLE: 503,
} as const;

export type WitnessErrorCode = keyof typeof ERROR_STATUS;

export function statusForError(code: WitnessErrorCode): number {
  return ERROR_STATUS[code];
}

/** Statuses after which a client may try again (the request may succeed later unchanged). */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
