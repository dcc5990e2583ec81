import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { writeFileAtomic } from "../../durable/index.js";
import { configError } from "../../errors/index.js";
import {
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
}

/**
 * `trailseal witness keygen --cosigner <name> --out <file>`: a fresh Ed25519 cosigner key,
 * written 0600 as `PRIVATE+KEY+<name>+<id>+base64(0x04 ‖ seed)` (the format Go's
 * transparency-dev/formats reads), and its C2SP verifier key printed on stdout for peers'
 * tlog-policy `witness` lines. Refuses to replace an existing key unless --force.
 */
export async function runWitnessKeygen(options: WitnessKeygenOptions, io: CliIO): Promise<number> {
  if (!isValidKeyName(options.cosigner))
    throw configError("COSIGN_NAME_INVALID", `"${options.cosigner}" is not a valid cosigner name`, {
      hint: "use a schema-less URL without spaces or '+', e.g. witness.example.com/w1",
    });
  const out = resolve(options.out);
  if (existsSync(out) && !options.force)
    throw configError("COSIGN_KEY_EXISTS", `${out} already exists`, {
      hint: "a witness key is its identity: keep it; pass --force only to replace it on purpose",
    });
  const { cosigner, seed } = generateCosigner(options.cosigner);
  await writeFileAtomic(out, formatCosignerSkey(options.cosigner, seed), { mode: 0o600 });
  println(io, formatCosignerVkey(cosigner));
  io.stderr.write(`trailseal: cosigner key written to ${out} (keep it private; share the line above)\n`);
  return 0;
}
