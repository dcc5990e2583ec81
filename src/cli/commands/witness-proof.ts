import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { writeFileAtomic } from "../../durable/index.js";
import { configError, TrailsealError } from "../../errors/index.js";
import { homePaths } from "../../home/index.js";
import { findSeal, readSeals } from "../../seal/index.js";
import { parseWitnessPolicy } from "../../tlog/index.js";
import type { CliIO } from "../io.js";
import { printJson, println } from "../io.js";

async function readConfig(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (cause) {
    throw configError("COSIGN_CONFIG_UNREADABLE", `cannot read the ${what} ${path}`, { cause });
  }
}

export interface WitnessProofOptions {
  home: string;
  seal?: string;
  log: string;
  logKey?: string;
  output?: string;
}

/**
 * `trailseal witness proof --seal <id|latest> --log <dir> [--output <file>]`: writes a
 * c2sp.org/tlog-proof@v1 for the seal's anchor (the log's latest cosigned checkpoint kept in this
 * home, the entry's index, its inclusion proof), checked before it is written.
 */
export async function runWitnessProof(options: WitnessProofOptions, io: CliIO): Promise<number> {
  const stored = findSeal(await readSeals(homePaths(options.home).seals), options.seal ?? "latest");
  const { loadLogCosigning } = await import("../../witness/index.js");
  const { buildSealProof, keepSealProof, readLogSnapshot, readPublishedLogKey } = await loadLogCosigning();
  const logDir = resolve(options.log);
  let logKey = options.logKey;
  if (!logKey) {
    const published = await readPublishedLogKey((await readLogSnapshot(logDir)).read);
    if (!published?.verifierKey)
      throw configError("TLOG_KEY_MISSING", "no verifier key for this log", {
        hint: "pass --log-key <vkey>",
      });
    logKey = published.verifierKey;
  }
  const proof = await buildSealProof({
    stored,
    logDir,
    cosignedDir: homePaths(options.home).cosignedCheckpoints,
    logKey,
  });
  // Kept in the home too, with the key it was checked with: the compliance report lists it.
  await keepSealProof(homePaths(options.home).sealProofs, stored.id, proof.text, logKey);
  if (options.output) {
    await writeFileAtomic(resolve(options.output), proof.text);
    println(
      io,
      `${resolve(options.output)}: ${stored.id} is entry ${proof.index} of ${proof.size} in ${proof.origin}` +
        (proof.cosigners.length > 0 ? `, cosigned by ${proof.cosigners.join(", ")}` : " (not cosigned yet)"),
    );
  } else io.stdout.write(proof.text);
  return 0;
}

export interface WitnessVerifyProofOptions {
  home: string;
  proof: string;
  logKey?: string;
  witnessPolicy?: string;
  seal?: string;
  json?: boolean;
}

/**
 * `trailseal witness verify --proof <file> --log-key <vkey> [--witness-policy <file>]`: checks a
 * tlog-proof against the local seal and its receipts with no network. Exit 0 verified (and
 * cosigned to quorum with a policy), 1 on a failed check, 3 below the policy's quorum.
 */
export async function runWitnessVerifyProof(options: WitnessVerifyProofOptions, io: CliIO): Promise<number> {
  if (!options.logKey)
    throw configError("COSIGN_LOG_KEY_REQUIRED", "--proof needs --log-key <the log's verifier key>");
  const stored = findSeal(await readSeals(homePaths(options.home).seals), options.seal ?? "latest");
  const proofText = await readConfig(resolve(options.proof), "proof");
  const policy = options.witnessPolicy
    ? parseWitnessPolicy(await readConfig(resolve(options.witnessPolicy), "witness policy"))
    : undefined;
  const { loadLogCosigning } = await import("../../witness/index.js");
  const { verifySealProof } = await loadLogCosigning();
  const result = verifySealProof({
    stored,
    proofText,
    logKey: options.logKey,
    ...(policy ? { policy } : {}),
  });
  const witnesses = result.cosigned?.witnesses ?? [];
  if (options.json)
    printJson(io, {
      ok: result.cosigned ? result.cosigned.quorumMet : true,
      seal_id: stored.id,
      anchor_id: result.anchorId,
      log_index: result.index,
      tree_size: result.checkpoint.size,
      origin: result.checkpoint.origin,
      ...(result.cosigned ? { quorum_met: result.cosigned.quorumMet, witnesses } : {}),
    });
  else {
    println(
      io,
      `${stored.id}: anchor ${result.anchorId} is entry ${result.index} of ${result.checkpoint.size} in ${result.checkpoint.origin} (inclusion proof verified offline)`,
    );
    for (const w of witnesses) println(io, `${w.status === "valid" ? "ok  " : "FAIL"} ${w.name} ${w.status}`);
  }
  if (result.cosigned && !result.cosigned.quorumMet)
    throw new TrailsealError(
      "WITNESS_QUORUM_NOT_MET",
      `the proof's checkpoint is not cosigned to the policy's quorum (missing: ${witnesses
        .filter((w) => w.status !== "valid")
        .map((w) => w.name)
        .join(", ")})`,
    );
  return 0;
}
