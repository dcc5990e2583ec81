/**
 * Fork detection: the last checkpoint seen from each witness is pinned in the home
 * (`homePaths(home).pins`, one file per witness named by the SHA-256 of its identity — URL or
 * origin). A new checkpoint must be the same tree or provably extend it: smaller is a
 * rollback, same size with another root or a larger tree that is not an extension is a fork.
 * A pin only ever moves forward, and only on proof. The pin also records the verifier key
 * the checkpoint was checked with: a log whose key changes (a replacement log that copied the
 * entries and re-signed them) is refused, whichever way it is read.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { readTextIfExists, writeFileAtomic } from "../durable/index.js";
import { sha256Hex } from "../encoding/index.js";
import { hasCode } from "../errors/index.js";
import { type Checkpoint, parseCheckpoint } from "./checkpoint.js";
import { tlogError } from "./errors.js";
import { hashesEqual, verifyConsistency } from "./merkle.js";
import { parseNote } from "./note.js";
import { proveExtends } from "./tile-reader.js";
import type { ReadLogFile } from "./writer.js";

const pinSchema = z.object({
  version: z.literal(1),
  witness: z.string(),
  checkpoint: z.string(),
  verifier_key: z.string().optional(),
  pinned_at: z.string(),
});

export interface Pin {
  witness: string;
  /** The signed checkpoint note, as it was verified when pinned. */
  note: string;
  checkpoint: Checkpoint;
  /** The verifier key the pinned checkpoint was verified with (absent in older pins). */
  verifierKey?: string;
  pinnedAt: string;
}

/**
 * The pin identity of a log: its checkpoint origin. Every way of reading one log (tiles, a
 * clone, evidence from an HTTP witness serving it) uses this one name, so they share one pin.
 */
export function logPinName(origin: string): string {
  return `origin:${origin}`;
}

export function pinPath(pinsDir: string, witness: string): string {
  return join(pinsDir, `${sha256Hex(witness)}.json`);
}

export async function readPin(pinsDir: string, witness: string): Promise<Pin | null> {
  const path = pinPath(pinsDir, witness);
  const text = await readTextIfExists(path);
  if (text === null) return null;
  try {
    const pin = pinSchema.parse(JSON.parse(text));
    return {
      witness: pin.witness,
      note: pin.checkpoint,
      checkpoint: parseCheckpoint(parseNote(pin.checkpoint).text),
      ...(pin.verifier_key === undefined ? {} : { verifierKey: pin.verifier_key }),
      pinnedAt: pin.pinned_at,
    };
  } catch (cause) {
    throw tlogError("TLOG_PIN_CORRUPT", `the pinned checkpoint ${path} is unreadable`, {
      cause,
      hint: "delete it only if you trust the witness's current checkpoint",
    });
  }
}

async function writePin(
  pinsDir: string,
  witness: string,
  note: string,
  key: string | undefined,
  now: Date,
): Promise<void> {
  await mkdir(pinsDir, { recursive: true, mode: 0o700 });
  const path = pinPath(pinsDir, witness);
  const body = {
    version: 1,
    witness,
    checkpoint: note,
    ...(key === undefined ? {} : { verifier_key: key }),
    pinned_at: now.toISOString(),
  };
  // A unique temporary file per write: parallel checks of one log may pin at once.
  await writeFileAtomic(path, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
}

export type PinStatus = "new" | "same" | "extended" | "unproven";

export interface PinResult {
  status: PinStatus;
  previous?: Checkpoint;
}

/**
 * Checks a *verified* checkpoint (the caller has checked its signature) against the pin and
 * moves the pin forward when it provably extends it. Proof of extension comes from tiles of
 * the new tree (`read`) or an explicit consistency proof. Without either, a larger tree is
 * "unproven" and the pin stays where it was. With `key` (the verifier key the caller checked
 * the note with), a pin made under another key is refused. Throws TLOG_ROLLBACK,
 * TLOG_FORK_DETECTED or TLOG_KEY_CHANGED.
 */
export async function checkPin(options: {
  pinsDir: string;
  witness: string;
  note: string;
  checkpoint: Checkpoint;
  key?: string;
  read?: ReadLogFile;
  consistencyProof?: Uint8Array[];
  /**
   * The tree size `consistencyProof` starts at (the pin the caller read before asking for it).
   * When the pin has moved since (a parallel check), the proof is not about it and is not used.
   */
  proofFrom?: number;
  now?: Date;
}): Promise<PinResult> {
  const { pinsDir, witness, note, checkpoint } = options;
  const now = options.now ?? new Date();
  const pin = await readPin(pinsDir, witness);
  if (!pin) {
    await writePin(pinsDir, witness, note, options.key, now);
    return { status: "new" };
  }
  if (options.key !== undefined && pin.verifierKey !== undefined && options.key !== pin.verifierKey)
    throw tlogError("TLOG_KEY_CHANGED", `the log ${checkpoint.origin} is now signed by another key`, {
      details: { pinned: pin.verifierKey, presented: options.key },
      hint: "a log key never changes; delete the pin only if the log's operator announced a new key out of band",
    });
  const key = options.key ?? pin.verifierKey;
  const previous = pin.checkpoint;
  if (
    checkpoint.size === previous.size &&
    checkpoint.origin === previous.origin &&
    hashesEqual(checkpoint.rootHash, previous.rootHash)
  ) {
    if (pin.verifierKey === undefined && key !== undefined)
      await writePin(pinsDir, witness, pin.note, key, now);
    return { status: "same", previous };
  }
  if (options.read) {
    await proveExtends(previous, checkpoint, options.read);
  } else if (
    checkpoint.size > previous.size &&
    options.consistencyProof &&
    (options.proofFrom === undefined || options.proofFrom === previous.size)
  ) {
    try {
      verifyConsistency(
        previous.size,
        checkpoint.size,
        previous.rootHash,
        checkpoint.rootHash,
        options.consistencyProof,
      );
    } catch (cause) {
      throw tlogError(
        "TLOG_FORK_DETECTED",
        `the tree of size ${checkpoint.size} does not extend the pinned tree of size ${previous.size}`,
        {
          cause,
        },
      );
    }
  } else {
    // Rollback and same-size forks need no proof; a larger tree does, and without tiles or a
    // proof it stays unproven (the pin does not move).
    try {
      await proveExtends(previous, checkpoint, async () => null);
    } catch (error) {
      if (hasCode(error, "TLOG_TILE_MISSING")) return { status: "unproven", previous };
      throw error;
    }
  }
  await writePin(pinsDir, witness, note, key, now);
  return { status: "extended", previous };
}

/**
 * `checkPin` under the log's own pin (`logPinName` of the checkpoint's origin): the one way every
 * reader of a log — evidence from an HTTP witness, a clone, tiles over HTTP — pins it.
 */
export function checkLogPin(options: Omit<Parameters<typeof checkPin>[0], "witness">): Promise<PinResult> {
  return checkPin({ ...options, witness: logPinName(options.checkpoint.origin) });
}
