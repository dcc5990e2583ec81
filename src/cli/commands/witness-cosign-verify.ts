import { codeOf, TrailsealError } from "../../errors/index.js";
import { homePaths } from "../../home/index.js";
import type { StoredSeal } from "../../seal/index.js";
import type { WitnessEndpoint } from "../../witness/index.js";
import type { CliIO } from "../io.js";
import { println } from "../io.js";
import { readWitnessPolicy } from "./witness-cosign.js";

/** One git log holding a receipt of the seal, checked against the policy (or why it could not be). */
export interface SealLogCosignCheck {
  witness: string;
  origin?: string;
  size?: number;
  index?: number;
  quorum_met: boolean;
  witnesses?: { name: string; status: string }[];
  error?: { code: string; message: string };
}

export interface SealCosignReport {
  quorum_met: boolean;
  logs: SealLogCosignCheck[];
}

/**
 * `witness verify --witness-policy <file>` (without --tiles or --proof): every git log holding a
 * receipt of the seal and listed by the policy is read (a local log as it is, a remote one from a
 * shallow clone) and the seal's entry must be proven under a checkpoint cosigned to the policy's
 * quorum: the log's head checkpoint, or the latest cosigned one this home kept for it. Met when
 * one such log meets it. Logs the policy does not list are left out.
 */
export async function checkSealLogsCosigned(options: {
  home: string;
  witnessPolicy: string;
  stored: StoredSeal;
  /** Configured witnesses: a private log is cloned with the token configured for it (readTokenFor). */
  endpoints?: readonly WitnessEndpoint[];
}): Promise<SealCosignReport> {
  const policy = await readWitnessPolicy(options.witnessPolicy);
  const { isGitWitnessUrl, loadLogCosigning, readTokenFor } = await import("../../witness/index.js");
  const { checkSealCosigned, withLogCheckout } = await loadLogCosigning();
  const cosignedDir = homePaths(options.home).cosignedCheckpoints;
  const receipts = new Map(
    options.stored.receipts
      .filter((r) => isGitWitnessUrl(r.witness.url))
      .map((r) => [r.witness.url, r.witness.name || r.witness.url]),
  );
  const logs: SealLogCosignCheck[] = [];
  for (const [url, witness] of receipts) {
    try {
      const authToken = readTokenFor(options.endpoints ?? [], url);
      const check = await withLogCheckout(
        url,
        (logDir) => checkSealCosigned({ stored: options.stored, logDir, cosignedDir, policy }),
        authToken === undefined ? {} : { authToken },
      );
      logs.push({
        witness,
        origin: check.origin,
        size: check.size,
        index: check.index,
        quorum_met: check.quorumMet,
        witnesses: check.witnesses,
      });
    } catch (error) {
      const code = codeOf(error) ?? "COSIGN_LOG_UNREADABLE";
      if (code === "COSIGN_LOG_NOT_IN_POLICY") continue;
      logs.push({ witness, quorum_met: false, error: { code, message: (error as Error).message } });
    }
  }
  return { quorum_met: logs.some((l) => l.quorum_met), logs };
}

/** Prints each log's check as findings (the caller throws `sealCosignError` when unmet). */
export function printSealCosignReport(report: SealCosignReport, io: CliIO, json: boolean): void {
  if (json) return;
  for (const log of report.logs) {
    if (log.error) {
      println(io, `FAIL log ${log.witness}: ${log.error.code}: ${log.error.message}`);
      continue;
    }
    println(
      io,
      `${log.quorum_met ? "ok  " : "FAIL"} log ${log.origin}: entry ${log.index} under a checkpoint of size ${log.size} ${log.quorum_met ? "cosigned to the policy's quorum" : "below the policy's quorum"}`,
    );
    for (const w of log.witnesses ?? [])
      println(io, `${w.status === "valid" ? "ok  " : "FAIL"} witness ${w.name} ${w.status}`);
  }
}

/** The policy's quorum not met, as the one error the command ends with (exit 3), naming the failed witnesses; else null. */
export function sealCosignError(report: SealCosignReport): TrailsealError | null {
  if (report.quorum_met) return null;
  if (report.logs.length === 0)
    return new TrailsealError(
      "WITNESS_QUORUM_NOT_MET",
      "no receipt of the seal is in a git log the witness policy lists",
      { hint: "publish the seal to a git log of the policy; for a log read over HTTP use --tiles" },
    );
  const failed = [
    ...new Set(
      report.logs.flatMap((l) => (l.witnesses ?? []).filter((w) => w.status !== "valid").map((w) => w.name)),
    ),
  ];
  return new TrailsealError(
    "WITNESS_QUORUM_NOT_MET",
    `the seal's entry is not under a checkpoint cosigned to the policy's quorum${failed.length > 0 ? ` (failed: ${failed.join(", ")})` : ""}`,
    { hint: "the log's operator runs `trailseal witness cosign`; try again after its next round" },
  );
}
