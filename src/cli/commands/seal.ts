import { homePaths, loadSealKey } from "../../home/index.js";
import { assertPublishableKeyId } from "../../relay/index.js";
import { sealTrail } from "../../seal/index.js";
import { trailDir } from "../../trail/index.js";
import { type CliIO, printJson, println } from "../io.js";

export interface SealOptions {
  home: string;
  json?: boolean;
  /** Publish to the configured witnesses now (witness before act runs this). */
  publish?: boolean;
  timeout?: string;
}

/** `trailseal seal`: seals the durable tip now and stores the seal. Prints the seal, never the key. */
export async function runSeal(options: SealOptions, io: CliIO): Promise<number> {
  const key = await loadSealKey(options.home, io.env);
  assertPublishableKeyId(key.keyId);
  const stored = await sealTrail(trailDir(options.home), homePaths(options.home).seals, key);
  if (options.publish) return (await import("./seal-publish.js")).publishNow(options, stored, io);
  const { seal } = stored;
  if (options.json) {
    printJson(io, {
      seal_id: stored.id,
      chain_tip: seal.chain_tip,
      event_count: seal.event_count,
      timestamp: seal.timestamp,
      signature: seal.signature,
      key_id: seal.key_id,
    });
  } else {
    println(io, `sealed ${seal.event_count} events as ${stored.id}`);
    println(io, `  chain tip  ${seal.chain_tip}`);
    println(io, `  timestamp  ${seal.timestamp}`);
    println(io, `  signature  ${seal.signature}`);
    println(io, `  key id     ${seal.key_id}`);
  }
  return 0;
}
