import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { writeFileAtomic } from "../../durable/index.js";
import { configError } from "../../errors/index.js";
import {
  type CosignatureAlgorithm,
  formatCosignerSkey,
  formatCosignerVkey,
  generateCosigner,
  isValidKeyName,
} from "../../tlog/index.js";
import type { CliIO } from "../io.js";
import { println } from "../io.js";

export interface WitnessKeygenOptions {
  cosigner: string;
  out: string;
  force?: boolean;
  /** "ed25519" (default) or "ml-dsa-44". */
  algorithm?: string;
}

const ALGORITHMS: readonly CosignatureAlgorithm[] = ["ed25519", "ml-dsa-44"];

/**
 * `trailseal witness keygen --cosigner <name> --out <file> [--algorithm ml-dsa-44]`: a fresh
 * cosigner key, written 0600 as `PRIVATE+KEY+<name>+<id>+base64(type ‖ seed)` (0x04 Ed25519, the
 * format Go's transparency-dev/formats reads; 0x06 ML-DSA-44, the FIPS 204 seed), and its C2SP
 * verifier key printed on stdout for peers' tlog-policy `witness` lines. Refuses to replace an
 * existing key unless --force.
 */
export async function runWitnessKeygen(options: WitnessKeygenOptions, io: CliIO): Promise<number> {
  if (!isValidKeyName(options.cosigner))
    throw configError("COSIGN_NAME_INVALID", `"${options.cosigner}" is not a valid cosigner name`, {
      hint: "use a schema-less URL without spaces or '+', e.g. witness.example.com/w1",
    });
  const algorithm = (options.algorithm ?? "ed25519") as CosignatureAlgorithm;
  if (!ALGORITHMS.includes(algorithm))
    throw configError("COSIGN_ALGORITHM_INVALID", `"${options.algorithm}" is not a cosignature algorithm`, {
      hint: "use --algorithm ed25519 or --algorithm ml-dsa-44",
    });
  const out = resolve(options.out);
  if (existsSync(out) && !options.force)
    throw configError("COSIGN_KEY_EXISTS", `${out} already exists`, {
      hint: "a witness key is its identity: keep it; pass --force only to replace it on purpose",
    });
  const { cosigner, seed } = generateCosigner(options.cosigner, algorithm);
  await writeFileAtomic(out, formatCosignerSkey(options.cosigner, seed, algorithm), { mode: 0o600 });
  println(io, formatCosignerVkey(cosigner));
  io.stderr.write(`trailseal: cosigner key written to ${out} (keep it private; share the line above)\n`);
  return 0;
}
