import type { PinStatus } from "../../tlog/index.js";
import type { VerifyByTilesOptions } from "../../witness/index.js";
import { type CliIO, printJson, println } from "../io.js";

export interface WitnessVerifyTilesOptions extends VerifyByTilesOptions {
  json?: boolean;
  /** A C2SP witness policy whose quorum must have cosigned the log's checkpoint. */
  witnessPolicy?: string;
}

/**
 * `trailseal witness verify --tiles <raw-base-url>`: verifies one anchor from the checkpoint,
 * O(log n) hash tiles and one entry bundle — no clone — and checks the log against the
 * checkpoint pinned from earlier runs (fork detection).
 */
export async function runWitnessVerifyTiles(options: WitnessVerifyTilesOptions, io: CliIO): Promise<number> {
  const { verifyByTiles } = await import("../../witness/index.js");
  const { json: _json, ...verifyOptions } = options;
  const result = await verifyByTiles(verifyOptions);
  await (await import("./witness-cosign.js")).checkTilesQuorum(options, result.checkpoint, io);
  const { checkpoint } = result;
  const anchorId = result.receipt.receipt.anchor_id;
  if (options.json) {
    printJson(io, {
      ok: true,
      seal_id: result.stored.id,
      anchor_id: anchorId,
      log_index: result.log_index,
      tree_size: checkpoint.size,
      origin: checkpoint.origin,
      root_hash: Buffer.from(checkpoint.rootHash).toString("base64"),
      pin: result.pin.status,
      requests: result.requests,
      bytes: result.bytes,
    });
  } else {
    println(
      io,
      `anchor ${anchorId} verified by tiles: entry ${result.log_index} of ${checkpoint.size} in ${checkpoint.origin} matches ${result.stored.id}`,
    );
    println(
      io,
      `checkpoint signed by ${checkpoint.origin}; inclusion proof of ${result.proofLength} hashes; ${result.requests} requests, ${result.bytes} bytes`,
    );
    println(io, pinMessage(result.pin.status, result.pin.previous?.size));
  }
  return 0;
}

function pinMessage(status: PinStatus, previous: number | undefined): string {
  switch (status) {
    case "new":
      return "first checkpoint seen from this log: pinned";
    case "same":
      return "same tree as the pinned checkpoint";
    case "extended":
      return `the log grew from the pinned ${previous} entries, consistently: pin moved forward`;
    case "unproven":
      return "the log grew but its extension could not be proven: pin kept";
  }
}
