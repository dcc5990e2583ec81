/**
 * The C2SP tlog-witness wire contract (c2sp.org/tlog-witness), defined once for the witness
 * server and the cosign client: the route, the request body (`old <size>`, up to 63 base64
 * consistency-proof lines, a blank line, the signed checkpoint), the 409 size body
 * (`text/x.tlog.size`), the body cap, and the error ↔ status table.
 */
import { createHash } from "node:crypto";
import { TrailsealError } from "../../errors/index.js";
import { decodeBase64Strict, HASH_SIZE } from "../../tlog/index.js";

/** The fetch the clients use (injected in tests). */
export type FetchLike = (
  url: string,
  init: { method: string; body?: string; headers: Record<string, string>; signal?: AbortSignal },
) => Promise<{
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}>;

export const ADD_CHECKPOINT_PATH = "/add-checkpoint";

/**
 * The origin hash of tlog-witness and tlog-mirror URL paths (since C2SP commit 371866d, in
 * place of the percent-encoded origin): SHA-256 of the origin's bytes, lowercase hex.
 */
export function originHash(origin: string): string {
  return createHash("sha256").update(origin, "utf8").digest("hex");
}

/** `/<origin hash>/checkpoint`: the monitoring API path, under the monitoring prefix. */
export function monitoringCheckpointPath(origin: string): string {
  return `/${originHash(origin)}/checkpoint`;
}

/** Matches a monitoring path and returns the origin hash (lowercase only, as the spec spells it). */
export function parseMonitoringPath(path: string, prefix: string): string | null {
  if (!path.startsWith(`${prefix}/`)) return null;
  const match = /^\/([0-9a-f]{64})\/checkpoint$/.exec(path.slice(prefix.length));
  return match ? match[1]! : null;
}
export const SIZE_CONTENT_TYPE = "text/x.tlog.size";
/** The spec: a client MUST NOT send more than 63 proof lines. */
export const MAX_PROOF_LINES = 63;
/** Request bodies above this are refused (413) before parsing: 63 proof lines and a large note fit. */
export const MAX_ADD_CHECKPOINT_BYTES = 128 * 1024;

/** Every refusal of add-checkpoint, and the status the spec gives it. */
export const COSIGN_STATUS = {
  COSIGN_REQUEST_MALFORMED: 400,
  COSIGN_OLD_SIZE_TOO_LARGE: 400,
  COSIGN_UNTRUSTED_CHECKPOINT: 403,
  COSIGN_UNKNOWN_LOG: 404,
  COSIGN_METHOD_NOT_ALLOWED: 405,
  COSIGN_OLD_SIZE_MISMATCH: 409,
  COSIGN_BODY_TOO_LARGE: 413,
  COSIGN_PROOF_INVALID: 422,
  COSIGN_ROOT_MISMATCH: 422,
  COSIGN_EMPTY_TREE_INVALID: 422,
  COSIGN_STATE_UNAVAILABLE: 503,
} as const;

export type CosignRefusalCode = keyof typeof COSIGN_STATUS;

export function cosignRefusal(
  code: CosignRefusalCode,
  message: string,
  details?: { size?: number },
): TrailsealError {
  return new TrailsealError(code, message, details === undefined ? {} : { details });
}

export interface AddCheckpointRequest {
  oldSize: number;
  proof: Uint8Array[];
  /** The signed checkpoint note, as sent. */
  checkpoint: string;
}

const SIZE = /^(0|[1-9][0-9]{0,15})$/;

/** Formats a request body. */
export function formatAddCheckpoint(request: AddCheckpointRequest): string {
  const proof = request.proof.map((hash) => `${Buffer.from(hash).toString("base64")}\n`).join("");
  return `old ${request.oldSize}\n${proof}\n${request.checkpoint}`;
}

/** Parses a request body strictly; anything off is COSIGN_REQUEST_MALFORMED (400). */
export function parseAddCheckpoint(body: Uint8Array): AddCheckpointRequest {
  const bad = (why: string) =>
    cosignRefusal("COSIGN_REQUEST_MALFORMED", `malformed add-checkpoint body: ${why}`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    throw bad("not UTF-8");
  }
  const blank = text.indexOf("\n\n");
  if (blank < 0) throw bad("no blank line before the checkpoint");
  const [first, ...proofLines] = text.slice(0, blank).split("\n") as [string, ...string[]];
  if (!first.startsWith("old ") || !SIZE.test(first.slice(4))) throw bad("first line is not old <size>");
  const oldSize = Number(first.slice(4));
  if (!Number.isSafeInteger(oldSize)) throw bad("old size is too large");
  if (proofLines.length > MAX_PROOF_LINES) throw bad(`more than ${MAX_PROOF_LINES} proof lines`);
  const proof = proofLines.map((line) => {
    const hash = decodeBase64Strict(line);
    if (hash?.length !== HASH_SIZE) throw bad("a proof line is not base64 of 32 bytes");
    return hash;
  });
  return { oldSize, proof, checkpoint: text.slice(blank + 2) };
}

export function formatSizeBody(size: number): string {
  return `${size}\n`;
}

/** Parses a 409 body; null when it is not a decimal size and a newline. */
export function parseSizeBody(text: string): number | null {
  if (!text.endsWith("\n") || !SIZE.test(text.slice(0, -1))) return null;
  const size = Number(text.slice(0, -1));
  return Number.isSafeInteger(size) ? size : null;
}
