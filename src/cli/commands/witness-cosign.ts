import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { configError, TrailsealError } from "../../errors/index.js";
import { homePaths } from "../../home/index.js";
import { parseTimeout } from "../../time/index.js";
import {
  type Checkpoint,
  type FetchLike,
  parseVerifierKey,
  parseWitnessPolicy,
  verifyCosignedCheckpoint,
  type WitnessPolicy,
} from "../../tlog/index.js";
import type { CliIO } from "../io.js";
import { printJson, println } from "../io.js";

export interface WitnessCosignOptions {
  home: string;
  log: string;
  witnessPolicy: string;
  timeout?: string;
  json?: boolean;
}

/** Reads and parses a C2SP witness policy file; a file that cannot be read is a usage error. */
export async function readWitnessPolicy(path: string): Promise<WitnessPolicy> {
  const policyPath = resolve(path);
  let text: string;
  try {
    text = await readFile(policyPath, "utf8");
  } catch (cause) {
    throw configError("COSIGN_CONFIG_UNREADABLE", `cannot read the witness policy ${policyPath}`, { cause });
  }
  return parseWitnessPolicy(text);
}

/**
 * `trailseal witness cosign <log> --witness-policy <file>`: asks the policy's witnesses to cosign
 * the log's current checkpoint (C2SP tlog-witness). Exit 0 when the quorum is met (the cosigned
 * checkpoint is stored in the home), 3 below it, with each witness's outcome.
 */
export async function runWitnessCosign(options: WitnessCosignOptions, io: CliIO): Promise<number> {
  const policy = await readWitnessPolicy(options.witnessPolicy);
  const { loadLogCosigning } = await import("../../witness/index.js");
  const { cosignLog } = await loadLogCosigning();
  const timeoutMs = parseTimeout(options.timeout);
  const result = await cosignLog({
    dir: resolve(options.log),
    policy,
    cosignedDir: homePaths(options.home).cosignedCheckpoints,
    home: options.home,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  if (options.json) {
    printJson(io, {
      origin: result.origin,
      size: result.size,
      quorum_met: result.quorumMet,
      already_cosigned: result.alreadyCosigned,
      path: result.quorumMet ? result.path : null,
      ...(result.published ? { published: result.published } : {}),
      outcomes: result.outcomes.map((o) => ({
        witness: o.witness,
        url: o.url,
        status: o.status,
        ...(o.httpStatus !== undefined ? { http_status: o.httpStatus } : {}),
        ...(o.witnessSize !== undefined ? { witness_size: o.witnessSize } : {}),
        ...(o.detail ? { detail: o.detail } : {}),
        ...(o.cosignature ? { timestamp: o.cosignature.timestamp } : {}),
      })),
    });
  } else {
    for (const o of result.outcomes)
      println(
        io,
        `${o.status === "cosigned" ? "ok  " : "FAIL"} ${o.witness} ${o.status}${o.detail ? `: ${o.detail}` : ""}`,
      );
    if (result.alreadyCosigned)
      println(io, `${result.origin} size ${result.size}: already cosigned to quorum`);
    else if (result.quorumMet)
      println(io, `${result.origin} size ${result.size}: quorum met, cosigned checkpoint in ${result.path}`);
    if (result.published?.status === "committed")
      println(io, `cosigned checkpoint committed to the log (${result.published.commit.slice(0, 12)})`);
    else if (result.published?.status === "skipped")
      println(io, `cosigned checkpoint kept in this home only: ${result.published.reason}`);
  }
  if (!result.quorumMet) {
    const failed = result.outcomes.filter((o) => o.status !== "cosigned").map((o) => o.witness);
    throw new TrailsealError(
      "WITNESS_QUORUM_NOT_MET",
      `the witness policy's quorum is not met for ${result.origin} size ${result.size} (failed: ${failed.join(", ") || "none"})`,
      { hint: "run again later: witnesses that were down or behind catch up on the next run" },
    );
  }
  return 0;
}

export interface ServeCosigningOptions {
  home: string;
  store?: string;
  witnessPolicy?: string;
  /** e.g. 60s (default) or 500ms. */
  cosignInterval?: string;
  /** The store's mirror remote: committed cosigned checkpoints are pushed there too. */
  push?: string;
}

/**
 * For `witness serve --store <log> --witness-policy <file>`: starts the cosigning cadence beside
 * the server (one round at start, then every interval while the log grows). Null without
 * --witness-policy. Outcomes go to stderr; failures never stop the server.
 */
export async function startServeCosigning(
  options: ServeCosigningOptions,
  io: CliIO,
): Promise<{ stop(): Promise<void> } | null> {
  if (!options.witnessPolicy) return null;
  if (!options.store) throw configError("COSIGN_STORE_REQUIRED", "--witness-policy needs --store <log>");
  const policy = await readWitnessPolicy(options.witnessPolicy);
  const { loadLogCosigning } = await import("../../witness/index.js");
  const { startCosignCadence, readLogSnapshot, readPublishedLogKey } = await loadLogCosigning();
  const intervalMs = parseTimeout(options.cosignInterval) ?? 60_000;
  // What a log operator declares to the public witness network (docs/witnessing.md): the
  // origin, the log's vkey, and the add-checkpoint rate this cadence cannot exceed.
  const published = await readLogSnapshot(resolve(options.store))
    .then((snapshot) => readPublishedLogKey(snapshot.read))
    .catch(() => null);
  if (published?.verifierKey)
    io.stderr.write(
      `trailseal: witness network: origin ${published.origin ?? published.verifierKey.split("+")[0]}, vkey ${published.verifierKey}, qpd ${Math.ceil(86_400_000 / intervalMs)} (at most one add-checkpoint per witness every ${options.cosignInterval ?? "60s"}, none while the log does not grow)\n`,
    );
  const cadence = startCosignCadence({
    dir: resolve(options.store),
    policy,
    cosignedDir: homePaths(options.home).cosignedCheckpoints,
    home: options.home,
    ...(options.push ? { push: options.push } : {}),
    intervalMs,
    onResult: (result) =>
      io.stderr.write(
        `trailseal: cosign ${result.origin} size ${result.size}: ${result.quorumMet ? "quorum met" : "below quorum"} (${result.outcomes
          .map((o) => `${o.witness} ${o.status}`)
          .join(", ")})\n`,
      ),
    onError: (error) =>
      io.stderr.write(
        `trailseal: cosign round failed: ${error instanceof TrailsealError ? `${error.code} ${error.message}` : String(error)}\n`,
      ),
  });
  void cadence.runOnce();
  return cadence;
}

/** `witness verify --tiles … --witness-policy <file>`: prints each witness, exit 3 below quorum. */
export async function checkTilesQuorum(
  options: { tiles: string; witnessPolicy?: string; key?: string; json?: boolean; fetch?: FetchLike },
  verified: Checkpoint,
  io: CliIO,
): Promise<void> {
  if (!options.witnessPolicy) return;
  const policy = await readWitnessPolicy(options.witnessPolicy);
  const { checkTilesCosigned } = await import("../../witness/index.js");
  const check = await checkTilesCosigned(
    {
      tiles: options.tiles,
      policy,
      ...(options.key ? { key: options.key } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    },
    verified,
  );
  if (!options.json)
    for (const w of check.result.witnesses)
      println(io, `${w.status === "valid" ? "ok  " : "FAIL"} witness ${w.name} ${w.status}`);
  if (check.quorumError) throw check.quorumError;
}

/**
 * `witness audit <log> --witness-policy <file>`: after the audit passed, the checkpoint at the
 * audited head must carry cosignatures meeting the policy's quorum. A URL is read from a shallow
 * clone of its branch; the head must be the commit the audit ended at.
 */
export async function checkAuditQuorum(
  options: { target: string; witnessPolicy?: string; json?: boolean },
  report: { ok: boolean; head?: string | null },
  io: CliIO,
): Promise<void> {
  if (!options.witnessPolicy || !report.ok) return;
  let policy = await readWitnessPolicy(options.witnessPolicy);
  const { loadLogCosigning, loadCosign } = await import("../../witness/index.js");
  const { cloneLogHead, findCosignedInHistory, readLogSnapshot, readPublishedLogKey } =
    await loadLogCosigning();
  let dir = resolve(options.target);
  let cleanup = async () => {};
  if (!existsSync(dir)) {
    const tmp = await mkdtemp(join(tmpdir(), "trailseal-audit-cosign-"));
    cleanup = () => rm(tmp, { recursive: true, force: true });
    dir = join(tmp, "log");
    await cloneLogHead(options.target, dir);
  }
  try {
    const snapshot = await readLogSnapshot(dir);
    if (report.head && snapshot.commit && snapshot.commit !== report.head)
      throw new TrailsealError("COSIGN_LOG_MOVED", "the log moved on during the audit", {
        hint: "run the command again",
      });
    // A policy without logs (tlog-policy allows it) is for the log audited: its own key, which
    // the audit has just checked every commit against.
    if (policy.logs.length === 0) {
      const published = await readPublishedLogKey(snapshot.read);
      if (published?.verifierKey)
        policy = {
          ...policy,
          logs: [{ vkey: published.verifierKey, key: parseVerifierKey(published.verifierKey) }],
        };
    }
    const result = verifyCosignedCheckpoint(snapshot.note, policy);
    const { checkWitnessViews } = await loadCosign();
    const views = await checkWitnessViews({
      witnesses: policy.witnesses,
      head: result.checkpoint,
      logKey: result.log.key,
      read: snapshot.read,
    });
    reportWitnessViews(views, result.checkpoint.origin, options, io);
    // Between an append and the next cosigning round the head has no cosignatures: the newest
    // cosigned checkpoint of the history the audit just proved the head extends vouches for
    // that prefix (reported as such).
    const earlier = result.quorumMet
      ? null
      : await findCosignedInHistory(dir, policy, snapshot.commit ? { rev: snapshot.commit } : {});
    const shown = earlier?.result ?? result;
    if (!options.json) {
      if (earlier)
        println(
          io,
          `ok   witnessed up to size ${earlier.result.checkpoint.size} of ${result.checkpoint.size} (checkpoint of ${earlier.commit.slice(0, 12)}; the newer entries await the next cosigning round)`,
        );
      for (const w of shown.witnesses)
        println(io, `${w.status === "valid" ? "ok  " : "FAIL"} witness ${w.name} ${w.status}`);
    }
    if (!result.quorumMet && !earlier)
      throw new TrailsealError(
        "WITNESS_QUORUM_NOT_MET",
        `no checkpoint of the log (head: size ${result.checkpoint.size}) is cosigned to the policy's quorum (failed at the head: ${result.witnesses
          .filter((w) => w.status !== "valid")
          .map((w) => w.name)
          .join(", ")})`,
        {
          hint: "the log's operator runs `trailseal witness cosign`; try again after its next round",
        },
      );
  } finally {
    await cleanup();
  }
}

/**
 * The monitoring API side of an audit: every policy witness with a URL is asked for the latest
 * checkpoint it cosigned of the log (tlog-witness `GET <prefix>/<origin hash>/checkpoint`), and
 * that tree must be the audited head or one the head provably extends. A witness holding a tree
 * the head does not extend is a split view: the audit fails (TLOG_FORK_DETECTED). A witness
 * ahead of the head means this copy of the log is stale; one without the API is noted.
 */
function reportWitnessViews(
  views: readonly {
    witness: string;
    url: string;
    status: string;
    size?: number;
    note?: string;
    detail?: string;
  }[],
  origin: string,
  options: { json?: boolean },
  io: CliIO,
): void {
  if (!options.json)
    for (const view of views) {
      const mark =
        view.status === "same" || view.status === "consistent"
          ? "ok  "
          : view.status === "fork" || view.status === "invalid"
            ? "FAIL"
            : "note";
      const size = view.size === undefined ? "" : ` (size ${view.size})`;
      println(
        io,
        `${mark} witness ${view.witness} monitoring: ${view.status}${size}${view.detail ? `: ${view.detail}` : ""}`,
      );
    }
  const forks = views.filter((v) => v.status === "fork");
  if (forks.length > 0)
    throw new TrailsealError(
      "TLOG_FORK_DETECTED",
      `witness${forks.length > 1 ? "es" : ""} ${forks.map((v) => v.witness).join(", ")} cosigned a tree of ${origin} that the audited head does not extend`,
      {
        hint: "two histories of one log: keep the witness's checkpoint (GET <witness URL>/<origin hash>/checkpoint) and the audited one as evidence",
        details: { forks: forks.map(({ witness, url, size, note }) => ({ witness, url, size, note })) },
      },
    );
}
