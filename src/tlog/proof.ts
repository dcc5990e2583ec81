/**
 * C2SP tlog-proof (c2sp.org/tlog-proof@v1): an offline-verifiable proof that an entry is in a
 * log — header line, optional `extra <base64>`, `index <n>`, the RFC 6962 inclusion proof (one
 * base64 hash per line, leaf side first), a blank line, then the (cosigned) checkpoint verbatim.
 * `formatTlogProof(parseTlogProof(t)) === t` for every t the parser accepts.
 */
import { type Checkpoint, parseCheckpoint } from "./checkpoint.js";
import { tlogError } from "./errors.js";
import { HASH_SIZE, verifyInclusion } from "./merkle.js";
import { decodeBase64Strict, parseNote, parseVerifierKey, type VerifierKey, verifyNote } from "./note.js";
import {
  type CosignedCheckpointVerification,
  verifyCosignedCheckpoint,
  type WitnessPolicy,
} from "./witness-policy.js";

export const TLOG_PROOF_HEADER = "c2sp.org/tlog-proof@v1";
/** Proofs longer than this cannot come from a tree of at most 2^63 leaves. */
const MAX_PROOF_HASHES = 64;

export interface TlogProof {
  /** Unauthenticated application data (never trust it implicitly). */
  extra?: Uint8Array;
  index: number;
  proof: Uint8Array[];
  /** The signed (possibly cosigned) checkpoint note. */
  checkpoint: string;
}

const bad = (why: string) => tlogError("TLOG_PROOF_MALFORMED", `malformed tlog-proof: ${why}`);

export function formatTlogProof(proof: TlogProof): string {
  if (!Number.isSafeInteger(proof.index) || proof.index < 0) throw bad("index is not a non-negative integer");
  const lines = [TLOG_PROOF_HEADER];
  if (proof.extra !== undefined) lines.push(`extra ${Buffer.from(proof.extra).toString("base64")}`);
  lines.push(`index ${proof.index}`);
  for (const hash of proof.proof) {
    if (hash.length !== HASH_SIZE) throw bad("a proof hash is not 32 bytes");
    lines.push(Buffer.from(hash).toString("base64"));
  }
  return `${lines.join("\n")}\n\n${proof.checkpoint}`;
}

/** Parses a proof file strictly (attacker-controlled until verified); throws TLOG_PROOF_MALFORMED. */
export function parseTlogProof(input: string | Uint8Array): TlogProof {
  let text: string;
  if (typeof input === "string") text = input;
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(input);
    } catch {
      throw bad("not UTF-8");
    }
  }
  const blank = text.indexOf("\n\n");
  if (blank < 0) throw bad("no blank line before the checkpoint");
  const lines = text.slice(0, blank).split("\n");
  if (lines.shift() !== TLOG_PROOF_HEADER) throw bad(`the first line is not ${TLOG_PROOF_HEADER}`);
  let extra: Uint8Array | undefined;
  if (lines[0]?.startsWith("extra ")) {
    const decoded = decodeBase64Strict(lines.shift()!.slice(6));
    if (!decoded) throw bad("extra is not base64");
    extra = decoded;
  }
  const indexLine = lines.shift() ?? "";
  const match = /^index (0|[1-9][0-9]{0,15})$/.exec(indexLine);
  if (!match || !Number.isSafeInteger(Number(match[1]))) throw bad("no index line");
  if (lines.length > MAX_PROOF_HASHES) throw bad("too many proof lines");
  const proof = lines.map((line) => {
    const hash = decodeBase64Strict(line);
    if (hash?.length !== HASH_SIZE) throw bad("a proof line is not base64 of 32 bytes");
    return hash;
  });
  const checkpoint = text.slice(blank + 2);
  try {
    parseNote(checkpoint);
  } catch (cause) {
    throw Object.assign(bad("the checkpoint is not a signed note"), { cause });
  }
  return { ...(extra ? { extra } : {}), index: Number(match[1]), proof, checkpoint };
}

export interface TlogProofVerification {
  checkpoint: Checkpoint;
  /** With a policy: each witness's cosignature and whether the quorum is met. */
  cosigned?: CosignedCheckpointVerification;
}

/**
 * Verifies a tlog-proof for the leaf hash of a known entry: the checkpoint is signed by the log
 * key (or by a log of the policy, whose witnesses are then checked too), and the inclusion proof
 * leads from the leaf at `index` to the signed root. Throws on a bad signature or proof; a quorum
 * below the policy's is reported in `cosigned.quorumMet`, not thrown.
 */
export function verifyTlogProof(
  proof: TlogProof,
  leafHash: Uint8Array,
  trust: { logKey?: VerifierKey | string; policy?: WitnessPolicy },
): TlogProofVerification {
  let checkpoint: Checkpoint;
  let cosigned: CosignedCheckpointVerification | undefined;
  if (trust.logKey !== undefined) {
    const key = typeof trust.logKey === "string" ? parseVerifierKey(trust.logKey) : trust.logKey;
    const verified = verifyNote(proof.checkpoint, key);
    checkpoint = parseCheckpoint(verified.text);
    if (trust.policy) {
      // A policy without log lines is a witness list for the log given by key.
      const policy =
        trust.policy.logs.length > 0 ? trust.policy : { ...trust.policy, logs: [{ vkey: "", key }] };
      cosigned = verifyCosignedCheckpoint(proof.checkpoint, policy);
    }
  } else if (trust.policy) {
    cosigned = verifyCosignedCheckpoint(proof.checkpoint, trust.policy);
    checkpoint = cosigned.checkpoint;
  } else {
    throw tlogError("TLOG_PROOF_TRUST_MISSING", "a proof is verified against a log key or a policy");
  }
  verifyInclusion(proof.index, checkpoint.size, leafHash, proof.proof, checkpoint.rootHash);
  return { checkpoint, ...(cosigned ? { cosigned } : {}) };
}
