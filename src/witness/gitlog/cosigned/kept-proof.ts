/**
 * The c2sp.org/tlog-proof of each seal that `witness proof` wrote, kept in the home
 * (`homePaths(home).sealProofs`) beside the log key it was checked with, so the compliance report
 * can say for every seal whether an offline proof exists and still verifies against the local
 * seal and its receipts (no network). The kept key is what `witness proof` trusted when it wrote
 * the proof (the log's `trailseal-log.json` or `--log-key`); an auditor re-checks with the key
 * and policy they trust: `witness verify --proof <file> --log-key <vkey> --witness-policy <file>`.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { readTextIfExists, writeFileAtomic } from "../../../durable/index.js";
import { sha256Hex } from "../../../encoding/index.js";
import { codeOf } from "../../../errors/index.js";
import type { StoredSeal } from "../../../seal/index.js";
import { parseNote, parseTlogProof, parseVerifierKey, type WitnessPolicy } from "../../../tlog/index.js";
import { verifySealProof } from "./seal-proof.js";

/** A seal's offline proof as the report shows it (snake_case: it is part of the report's JSON). */
export interface KeptProofStatus {
  /** `none`: no proof was written for this seal; `invalid`: the kept proof no longer verifies. */
  status: "verified" | "invalid" | "none";
  origin?: string;
  log_index?: number;
  tree_size?: number;
  /** Signature lines on the proof's checkpoint besides the log's own (checked only with a policy). */
  cosignature_lines?: number;
  /** With a policy: whether the cosignatures meet its quorum, and each witness's status. */
  quorum_met?: boolean;
  witnesses?: { name: string; status: string }[];
  /** Why the kept proof failed (an error code). */
  code?: string;
}

/** File names for a seal id: the id itself when it is a plain name (`seal-7`), else its hash. */
export function keptProofPaths(dir: string, sealId: string): { proof: string; key: string } {
  const name = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(sealId) ? sealId : sha256Hex(sealId);
  return { proof: join(dir, `${name}.tlog-proof`), key: join(dir, `${name}.log-key`) };
}

/** Keeps a checked proof and the log key it was checked with (each written atomically). */
export async function keepSealProof(
  dir: string,
  sealId: string,
  text: string,
  logKey: string,
): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const paths = keptProofPaths(dir, sealId);
  // Key first: a proof file is only ever read together with the key it was checked with.
  await writeFileAtomic(paths.key, `${logKey}\n`);
  await writeFileAtomic(paths.proof, text);
}

/** Re-checks a seal's kept proof offline; never throws for a bad proof (it is `invalid`). */
export async function checkKeptSealProof(
  dir: string,
  stored: StoredSeal,
  policy?: WitnessPolicy,
): Promise<KeptProofStatus> {
  const paths = keptProofPaths(dir, stored.id);
  let proofText: string | null;
  let logKey: string | null;
  try {
    proofText = await readTextIfExists(paths.proof);
    logKey = proofText === null ? null : await readTextIfExists(paths.key);
  } catch {
    return { status: "invalid", code: "COSIGN_CONFIG_UNREADABLE" };
  }
  if (proofText === null) return { status: "none" };
  if (logKey === null) return { status: "invalid", code: "COSIGN_LOG_KEY_REQUIRED" };
  try {
    const key = parseVerifierKey(logKey.trim());
    const result = verifySealProof({ stored, proofText, logKey: key, ...(policy ? { policy } : {}) });
    const { signatures } = parseNote(parseTlogProof(proofText).checkpoint);
    return {
      status: "verified",
      origin: result.checkpoint.origin,
      log_index: result.index,
      tree_size: result.checkpoint.size,
      cosignature_lines: signatures.filter((s) => s.name !== key.name || s.keyId !== key.keyId).length,
      ...(result.cosigned
        ? {
            quorum_met: result.cosigned.quorumMet,
            witnesses: result.cosigned.witnesses.map((w) => ({ name: w.name, status: w.status })),
          }
        : {}),
    };
  } catch (error) {
    return { status: "invalid", code: codeOf(error) ?? "TLOG_PROOF_MALFORMED" };
  }
}
