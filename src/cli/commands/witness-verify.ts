import { TrailsealError } from "../../errors/index.js";
import { homePaths } from "../../home/index.js";
import { loadRelayConfig } from "../../relay/index.js";
import { findSeal, readSeals } from "../../seal/index.js";
import { parseTimeout } from "../../time/index.js";
import { assertTrailExists, chainView, trailDir, verifyTrail } from "../../trail/index.js";
import type { CliIO } from "../io.js";
import { formatTable, printJson, println } from "../io.js";
import { askWitnesses, cutCheckJson, cutError, printCutCheck } from "./witness-reach.js";

export interface WitnessVerifyOptions {
  home: string;
  quorum?: number;
  seal?: string;
  timeout?: string;
  json?: boolean;
  /** A C2SP tlog-policy: the seal's git log entry must also be under a checkpoint cosigned to its quorum. */
  witnessPolicy?: string;
  /** Witnesses to ask for cuts instead of relay-config.json's. */
  witnessUrl?: string[];
}

function show(value: unknown): string {
  return value === null || value === undefined ? "(missing)" : JSON.stringify(value);
}

/**
 * `trailseal witness verify`: exit 1 when a witness holds different data or a cut, 3 below
 * quorum (each through the CLI's catch with its code).
 */
export async function runWitnessVerify(options: WitnessVerifyOptions, io: CliIO): Promise<number> {
  const paths = homePaths(options.home);
  const config = await loadRelayConfig(paths.relayConfig);
  const quorum = options.quorum ?? config.witness.quorum;
  // A private git log is read with the token configured for publishing to it (its origin only).
  const endpoints = config.witness.endpoints;
  const seals = await readSeals(paths.seals);
  const stored = findSeal(seals, options.seal ?? "latest");
  const { assertQuorum, verifyReceipts } = await import("../../witness/index.js");
  assertQuorum(quorum, Number.MAX_SAFE_INTEGER);
  const timeoutMs = parseTimeout(options.timeout);
  const result = await verifyReceipts({
    home: options.home,
    stored,
    quorum,
    endpoints,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });
  const cosign = options.witnessPolicy
    ? await import("./witness-cosign-verify.js").then(async (m) => ({
        module: m,
        report: await m.checkSealLogsCosigned({
          home: options.home,
          witnessPolicy: options.witnessPolicy!,
          stored,
          endpoints,
        }),
      }))
    : undefined;
  // The witnesses' newest seals against the chain: a receipt that still matches says nothing
  // about the seals made after it that the trail no longer reaches.
  const asked = await askWitnesses({
    home: options.home,
    env: io.env,
    seals,
    timeout: options.timeout,
    witnessUrl: options.witnessUrl,
  });
  const { countsToCheck, judgeReach } = await import("../../witness/index.js");
  let cuts = null;
  if (asked.asked) {
    await assertTrailExists(trailDir(options.home));
    const chain = await verifyTrail(trailDir(options.home), { tipsAt: countsToCheck(asked.answers) });
    cuts = judgeReach(asked.keyId, asked.answers, chainView(chain));
  }
  if (options.json) {
    const body = { ...result, witnesses: cutCheckJson(asked, cuts) };
    printJson(io, cosign ? { ...body, cosigned: cosign.report } : body);
  } else {
    println(io, `verifying ${result.seal_id} against ${result.results.length} receipt(s), quorum ${quorum}`);
    if (result.results.length > 0) {
      println(
        io,
        formatTable(
          result.results.map((check) => [
            check.status === "match" ? "ok" : check.status.toUpperCase(),
            check.name,
            check.anchor_id,
            check.error
              ? `${check.error.code}: ${check.error.message}`
              : check.log
                ? `in log ${check.log.origin}: entry ${check.log.log_index} of ${check.log.tree_size} (pin ${check.log.pin})`
                : "",
          ]),
        ),
      );
    }
    for (const check of result.results.filter((c) => c.status === "mismatch")) {
      for (const difference of check.differences ?? []) {
        println(
          io,
          `  ${check.name}: ${difference.field} is ${show(difference.actual)}, the local seal has ${show(difference.expected)}`,
        );
      }
    }
  }
  if (!options.json) await printCutCheck(io, asked, cuts);
  else if (cuts?.cut) await printCutCheck({ ...io, stdout: io.stderr }, asked, cuts);
  const cut = await cutError(cuts);
  if (cut) throw cut;
  if (!result.consistent) {
    const bad = result.results.filter((c) => c.status === "mismatch").map((c) => c.name);
    const logCodes = result.results.map((c) => c.error?.code ?? "");
    throw new TrailsealError(
      "WITNESS_RECEIPT_MISMATCH",
      `witness data does not match the local seal: ${bad.join(", ")}`,
      {
        hint: logCodes.some((code) => code === "TLOG_ROLLBACK" || code === "TLOG_FORK_DETECTED")
          ? "a witness's log went back or forked since its checkpoint was pinned; keep the pinned checkpoint (witness-pins/) and the new one as evidence"
          : "either the witness altered or lost the anchor, or the local seal store was changed",
      },
    );
  }
  if (!result.met)
    throw new TrailsealError(
      "WITNESS_QUORUM_NOT_MET",
      `quorum not met: ${result.confirmations} matching witness(es), ${quorum} required`,
      {
        hint:
          result.results.length === 0
            ? `${result.seal_id} has no receipts; run \`trailseal witness publish\` first`
            : "unreachable witnesses say nothing either way; retry later",
      },
    );
  if (!options.json)
    println(io, `quorum met: ${result.confirmations} matching witness(es), ${quorum} required`);
  if (cosign) {
    cosign.module.printSealCosignReport(cosign.report, io, options.json === true);
    const unmet = cosign.module.sealCosignError(cosign.report);
    if (unmet) throw unmet;
  }
  return 0;
}
