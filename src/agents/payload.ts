/**
 * Validation of hook payloads on the hot path. These are checked by hand rather than with
 * zod: the hook runs on every tool call and zod's start-up cost would be paid each time
 * (docs/performance.md).
 *
 * Size is not a verdict: a 1 MB Write, or a PostToolUse that repeats the written content in
 * `tool_response`, is an ordinary call. Payloads are parsed up to MAX_PAYLOAD_BYTES (a memory
 * bound, far above what agents send); long strings are kept in the trail as digests
 * (src/record, compactInput). Only a payload beyond the bound is refused, and then only a pre
 * call is denied (docs/decisions/hooks-payload-size.md).
 */
import { TrailsealError } from "../errors/index.js";

/** 256 MiB: the largest payload the hook reads. */
export const MAX_PAYLOAD_BYTES = 256 << 20;

export type Json = Record<string, unknown>;

/** HOOK_PAYLOAD_INVALID: a pre call is denied (fail closed), a post call recorded as unprocessable. */
export function invalid(message: string): TrailsealError {
  return new TrailsealError("HOOK_PAYLOAD_INVALID", message);
}

/** Parses one JSON object from stdin text. Throws HOOK_PAYLOAD_INVALID. */
export function parsePayload(text: string): Json {
  if (text.length > MAX_PAYLOAD_BYTES) throw invalid(`payload larger than ${MAX_PAYLOAD_BYTES} bytes`);
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

/**
 * The event a payload names, read without parsing it (for answering a payload that could not
 * be parsed: a post event must never get a pre event's deny). Looks only at the top level's
 * first `hook_event_name` member, which every agent sends before the large fields.
 */
export function peekEventName(text: string): string | null {
  return /"hook_event_name"\s*:\s*"([A-Za-z_]{1,64})"/.exec(text.slice(0, 65536))?.[1] ?? null;
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

/**
 * An object field. Cursor sends MCP `tool_input` as a JSON *string*: a string that parses to
 * an object is that object; any other string is kept as `{ raw }` so it is still judged.
 */
export function objectField(payload: Json, key: string): Json {
  const value = payload[key];
  if (value === undefined || value === null) return {};
  if (typeof value === "string") {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as Json;
    } catch {
      // not JSON: judged as raw text below
    }
    return value === "" ? {} : { raw: value };
  }
  if (typeof value !== "object") throw invalid(`${key} must be an object`);
  if (Array.isArray(value)) return { items: value };
  return value as Json;
}
