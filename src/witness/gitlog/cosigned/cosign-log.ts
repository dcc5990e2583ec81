import { createHash } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { readTextIfExists, writeFileAtomic } from "../../../durable/index.js";
import { TrailsealError } from "../../../errors/index.js";
import {
  appendCosignatures,
  consistencyProofOf,
  isQuorumMet,
  parseCheckpoint,
  parseNote,
  parseVerifierKey,
  verifyCosignedCheckpoint,
  verifyNote,
  type WitnessPolicy,
  withTiles,
} from "../../../tlog/index.js";
import {
  type CosignOutcome,
  type CosignFetch as FetchLike,
  requestCosignatures,
} from "../../cosign/index.js";
import { readPublishedLogKey } from "../metadata.js";
import type { CosignedCommitResult } from "./log-commit.js";
import { type LogSnapshot, readLogSnapshot } from "./log-source.js";

/** Commits the cosigned note into a git log when the home can sign for it (lazy: git parts load only here). */
async function publish(snapshot: LogSnapshot, dir: string, note: string, home: string | undefined) {
  if (!home || !snapshot.commit) return undefined;
  const { commitCosignedCheckpoint } = await import("./log-commit.js");
  return commitCosignedCheckpoint({ dir, parent: snapshot.commit, note, home });
}

export interface CosignLogOptions {
  /** The log: a trailseal git log (work tree or bare) or a directory with `checkpoint` and tiles. */
  dir: string;
  policy: WitnessPolicy;
  /** Where cosigned checkpoints are kept, one file per origin. */
  cosignedDir: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** add-checkpoint requests per witness in this round (default 3; the cadence sends 1). */
  maxAttempts?: number;
  /**
   * The home holding the log's key: at quorum, the cosigned checkpoint is also committed into a
   * git log (see log-commit.ts). Without it, or without the key, it is kept in `cosignedDir` only.
   */
  home?: string;
}

export interface CosignLogResult {
  origin: string;
  size: number;
  quorumMet: boolean;
  /** True when the stored cosigned checkpoint already covered this tree to quorum (no request sent). */
  alreadyCosigned: boolean;
  outcomes: CosignOutcome[];
  /** The cosigned note (written to `path` when the quorum is met). */
  note: string;
  path: string;
  /** What happened to the git log: committed, already there, or why not. */
  published?: CosignedCommitResult;
}

/** The file holding the latest cosigned checkpoint of a log, by origin. */
export function cosignedCheckpointPath(cosignedDir: string, origin: string): string {
  return join(
    cosignedDir,
    `${createHash("sha256").update(origin, "utf8").digest("hex").slice(0, 32)}.checkpoint`,
  );
}

async function readSizes(path: string): Promise<Record<string, number>> {
  try {
    const value = JSON.parse(await readFile(path, "utf8")) as unknown;
    if (typeof value !== "object" || value === null) return {};
    return Object.fromEntries(
      Object.entries(value).filter(([, size]) => Number.isSafeInteger(size) && (size as number) >= 0),
    ) as Record<string, number>;
  } catch {
    return {};
  }
}

/** Reads the stored cosigned checkpoint of `origin`, or null. */
export function readCosignedCheckpoint(cosignedDir: string, origin: string): Promise<string | null> {
  return readTextIfExists(cosignedCheckpointPath(cosignedDir, origin));
}

/**
 * `witness cosign`: reads the log's current checkpoint (never writing the log, so a concurrent
 * `witness serve` is unaffected), checks it is signed by the policy's log key, asks every
 * witness of the policy with a URL to cosign it (consistency proofs from the log's own tiles),
 * and when the quorum is met stores the checkpoint with the verified cosignature lines appended
 * (atomically, fsync'd). Idempotent: a tree already cosigned to quorum is not asked again.
 */
export async function cosignLog(options: CosignLogOptions): Promise<CosignLogResult> {
  const snapshot = await readLogSnapshot(options.dir);
  const { text } = parseNote(snapshot.note);
  const origin = text.slice(0, text.indexOf("\n"));
  // tlog-policy allows a policy with no log where the log is known from context: here the log
  // being cosigned, whose own metadata names its key (the operator cosigns its own log).
  if (options.policy.logs.length === 0) {
    const published = await readPublishedLogKey(snapshot.read);
    if (published?.verifierKey)
      options = {
        ...options,
        policy: {
          ...options.policy,
          logs: [{ vkey: published.verifierKey, key: parseVerifierKey(published.verifierKey) }],
        },
      };
  }
  const logs = options.policy.logs.filter((log) => log.key.name === origin);
  if (logs.length === 0)
    throw new TrailsealError("COSIGN_LOG_NOT_IN_POLICY", `the witness policy lists no log "${origin}"`, {
      hint: "add a line `log <the log's verifier key>` (trailseal-log.json verifier_key) to the policy",
    });
  let verifiedBy: (typeof logs)[number] | undefined;
  for (const log of logs) {
    try {
      verifyNote(snapshot.note, log.key);
      verifiedBy = log;
      break;
    } catch {}
  }
  if (!verifiedBy)
    throw new TrailsealError(
      "COSIGN_LOG_UNTRUSTED",
      `the checkpoint of "${origin}" is not signed by the policy's key`,
    );
  const checkpoint = parseCheckpoint(text);
  const path = cosignedCheckpointPath(options.cosignedDir, origin);

  const stored = await readCosignedCheckpoint(options.cosignedDir, origin);
  let already = false;
  if (stored) {
    try {
      const previous = verifyCosignedCheckpoint(stored, options.policy);
      already = previous.text === text && previous.quorumMet;
    } catch {
      // An unreadable or outdated file is simply replaced once the quorum is met again.
    }
  }
  if (stored && already) {
    const published =
      snapshot.note === stored
        ? ({ status: "unchanged" } as const)
        : await publish(snapshot, options.dir, stored, options.home);
    return {
      origin,
      size: checkpoint.size,
      quorumMet: true,
      alreadyCosigned: true,
      outcomes: [],
      note: stored,
      path,
      ...(published ? { published } : {}),
    };
  }

  const witnesses = options.policy.witnesses
    .filter((w) => w.url !== undefined)
    .map((w) => ({ name: w.name, url: w.url!, key: w.key }));
  // The size each witness held after the last round (a hint: a wrong one costs one 409).
  const sizesPath = path.replace(/\.checkpoint$/, ".sizes.json");
  const sizes = await readSizes(sizesPath);
  const vkeyOf = new Map(options.policy.witnesses.map((w) => [w.name, w.vkey]));
  const outcomes = await requestCosignatures({
    knownSize: (name) => sizes[vkeyOf.get(name) ?? ""],
    logKey: verifiedBy.key,
    note: snapshot.note,
    text,
    checkpoint,
    witnesses,
    proofFrom: (oldSize) =>
      withTiles(checkpoint.size, snapshot.read, (subtree) =>
        consistencyProofOf(oldSize, checkpoint.size, subtree),
      ),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
  });
  for (const w of options.policy.witnesses)
    if (w.url === undefined)
      outcomes.push({ witness: w.name, url: "", status: "unreachable", detail: "the policy gives no URL" });
  const cosigned = outcomes.filter((o) => o.status === "cosigned");
  const quorumMet = isQuorumMet(options.policy, new Set(cosigned.map((o) => o.witness)));
  const note = appendCosignatures(
    snapshot.note,
    cosigned.map((o) => o.cosignature!.line),
  );
  await mkdir(options.cosignedDir, { recursive: true });
  for (const o of outcomes) {
    const vkey = vkeyOf.get(o.witness);
    if (vkey === undefined) continue;
    if (o.status === "cosigned") sizes[vkey] = checkpoint.size;
    else if (o.witnessSize !== undefined) sizes[vkey] = o.witnessSize;
  }
  await writeFileAtomic(sizesPath, `${JSON.stringify(sizes)}\n`);
  if (!quorumMet)
    return { origin, size: checkpoint.size, quorumMet, alreadyCosigned: false, outcomes, note, path };
  await writeFileAtomic(path, note);
  const published = await publish(snapshot, options.dir, note, options.home);
  return {
    origin,
    size: checkpoint.size,
    quorumMet,
    alreadyCosigned: false,
    outcomes,
    note,
    path,
    ...(published ? { published } : {}),
  };
}
