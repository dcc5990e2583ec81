/**
 * C2SP tlog-checkpoint (c2sp.org/tlog-checkpoint): the signed tree head as note text —
 * origin line, tree size in decimal, base64 root hash, then optional extension lines.
 * `parseCheckpoint(formatCheckpoint(c))` returns c, and formatting a parsed checkpoint
 * reproduces the text byte for byte.
 */
import { tlogError } from "./errors.js";
import { HASH_SIZE } from "./merkle.js";
import { decodeBase64Strict, type VerifierKey, verifyNote } from "./note.js";

export interface Checkpoint {
  origin: string;
  size: number;
  rootHash: Uint8Array;
  /** Extension lines, without their newlines. */
  extensions?: string[];
}

const malformed = (why: string) => tlogError("TLOG_CHECKPOINT_MALFORMED", `malformed checkpoint: ${why}`);

export function formatCheckpoint(checkpoint: Checkpoint): string {
  const { origin, size, rootHash, extensions = [] } = checkpoint;
  if (origin.length === 0 || /[\n\u0000-\u001f]/.test(origin)) throw malformed("bad origin");
  if (!Number.isSafeInteger(size) || size < 0) throw malformed("bad size");
  if (rootHash.length !== HASH_SIZE) throw malformed("root hash is not 32 bytes");
  for (const line of extensions)
    if (line.length === 0 || /[\n\u0000-\u001f]/.test(line)) throw malformed("bad extension line");
  return [origin, String(size), Buffer.from(rootHash).toString("base64"), ...extensions]
    .map((l) => `${l}\n`)
    .join("");
}

/** Parses checkpoint *text* (the note text, not the signed note). Strict: anything unexpected throws. */
export function parseCheckpoint(text: string): Checkpoint {
  if (!text.endsWith("\n")) throw malformed("does not end in a newline");
  const lines = text.slice(0, -1).split("\n");
  if (lines.length < 3) throw malformed("fewer than three lines");
  const [origin, sizeText, rootText, ...extensions] = lines as [string, string, string, ...string[]];
  if (origin.length === 0) throw malformed("empty origin");
  if (!/^(0|[1-9][0-9]{0,15})$/.test(sizeText) || !Number.isSafeInteger(Number(sizeText)))
    throw malformed("size is not a decimal integer");
  const rootHash = decodeBase64Strict(rootText);
  if (!rootHash || rootHash.length !== HASH_SIZE) throw malformed("root hash is not base64 of 32 bytes");
  if (extensions.some((line) => line.length === 0)) throw malformed("empty extension line");
  return { origin, size: Number(sizeText), rootHash, ...(extensions.length > 0 ? { extensions } : {}) };
}

export interface OpenedCheckpoint {
  checkpoint: Checkpoint;
  /** The whole signed note as received. */
  note: string;
}

/**
 * Verifies a signed checkpoint note against the log's key, then parses it. With `origin`, the
 * checkpoint must name that log (a checkpoint of another log signed by the same key is not ours).
 */
export function openCheckpoint(
  note: string | Uint8Array,
  key: string | VerifierKey,
  origin?: string,
): OpenedCheckpoint {
  const verified = verifyNote(note, key);
  const checkpoint = parseCheckpoint(verified.text);
  if (origin !== undefined && checkpoint.origin !== origin)
    throw tlogError(
      "TLOG_ORIGIN_MISMATCH",
      `checkpoint origin is "${checkpoint.origin}", expected "${origin}"`,
    );
  return { checkpoint, note: typeof note === "string" ? note : Buffer.from(note).toString("utf8") };
}
