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
import { mkdir } from "node:fs/promises";
import { z } from "zod";
import { readTextIfExists, writeFileAtomic } from "../../durable/index.js";
import { TrailsealError } from "../../errors/index.js";
import {
  checkLogPin,
  decodeBase64Strict,
  HASH_SIZE,
  logPinName,
  parseVerifierKey,
  pinPath,
  readPin,
  verifyInclusionEvidence,
} from "../../tlog/index.js";
import {
  consistencyProofSchema,
  EVIDENCE_FIELDS,
  hasInclusionEvidence,
  type LogCheck,
  logCheckOfClone,
  logEntryOf,
  type WitnessClient,
} from "../protocol/index.js";

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
  const body = {
    version: 1,
    witness: keyPinName(url),
    verifier_key: key,
    pinned_at: new Date().toISOString(),
  };
  await writeFileAtomic(path, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
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
 * The size of the pinned tree of the log an HTTP witness serves, to ask it for a consistency
 * proof from (`consistency_from`): known once the witness's key is pinned (the key names the
 * log's origin, the origin names the pin). Undefined for git witnesses and before first contact.
 */
export async function pinnedLogSize(client: WitnessClient, pinsDir: string): Promise<number | undefined> {
  if (client.kind !== "http") return undefined;
  const key = await readKeyPin(pinsDir, client.url);
  if (key === null) return undefined;
  const pin = await readPin(pinsDir, logPinName(parseVerifierKey(key).name));
  return pin?.checkpoint.size;
}

/** The `consistency_proof` member as hashes; TLOG_CONSISTENCY_INVALID when it is malformed. */
function consistencyProofOf(anchor: Readonly<Record<string, unknown>>): Uint8Array[] | undefined {
  if (anchor.consistency_proof === undefined) return undefined;
  const parsed = consistencyProofSchema.safeParse(anchor.consistency_proof);
  const hashes = parsed.success ? parsed.data.map((text) => decodeBase64Strict(text)) : [null];
  if (hashes.some((hash) => hash === null || hash.length !== HASH_SIZE))
    throw new TrailsealError(
      "TLOG_CONSISTENCY_INVALID",
      "consistency_proof is not a list of base64 32-byte hashes",
    );
  return hashes as Uint8Array[];
}

/**
 * Verifies the evidence in a stored anchor with the log's key and checks its checkpoint
 * against the log's pin. With `consistencyFrom` (the pinned size the anchor was fetched with),
 * the anchor's `consistency_proof` from that size lets the pin advance; a proof that does not
 * verify is TLOG_FORK_DETECTED, a missing one leaves a larger tree `unproven`. Throws TLOG_*
 * codes (TLOG_INCLUSION_INVALID, TLOG_NOTE_*, TLOG_ORIGIN_MISMATCH, TLOG_ROLLBACK,
 * TLOG_FORK_DETECTED, TLOG_CONSISTENCY_INVALID, …).
 */
export async function checkInclusionEvidence(options: {
  anchor: Readonly<Record<string, unknown>>;
  key: string;
  pinsDir: string;
  consistencyFrom?: number | undefined;
}): Promise<LogCheck> {
  const { anchor, key, pinsDir, consistencyFrom } = options;
  const evidence: Record<string, unknown> = {};
  for (const field of EVIDENCE_FIELDS) evidence[field] = anchor[field];
  // The checkpoint must be the key's own log: a key cannot sign for another origin and so
  // escape that origin's pin.
  const origin = parseVerifierKey(key).name;
  const entry = Buffer.from(logEntryOf(anchor), "utf8");
  const { checkpoint, note, logIndex } = verifyInclusionEvidence(evidence, entry, key, origin);
  // Only a proof the client asked for is used: it starts at the size the client named.
  const proof = consistencyFrom === undefined ? undefined : consistencyProofOf(anchor);
  const pin = await checkLogPin({
    pinsDir,
    note,
    checkpoint,
    key,
    ...(proof === undefined ? {} : { consistencyProof: proof, proofFrom: consistencyFrom }),
  });
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
  options: { pinsDir: string; signal: AbortSignal; consistencyFrom?: number | undefined },
): Promise<LogCheck | undefined> {
  if (client.kind === "git") return logCheckOfClone(anchor);
  if (!hasInclusionEvidence(anchor)) return undefined;
  const { pinsDir, signal, consistencyFrom } = options;
  const key = await witnessVerifierKey(client, pinsDir, signal);
  const check = await checkInclusionEvidence({ anchor, key, pinsDir, consistencyFrom });
  if (check.pin !== "unproven") return check;
  // A larger tree without a proof from the pin: the anchor was fetched before the client knew
  // which log this witness serves (first contact with this URL, e.g. a copy of a known log) or
  // the pin moved meanwhile. Ask once more, from the pinned size.
  const pinned = (await readPin(pinsDir, logPinName(check.origin)))?.checkpoint.size;
  if (pinned === undefined || pinned === consistencyFrom) return check;
  const again = await client.fetchAnchor(String(anchor.anchor_id), { signal, consistencyFrom: pinned });
  if (logEntryOf(again) !== logEntryOf(anchor))
    throw new TrailsealError(
      "TLOG_ENTRY_MISMATCH",
      `witness ${client.name} changed the anchor between two reads`,
    );
  if (!hasInclusionEvidence(again)) return check;
  return checkInclusionEvidence({ anchor: again, key, pinsDir, consistencyFrom: pinned });
}

/**
 * Failures that show a witness's log misbehaving (as opposed to not answering): reported as a
 * mismatch for that witness. TLOG_PIN_CORRUPT is local, TLOG_FETCH_FAILED is the network.
 */
export function isLogFailure(code: string): boolean {
  if (code === "TLOG_PIN_CORRUPT" || code === "TLOG_FETCH_FAILED") return false;
  return code.startsWith("TLOG_") || code.startsWith("GITLOG_VERIFY_");
}
