/**
 * `witness verify --tiles <url> --witness-policy <file>`: after the anchor verified, the log's
 * published checkpoint must be that same tree and carry cosignatures meeting the policy's quorum
 * (a trailseal log carries them once `witness cosign` committed them; any C2SP log that serves
 * cosigned checkpoints works too).
 */
import { configError, TrailsealError } from "../../errors/index.js";
import {
  CHECKPOINT_PATH,
  type Checkpoint,
  type CosignedCheckpointVerification,
  type FetchLike,
  hashesEqual,
  httpReader,
  parseVerifierKey,
  verifyCosignedCheckpoint,
  type WitnessPolicy,
} from "../../tlog/index.js";

export interface TilesCosignCheck {
  result: CosignedCheckpointVerification;
  /** WITNESS_QUORUM_NOT_MET naming the witnesses that failed, or null when the quorum is met. */
  quorumError: TrailsealError | null;
}

export async function checkTilesCosigned(
  options: { tiles: string; policy: WitnessPolicy; key?: string; fetch?: FetchLike },
  verified: Checkpoint,
): Promise<TilesCosignCheck> {
  let policy = options.policy;
  if (!policy.logs.some((log) => log.key.name === verified.origin)) {
    if (!options.key)
      throw configError("COSIGN_LOG_NOT_IN_POLICY", `the witness policy lists no log "${verified.origin}"`, {
        hint: "add `log <the log's verifier key>` to the policy, or pass --key",
      });
    policy = { ...policy, logs: [{ vkey: options.key, key: parseVerifierKey(options.key) }] };
  }
  const bytes = await httpReader(options.tiles, options.fetch ? { fetch: options.fetch } : {}).read(
    CHECKPOINT_PATH,
  );
  if (!bytes) throw new TrailsealError("TLOG_TILE_MISSING", "the log has no checkpoint");
  const result = verifyCosignedCheckpoint(Buffer.from(bytes).toString("utf8"), policy);
  if (result.checkpoint.size !== verified.size || !hashesEqual(result.checkpoint.rootHash, verified.rootHash))
    throw new TrailsealError(
      "COSIGN_LOG_MOVED",
      `the log's checkpoint changed during verification (size ${verified.size} → ${result.checkpoint.size})`,
      { hint: "run the command again" },
    );
  const failed = result.witnesses.filter((w) => w.status !== "valid").map((w) => w.name);
  return {
    result,
    quorumError: result.quorumMet
      ? null
      : new TrailsealError(
          "WITNESS_QUORUM_NOT_MET",
          `the log's checkpoint (size ${verified.size}) is not cosigned to the policy's quorum (failed: ${failed.join(", ")})`,
          { hint: "the log's operator runs `trailseal witness cosign`; try again after its next round" },
        ),
  };
}
