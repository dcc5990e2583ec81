import { writeFile } from "node:fs/promises";
import { isErrorCode, TrailsealError } from "../../errors/index.js";
import { homePaths } from "../../home/index.js";
import {
  type ChainIntegrity,
  collectReport,
  FRAMEWORK_IDS,
  frameworkById,
  type LiveReceiptCheck,
  type ReportFormat,
  renderReport,
  type SealProofStatus,
} from "../../report/index.js";
import type { StoredSeal } from "../../seal/index.js";
import { parseInstant } from "../../time/index.js";
import { assertTrailExists, trailDir } from "../../trail/index.js";
import { type CliIO, note } from "../io.js";
import { progress } from "../progress.js";
import { reportError } from "../report-error.js";
import { askWitnesses, cutError } from "./witness-reach.js";

export interface ReportOptions {
  home: string;
  from?: string;
  to?: string;
  format?: ReportFormat | "markdown";
  json?: boolean;
  output?: string;
  verifyWitnesses?: boolean;
  /** A C2SP tlog-policy: each kept proof's cosignatures are checked against it. */
  witnessPolicy?: string;
  /** Witnesses to ask for cuts instead of relay-config.json's. */
  witnessUrl?: string[];
  /** Map the evidence to this framework's controls (FRAMEWORK_IDS). */
  controls?: string;
  /** Pick this many actions of the period, each with its proof. */
  sample?: number;
  seed?: string;
}

async function liveCheck(home: string): Promise<LiveReceiptCheck> {
  const { verifyReceipts } = await import("../../witness/index.js");
  return async (stored, quorum) => {
    const result = await verifyReceipts({ home, stored, quorum });
    return {
      confirmations: result.confirmations,
      met: result.met,
      witnesses: result.results.filter((r) => r.status === "match").map((r) => r.name),
    };
  };
}

/** Each seal's kept offline proof (`witness proof`), re-checked with no network. */
async function proofCheck(
  home: string,
  witnessPolicy: string | undefined,
): Promise<(stored: StoredSeal) => Promise<SealProofStatus>> {
  const policy = witnessPolicy
    ? await (await import("./witness-cosign.js")).readWitnessPolicy(witnessPolicy)
    : undefined;
  const { loadLogCosigning } = await import("../../witness/index.js");
  const { checkKeptSealProof } = await loadLogCosigning();
  const dir = homePaths(home).sealProofs;
  return (stored) => checkKeptSealProof(dir, stored, policy);
}

/** A broken record as the reading commands say it (src/cli/trust-first.ts), or null. */
function brokenRecordError(chain: ChainIntegrity): TrailsealError | null {
  if (chain.ok) return null;
  const broken = chain.broken;
  const message = broken
    ? `the record is broken from seq ${broken.seq}: ${broken.message}`
    : "the record is broken: a seal does not match the chain";
  // A chain break names its reason (hash_mismatch, gap, …); a seal that disagrees, its code.
  const code = broken && isErrorCode(broken.reason) ? broken.reason : "TRAIL_CHAIN_BROKEN";
  return new TrailsealError(code, message, {
    hint: "run `trailseal verify` for every problem; the report shows the record as it now stands",
  });
}

export async function runReport(options: ReportOptions, io: CliIO): Promise<number> {
  const now = new Date();
  const format: ReportFormat = options.json
    ? "json"
    : options.format === "markdown"
      ? "md"
      : (options.format ?? "md");
  await assertTrailExists(trailDir(options.home));
  const controls = options.controls === undefined ? undefined : frameworkById(options.controls);
  if (options.controls !== undefined && !controls)
    throw new TrailsealError(
      "REPORT_FRAMEWORK_UNKNOWN",
      `no control mapping for ${JSON.stringify(options.controls)}: one of ${FRAMEWORK_IDS.join(", ")}`,
    );
  // Events verified so far, on a terminal: a long trail takes a while to read.
  const shown = progress(io, "report");
  shown.update("reading the trail");
  const report = await collectReport(options.home, {
    now,
    controls,
    sample: options.sample === undefined ? undefined : { n: options.sample, seed: options.seed ?? "0" },
    from: options.from === undefined ? undefined : parseInstant(options.from, now),
    to: options.to === undefined ? undefined : parseInstant(options.to, now),
    env: io.env,
    verifyLive: options.verifyWitnesses ? await liveCheck(options.home) : undefined,
    checkProof: await proofCheck(options.home, options.witnessPolicy),
    askWitnesses: async (seals) => {
      const asked = await askWitnesses({
        home: options.home,
        env: io.env,
        seals,
        witnessUrl: options.witnessUrl,
      });
      return asked.asked ? { asked: true, keyId: asked.keyId, answers: asked.answers } : asked;
    },
    onProgress: (n) => shown.update(`${n.toLocaleString("en-US")} events verified`),
  }).finally(() => shown.done());
  const untrusted = brokenRecordError(report.chain_integrity);
  if (untrusted) reportError(io, untrusted); // said first, before the report itself
  const text = renderReport(report, format);
  if (options.output) {
    await writeFile(options.output, text);
    note(
      io,
      `wrote ${options.output}: chain ${report.chain_integrity.ok ? "intact" : "BROKEN"}, ` +
        `${report.headline.cuts_detected === null ? "cuts not checked" : report.headline.cuts_detected ? "CUT" : "no cut"}, ` +
        `${report.headline.events_sealed}/${report.headline.events_total} events sealed, ` +
        `${report.headline.events_witnessed}/${report.headline.events_total} witnessed`,
    );
  } else {
    io.stdout.write(text);
  }
  // The report names each cut; the command ends with it through the CLI's catch.
  const cut = await cutError(report.completeness);
  if (cut) throw cut;
  return report.chain_integrity.ok ? 0 : 1;
}
