import { configError, ERROR_CODES, type ErrorCode, isErrorCode, TrailsealError } from "../../errors/index.js";
import { homePaths } from "../../home/index.js";
import { loadRelayConfig } from "../../relay/index.js";
import { findSeal, readSeals } from "../../seal/index.js";
import { parseTimeout } from "../../time/index.js";
import { isGitWitnessUrl, toAnchorUrl } from "../../witness/index.js";
import type { CliIO } from "../io.js";
import { formatTable, printJson, println } from "../io.js";

export interface WitnessPublishOptions {
  home: string;
  witnessUrl?: string[];
  quorum?: number;
  seal?: string;
  timeout?: string;
  retries?: number;
  json?: boolean;
}

interface Endpoint {
  url: string;
  name: string;
  auth_token?: string;
}

function sameWitness(a: string, b: string): boolean {
  if (a === b) return true;
  if (isGitWitnessUrl(a) || isGitWitnessUrl(b)) return false;
  try {
    return toAnchorUrl(a) === toAnchorUrl(b);
  } catch {
    return false;
  }
}

function nameFor(url: string): string {
  if (isGitWitnessUrl(url)) return url;
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Witnesses and quorum: `--witness-url` (each may pick up its name and auth_token from the
 * matching relay-config endpoint), else relay-config.json's witness.endpoints and quorum.
 */
export async function resolveWitnesses(
  home: string,
  urls: string[] | undefined,
  quorum: number | undefined,
): Promise<{ endpoints: Endpoint[]; quorum: number }> {
  const config = await loadRelayConfig(homePaths(home).relayConfig);
  const configured = config.witness.endpoints;
  if (urls && urls.length > 0) {
    const endpoints = urls.map((url) => {
      const match = configured.find((endpoint) => sameWitness(endpoint.url, url));
      return match ? { ...match, url } : { url, name: nameFor(url) };
    });
    return { endpoints, quorum: quorum ?? 1 };
  }
  if (configured.length === 0) {
    throw configError("WITNESS_NO_ENDPOINTS", "no witness to publish to", {
      hint: "pass --witness-url <url> (repeatable) or set witness.endpoints in relay-config.json",
    });
  }
  return { endpoints: configured, quorum: quorum ?? config.witness.quorum };
}

/**
 * Witnesses that refused the seal because they hold a newer one the trail does not reach, as the
 * one error a publish ends with (WITNESS_CUT_DETECTED, exit 1).
 */
export function cutPublishError(cuts: readonly { error?: { message: string } }[]): TrailsealError {
  return new TrailsealError(
    "WITNESS_CUT_DETECTED",
    cuts.map((outcome) => outcome.error!.message).join("; "),
    {
      hint: "a witness holds a newer seal of this key that the trail does not reach: it was cut or rewritten, or this is a new home under an old key id",
    },
  );
}

/** `trailseal witness publish`: exit 0 at quorum, 3 below it (seal and receipts kept). */
export async function runWitnessPublish(options: WitnessPublishOptions, io: CliIO): Promise<number> {
  const { endpoints, quorum } = await resolveWitnesses(options.home, options.witnessUrl, options.quorum);
  const timeoutMs = parseTimeout(options.timeout);
  const stored = findSeal(await readSeals(homePaths(options.home).seals), options.seal ?? "latest");
  const { publishSeal } = await import("../../witness/index.js");
  const result = await publishSeal({
    home: options.home,
    stored,
    endpoints,
    quorum,
    guardCuts: true,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(options.retries !== undefined ? { retries: options.retries } : {}),
  });
  if (options.json) {
    printJson(io, result);
  } else {
    println(io, `publishing ${result.seal_id} to ${result.outcomes.length} witness(es), quorum ${quorum}`);
    println(
      io,
      formatTable(
        result.outcomes.map((outcome) => [
          outcome.ok ? "ok" : "FAIL",
          outcome.name,
          outcome.ok ? outcome.receipt!.anchor_id : `${outcome.error!.code}: ${outcome.error!.message}`,
          `${outcome.attempts} attempt(s), ${outcome.ms} ms`,
        ]),
      ),
    );
    if (result.met) println(io, `quorum met: ${result.confirmations} confirmation(s), ${quorum} required`);
  }
  const cuts = result.outcomes.filter((outcome) => outcome.error?.code === "WITNESS_CUT_DETECTED");
  if (cuts.length > 0) throw cutPublishError(cuts);
  // A witness that failed for a configuration reason (a git log whose key is not in the home, a
  // key readable by others) will fail again: that is exit 2 with its own code, not "later" (3).
  const misconfigured = result.outcomes.find(
    (outcome) =>
      !outcome.ok &&
      outcome.error &&
      isErrorCode(outcome.error.code) &&
      ERROR_CODES[outcome.error.code].exit === 2,
  );
  if (!result.met && misconfigured)
    throw new TrailsealError(
      misconfigured.error!.code as ErrorCode,
      `quorum not met: ${result.confirmations} confirmation(s), ${quorum} required; ${misconfigured.name} cannot confirm until its configuration is fixed: ${misconfigured.error!.message}`,
      {
        hint: `fix ${misconfigured.name} (e.g. copy the log's key into <home>/log-keys/ from the home that ran \`witness init\`), then \`trailseal witness publish --seal ${result.seal_id}\``,
      },
    );
  if (!result.met)
    throw new TrailsealError(
      "WITNESS_QUORUM_NOT_MET",
      `quorum not met: ${result.confirmations} confirmation(s), ${quorum} required`,
      {
        hint: `${result.seal_id} and its ${result.confirmations} receipt(s) are kept; run \`trailseal witness publish --seal ${result.seal_id}\` again later`,
      },
    );
  return 0;
}
