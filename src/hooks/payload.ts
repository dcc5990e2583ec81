/**
 * Validation of hook payloads on the hot path. These are checked by hand rather than with
 * zod: the hook runs on every tool call and zod's start-up cost would be paid each time
 * (docs/performance.md). The checks mirror the zod schema in src/action (types, sizes).
 */
import { TrailsealError } from "../errors/index.js";

export const MAX_PAYLOAD_BYTES = 1 << 20;

export type Json = Record<string, unknown>;

function invalid(message: string): TrailsealError {
  return new TrailsealError("HOOK_PAYLOAD_INVALID", message, { exitCode: 2 });
}

/** Parses one JSON object from stdin text. Throws HOOK_PAYLOAD_INVALID. */
export function parsePayload(text: string): Json {
  if (Buffer.byteLength(text, "utf8") > MAX_PAYLOAD_BYTES)
    throw invalid(`payload larger than ${MAX_PAYLOAD_BYTES} bytes`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid("payload is not JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw invalid("payload is not a JSON object");
  return value as Json;
}

/** A string field; `required` fields must be present and non-empty. */
export function stringField(payload: Json, key: string, max: number, required = false): string | null {
  const value = payload[key];
  if (value === undefined || value === null) {
    if (required) throw invalid(`payload lacks ${key}`);
    return null;
  }
  if (typeof value !== "string") throw invalid(`${key} must be a string`);
  if (value.length > max) throw invalid(`${key} is longer than ${max} characters`);
  if (required && value.length === 0) throw invalid(`${key} is empty`);
  return value;
}

export function objectField(payload: Json, key: string): Json {
  const value = payload[key];
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) throw invalid(`${key} must be an object`);
  return value as Json;
}
