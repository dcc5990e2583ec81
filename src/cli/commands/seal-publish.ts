import { TrailsealError } from "../../errors/index.js";
import { homePaths } from "../../home/index.js";
import { loadRelayConfig } from "../../relay/index.js";
import type { StoredSeal } from "../../seal/index.js";
import { parseTimeout } from "../../time/index.js";
import { type CliIO, printJson, println } from "../io.js";
import { cutPublishError, resolveWitnesses } from "./witness-publish.js";

/**
 * `seal --publish`: the new seal to relay-config.json's witnesses, the whole publish bounded by
 * `--timeout` (default 10 s), guarded against cuts. What witness before act runs from the hook:
 * exit 0 at quorum, 3 below it, 1 when a witness holds a newer seal the trail does not reach.
 */
export async function publishNow(
  options: { home: string; json?: boolean; timeout?: string },
  stored: StoredSeal,
  io: CliIO,
): Promise<number> {
  await loadRelayConfig(homePaths(options.home).relayConfig);
  const { endpoints, quorum } = await resolveWitnesses(options.home, undefined, undefined);
  const budgetMs = parseTimeout(options.timeout) ?? 10_000;
  const { publishSeal } = await import("../../witness/index.js");
  const result = await publishSeal({
    home: options.home,
    stored,
    endpoints,
    quorum: Math.min(quorum, endpoints.length),
    guardCuts: true,
    timeoutMs: budgetMs,
    signal: AbortSignal.timeout(budgetMs),
  });
  if (options.json) printJson(io, { event_count: stored.seal.event_count, ...result });
  else
    println(
      io,
      `sealed ${stored.seal.event_count} events as ${stored.id}; ${result.confirmations} of ${result.quorum} witness(es) confirmed`,
    );
  const cut = result.outcomes.find((outcome) => outcome.error?.code === "WITNESS_CUT_DETECTED");
  if (cut) throw cutPublishError([cut]);
  if (!result.met) {
    const failures = result.outcomes.filter((o) => !o.ok).map((o) => `${o.name}: ${o.error?.code}`);
    throw new TrailsealError(
      "WITNESS_QUORUM_NOT_MET",
      `quorum not met within ${budgetMs / 1000}s (${failures.join(", ")})`,
    );
  }
  return 0;
}
