/**
 * Asking the witnesses for cuts, shared by `verify`, `witness verify` and `report`: which
 * witnesses (`--witness-url`, else relay-config.json's witness.endpoints, whether or not
 * publishing is enabled), under which key id (the home's seal key, else the newest stored
 * seal's), and how the outcome is said. Asking happens before the chain is read, so the
 * witnessed counts are among the hashes the verification keeps (`countsToCheck`).
 */
import { TrailsealError } from "../../errors/index.js";
import { homePaths, loadSealKey } from "../../home/index.js";
import { loadRelayConfig } from "../../relay/index.js";
import type { StoredSeal } from "../../seal/index.js";
import { parseTimeout } from "../../time/index.js";
import type { CutCheck, LatestAnswer, WitnessEndpoint, WitnessReach } from "../../witness/index.js";
import type { CliIO } from "../io.js";

export interface AskOptions {
  home: string;
  env: NodeJS.ProcessEnv;
  seals: readonly StoredSeal[];
  /** `--witness-url` (repeatable): ask these instead of the configured ones. */
  witnessUrl?: readonly string[];
  /** Per witness, e.g. "10s". */
  timeout?: string;
}

/** Who was asked and what they said, or why nobody was. */
export type Asked =
  | { asked: true; keyId: string; endpoints: WitnessEndpoint[]; answers: LatestAnswer[] }
  | { asked: false; reason: string };

function nameFor(url: string, configured: readonly WitnessEndpoint[]): WitnessEndpoint {
  const found = configured.find((endpoint) => endpoint.url === url);
  if (found) return found;
  try {
    return { url, name: /^https?:/i.test(url) ? new URL(url).host : url };
  } catch {
    return { url, name: url };
  }
}

/** The witnesses to ask and the key id to ask about. */
async function resolveAsk(
  options: AskOptions,
): Promise<{ keyId: string; endpoints: WitnessEndpoint[] } | { reason: string }> {
  const config = await loadRelayConfig(homePaths(options.home).relayConfig);
  const configured = config.witness.endpoints;
  const endpoints =
    options.witnessUrl && options.witnessUrl.length > 0
      ? options.witnessUrl.map((url) => nameFor(url, configured))
      : configured;
  // Says where witnesses come from: a newcomer who published with --witness-url has none configured.
  if (endpoints.length === 0)
    return {
      reason:
        "no witness is configured: add them to relay-config.json's witness.endpoints, or pass --witness-url",
    };
  const keyId =
    (await loadSealKey(options.home, options.env).then(
      (key) => key.keyId,
      () => undefined,
    )) ?? options.seals.at(-1)?.seal.key_id;
  if (keyId === undefined) return { reason: "no seal key and no seal name a key id to ask about" };
  return { keyId, endpoints };
}

/** Asks every witness for the newest seal of the home's key id; never throws for a witness. */
export async function askWitnesses(options: AskOptions): Promise<Asked> {
  const resolved = await resolveAsk(options);
  if ("reason" in resolved) return { asked: false, reason: resolved.reason };
  const { askLatest } = await import("../../witness/index.js");
  const timeoutMs = parseTimeout(options.timeout);
  const answers = await askLatest({
    home: options.home,
    keyId: resolved.keyId,
    endpoints: resolved.endpoints,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  return { asked: true, ...resolved, answers };
}

/** The JSON form: the check, or that no witness was asked and so cuts were not checked. */
export function cutCheckJson(asked: Asked, check: CutCheck | null): Record<string, unknown> {
  if (!asked.asked || !check) return { checked_for_cuts: false, reason: asked.asked ? "" : asked.reason };
  return { checked_for_cuts: check.answered > 0, ...check };
}

const isCut = (reach: WitnessReach) => reach.status === "cut" || reach.status === "rewritten";

/**
 * A cut as the one error the command ends with (WITNESS_CUT_DETECTED, exit 1, through the
 * CLI's catch), naming each witness, its seal and the missing events; null when there is none.
 */
export async function cutError(
  check: Pick<CutCheck, "cut" | "witnesses"> | null,
): Promise<TrailsealError | null> {
  if (!check?.cut) return null;
  const { describeCut } = await import("../../witness/index.js");
  return new TrailsealError(
    "WITNESS_CUT_DETECTED",
    check.witnesses.filter(isCut).map(describeCut).join("; "),
    {
      hint: "events a witness saw sealed are gone or changed: the trail was cut or rewritten after sealing (or a new home took over the key id)",
    },
  );
}

/**
 * Says the outcome but a cut (the caller throws `cutError`, which names it): a witness that
 * cannot answer as a warning (it is not a clean answer); no witness asked as a plain statement
 * that cuts were not checked; every witnessed seal reached as such.
 */
export async function printCutCheck(io: CliIO, asked: Asked, check: CutCheck | null): Promise<void> {
  if (!asked.asked || !check) {
    io.stdout.write(
      `witnesses: not asked (${asked.asked ? "no answer" : asked.reason}): this verification has not checked for cuts\n`,
    );
    return;
  }
  for (const reach of check.witnesses) {
    if (reach.status === "cannot-answer") {
      io.stderr.write(
        `trailseal: warning: witness ${reach.name} cannot answer (${reach.error?.code}: ${reach.error?.message}); the trail was not checked for cuts against it\n`,
      );
    }
  }
  if (check.cut) return;
  const reached = check.witnesses.filter((w) => w.status === "reached");
  const none = check.witnesses.filter((w) => w.status === "none");
  const parts = [
    ...reached.map((w) => `${w.name} (newest ${w.anchor_id}, ${w.chained_events} events)`),
    ...none.map((w) => `${w.name} (holds no seal for ${check.key_id})`),
  ];
  if (parts.length > 0)
    io.stdout.write(`no cut: the trail reaches every witnessed seal: ${parts.join(", ")}\n`);
  if (check.answered === 0)
    io.stdout.write("witnesses: none answered: this verification has not checked for cuts\n");
}
