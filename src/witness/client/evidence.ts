/**
 * Transparency-log checks during `witness verify` (docs/protocol.md "Inclusion evidence",
 * docs/tlog.md "Fork detection"). An HTTP witness that serves a log hands out, with a stored
 * anchor, the entry's inclusion proof under its signed checkpoint: the client verifies the
 * signature with the witness's verifier key (trust on first use, then pinned per witness URL),
 * the inclusion of the entry bytes (protocol `logEntryOf`: the same bytes the log stores), and
 * then the checkpoint against the pin of that log, so a witness that goes backwards or
 * sideways is refused (TLOG_ROLLBACK / TLOG_FORK_DETECTED). A git witness does the same inside
 * its clone (witness/gitlog client). A witness without evidence is not checked here at all.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { z } from "zod";
import { readTextIfExists } from "../../durable/index.js";
import { TrailsealError } from "../../errors/index.js";
import {
  checkPin,
  logPinName,
  type PinStatus,
  parseVerifierKey,
  pinPath,
  verifyInclusionEvidence,
} from "../../tlog/index.js";
import { EVIDENCE_FIELDS, hasInclusionEvidence, logEntryOf } from "../protocol/index.js";
import type { WitnessClient } from "./types.js";

/** What a verified log said about one anchor (reported per witness). */
export interface LogCheck {
  origin: string;
  tree_size: number;
  log_index: number;
  /** Where the checkpoint stands against the pin: first seen, same tree, proven extension, or larger but unproven. */
  pin: PinStatus;
}

const keyPinSchema = z.object({
  version: z.literal(1),
  witness: z.string(),
  verifier_key: z.string(),
  pinned_at: z.string(),
});

/** Pin identity of the verifier key an HTTP witness announced first. */
function keyPinName(url: string): string {
  return `key:${url}`;
}

async function readKeyPin(pinsDir: string, url: string): Promise<string | null> {
  const path = pinPath(pinsDir, keyPinName(url));
  const text = await readTextIfExists(path);
  if (text === null) return null;
  try {
    return keyPinSchema.parse(JSON.parse(text)).verifier_key;
  } catch (cause) {
    throw new TrailsealError("TLOG_PIN_CORRUPT", `the pinned witness key ${path} is unreadable`, {
      cause,
      hint: "delete it only if you trust the witness's current verifier key",
    });
  }
}

async function writeKeyPin(pinsDir: string, url: string, key: string): Promise<void> {
  await mkdir(pinsDir, { recursive: true, mode: 0o700 });
  const path = pinPath(pinsDir, keyPinName(url));
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const body = {
    version: 1,
    witness: keyPinName(url),
    verifier_key: key,
    pinned_at: new Date().toISOString(),
  };
  await writeFile(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  await rename(tmp, path);
}

/**
 * The verifier key of an HTTP witness's log: the pinned one, else the `verifier_key` of its
 * health body, pinned now (trust on first use; a later key change is then a failed signature,
 * never a silent switch).
 */
export async function witnessVerifierKey(
  client: WitnessClient,
  pinsDir: string,
  signal: AbortSignal,
): Promise<string> {
  const pinned = await readKeyPin(pinsDir, client.url);
  if (pinned !== null) return pinned;
  const health = client.health ? await client.health({ signal }) : undefined;
  const announced = health?.verifier_key;
  if (typeof announced !== "string")
    throw new TrailsealError(
      "TLOG_KEY_INVALID",
      `witness ${client.name} hands out inclusion evidence but its health body names no verifier_key`,
      { hint: "a witness that sends evidence must publish its log's C2SP verifier key in /api/v1/health" },
    );
  parseVerifierKey(announced);
  await writeKeyPin(pinsDir, client.url, announced);
  return announced;
}

/**
 * Verifies the evidence in a stored anchor with the log's key and checks its checkpoint
 * against the log's pin. Throws TLOG_* codes (TLOG_INCLUSION_INVALID, TLOG_NOTE_*,
 * TLOG_ORIGIN_MISMATCH, TLOG_ROLLBACK, TLOG_FORK_DETECTED, …).
 */
export async function checkInclusionEvidence(options: {
  anchor: Readonly<Record<string, unknown>>;
  key: string;
  pinsDir: string;
}): Promise<LogCheck> {
  const { anchor, key, pinsDir } = options;
  const evidence: Record<string, unknown> = {};
  for (const field of EVIDENCE_FIELDS) evidence[field] = anchor[field];
  // The checkpoint must be the key's own log: a key cannot sign for another origin and so
  // escape that origin's pin.
  const origin = parseVerifierKey(key).name;
  const entry = Buffer.from(logEntryOf(anchor), "utf8");
  const { checkpoint, note, logIndex } = verifyInclusionEvidence(evidence, entry, key, origin);
  const pin = await checkPin({ pinsDir, witness: logPinName(checkpoint.origin), note, checkpoint, key });
  return { origin: checkpoint.origin, tree_size: checkpoint.size, log_index: logIndex, pin: pin.status };
}

/**
 * The log check of one fetched anchor: for an HTTP witness whose anchor carries evidence, the
 * checks above; for a git witness, what its clone verification reported (it verifies and pins
 * inside the clone, where tiles can also prove that the log grew consistently); else nothing.
 */
export async function checkWitnessLog(
  client: WitnessClient,
  anchor: Readonly<Record<string, unknown>>,
  options: { pinsDir: string; signal: AbortSignal },
): Promise<LogCheck | undefined> {
  if (client.kind === "git") {
    const { log_origin, checkpoint_size, log_index, pin } = anchor as Record<string, unknown>;
    return typeof log_origin === "string" && typeof checkpoint_size === "number" && typeof pin === "string"
      ? {
          origin: log_origin,
          tree_size: checkpoint_size,
          log_index: Number(log_index),
          pin: pin as PinStatus,
        }
      : undefined;
  }
  if (!hasInclusionEvidence(anchor)) return undefined;
  const key = await witnessVerifierKey(client, options.pinsDir, options.signal);
  return checkInclusionEvidence({ anchor, key, pinsDir: options.pinsDir });
}

/**
 * Failures that show a witness's log misbehaving (as opposed to not answering): reported as a
 * mismatch for that witness. TLOG_PIN_CORRUPT is local, TLOG_FETCH_FAILED is the network.
 */
export function isLogFailure(code: string): boolean {
  if (code === "TLOG_PIN_CORRUPT" || code === "TLOG_FETCH_FAILED") return false;
  return code.startsWith("TLOG_") || code.startsWith("GITLOG_VERIFY_");
}
