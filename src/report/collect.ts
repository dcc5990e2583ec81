import { configError } from "../errors/index.js";
import { homePaths, loadSealKey, type SealKey } from "../home/index.js";
import { loadRelayConfig } from "../relay/index.js";
import { readSeals, type StoredSeal } from "../seal/index.js";
import { chainView, readEvents, trailDir, verifyTrail } from "../trail/index.js";
import type { LatestAnswer } from "../witness/index.js";
import { buildReport, digestEvents, evaluateSeals, sealedEventCount } from "./build.js";
import { type Framework, mapControls } from "./controls/index.js";
import type { Completeness, ComplianceReport, SealProofStatus } from "./model.js";
import { sampleActions } from "./sample.js";

/** Asks the witnesses for their newest seal of the key id (the CLI's witness-reach), or says why not. */
export type AskWitnesses = (
  seals: readonly StoredSeal[],
) => Promise<{ asked: true; keyId: string; answers: LatestAnswer[] } | { asked: false; reason: string }>;

/** Re-checks one seal's receipts against the witnesses (the witness client's verifyReceipts). */
export type LiveReceiptCheck = (
  stored: StoredSeal,
  quorum: number,
) => Promise<{ confirmations: number; met: boolean; witnesses: string[] }>;

export interface CollectOptions {
  from?: Date;
  to?: Date;
  now?: Date;
  env?: NodeJS.ProcessEnv;
  /** The seal key for signature checks; default: the home's key if there is one. */
  key?: SealKey | null;
  /** With --verify-witnesses: confirmations come from the witnesses, not the local receipts. */
  verifyLive?: LiveReceiptCheck;
  /** Re-checks a seal's kept offline proof (`witness proof`), with no network. */
  checkProof?: (stored: StoredSeal) => Promise<SealProofStatus>;
  onProgress?: (events: number) => void;
  /** Cut detection: asked before the chain is read, judged against it. */
  askWitnesses?: AskWitnesses;
  /** Maps the evidence to this framework's controls (`--controls`). */
  controls?: Framework;
  /** Picks this many actions of the period with this seed, each with its proof (`--sample`). */
  sample?: { n: number; seed: string };
}

async function firstEventTs(dir: string): Promise<string | null> {
  for await (const event of readEvents(dir)) return event.ts;
  return null;
}

/**
 * Gathers the facts from the home and builds the report: verifies the chain once (keeping
 * hashes to check every seal), reads the seal store, then streams the events once for the
 * risk summary, event coverage and the unsealed tail.
 */
export async function collectReport(home: string, options: CollectOptions = {}): Promise<ComplianceReport> {
  const now = options.now ?? new Date();
  const paths = homePaths(home);
  const dir = trailDir(home);
  const config = await loadRelayConfig(paths.relayConfig);
  const seals = await readSeals(paths.seals);
  const asked = options.askWitnesses ? await options.askWitnesses(seals) : null;
  const witness = asked?.asked ? await import("../witness/index.js") : null;
  const chain = await verifyTrail(dir, {
    tipsAt: [
      ...seals.map((stored) => stored.seal.event_count),
      ...(asked?.asked && witness ? witness.countsToCheck(asked.answers) : []),
    ],
    onProgress: options.onProgress,
  });
  let completeness: Omit<Completeness, "unwitnessed"> | undefined;
  if (asked?.asked && witness) {
    const check = witness.judgeReach(asked.keyId, asked.answers, chainView(chain));
    completeness = {
      checked_for_cuts: check.answered > 0,
      key_id: check.key_id,
      cut: check.cut,
      witnesses: check.witnesses,
    };
  } else if (asked && !asked.asked) {
    completeness = { checked_for_cuts: false, reason: asked.reason, cut: false, witnesses: [] };
  }
  let key: SealKey | undefined;
  if (options.key !== undefined) key = options.key ?? undefined;
  else key = await loadSealKey(home, options.env ?? process.env).catch(() => undefined);
  const evaluations = evaluateSeals(seals, chainView(chain), key);

  const to = options.to ?? now;
  const firstTs = await firstEventTs(dir);
  const from =
    options.from ??
    (firstTs ? new Date(firstTs) : seals[0] ? new Date(seals[0].seal.timestamp) : new Date(to.getTime()));
  if (from.getTime() > to.getTime()) {
    throw configError(
      "REPORT_PERIOD_INVALID",
      `the period starts (${from.toISOString()}) after it ends (${to.toISOString()})`,
    );
  }

  const quorum = config.witness.quorum;
  if (options.verifyLive) {
    const fromIso = from.toISOString();
    const toIso = to.toISOString();
    for (const evaluation of evaluations) {
      const ts = evaluation.stored.seal.timestamp;
      if (ts < fromIso || ts > toIso) continue;
      try {
        evaluation.live = await options.verifyLive(evaluation.stored, quorum);
      } catch (error) {
        evaluation.live = { error: (error as Error).message };
      }
    }
  }

  if (options.checkProof) {
    const fromIso = from.toISOString();
    const toIso = to.toISOString();
    for (const evaluation of evaluations) {
      const ts = evaluation.stored.seal.timestamp;
      if (ts >= fromIso && ts <= toIso) evaluation.proof = await options.checkProof(evaluation.stored);
    }
  }

  const events = await digestEvents(readEvents(dir), {
    from,
    to,
    sealedCount: sealedEventCount(evaluations),
  });
  const report = buildReport({
    generatedAt: now,
    from,
    to,
    intervalMinutes: config.auto_seal.interval_minutes,
    ...(config.retention?.min_age ? { retentionMinAge: config.retention.min_age } : {}),
    archive: chain.archive,
    intervalMs: config.auto_seal.interval_minutes * 60_000,
    quorum,
    witnessEnabled: config.witness.enabled,
    chain: { ok: chain.ok, chainTip: chain.chainTip, eventCount: chain.eventCount, broken: chain.broken },
    seals: evaluations,
    signaturesChecked: key !== undefined,
    verifiedLive: options.verifyLive !== undefined,
    events,
    ...(completeness ? { completeness } : {}),
  });
  if (options.controls) report.controls = mapControls(report, options.controls);
  if (options.sample)
    report.sample = await sampleActions(dir, () => readEvents(dir), {
      ...options.sample,
      from: report.period.from,
      to: report.period.to,
      seals: evaluations,
      quorum,
    });
  return report;
}
