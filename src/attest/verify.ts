/**
 * `trailseal attest verify`: one commit's attestation checked from the attestation alone, in
 * this order (the first failure names the commit's problem):
 *
 * 1. the DSSE envelope's signature with the attestation public key (nothing of the payload is
 *    read before);
 * 2. the statement: in-toto Statement v1, this predicate type, subject the commit's id;
 * 3. the trail range: every carried event hashes to its `hash`, links to the one before, starts
 *    at `prev_tip`, and the range ends at the first event that names the commit;
 * 4. the summary (counts, denied and high-risk actions, sessions) recomputed from the range;
 * 5. the seal: the carried events end exactly at its `event_count` and `chain_tip` (so the seal
 *    binds every carried event), and its HMAC when the verifier holds that seal key;
 * 6. the seal's tlog-proofs, offline: its entry under a checkpoint the log key signed (a key the
 *    verifier pins, else the one the proof names — reported as not pinned), and with a witness
 *    policy the cosignatures to its quorum.
 */
import type { KeyObject } from "node:crypto";
import type { TrailEvent } from "../chain/index.js";
import { commitIdsOf } from "../commits/index.js";
import { canonicalJson } from "../encoding/index.js";
import { isTrailsealError, TrailsealError } from "../errors/index.js";
import { isSealSignatureValid, type Seal } from "../seal/index.js";
import type { WitnessPolicy } from "../tlog/index.js";
import { IN_TOTO_PAYLOAD_TYPE, openEnvelope, parseEnvelope } from "./dsse.js";
import {
  type ActionSummary,
  type CommitPredicate,
  type Counts,
  PREDICATE_TYPE,
  STATEMENT_TYPE,
  summarizeRange,
} from "./predicate.js";
import { chainProblem } from "./range.js";

export interface VerifyAttestationOptions {
  keys: KeyObject[];
  /** Log keys (vkeys) the verifier trusts; none: each proof's own key, reported as not pinned. */
  logKeys?: string[];
  witnessPolicy?: WitnessPolicy;
  /** Fail a commit whose seal has no verified tlog-proof. */
  requireWitness?: boolean;
  sealKey?: { keyId: string; key: Buffer };
  /** The commit's tree as git has it (checked against the predicate's). */
  tree?: string;
}

export interface Witnessed {
  origin: string;
  index: number;
  size: number;
  /** Whether the log key was one the verifier pinned. */
  pinned: boolean;
  /** With a witness policy: its quorum met. */
  quorum_met?: boolean;
}

export interface VerifiedAttestation {
  made_by: CommitPredicate["made_by"];
  operation: string;
  agents: string[];
  sessions: CommitPredicate["sessions"];
  counts: Counts;
  denied: ActionSummary[];
  high_risk: ActionSummary[];
  range: { first_seq: number; last_seq: number };
  seal: {
    id: string;
    key_id: string;
    event_count: number;
    chain_tip: string;
    receipts: number;
    hmac_checked: boolean;
  };
  witnessed: Witnessed[];
  warnings: string[];
}

const fail = (code: ConstructorParameters<typeof TrailsealError>[0], message: string) =>
  new TrailsealError(code, message);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The statement's predicate, its shape checked (ATTEST_STATEMENT_INVALID otherwise). */
function readStatement(payload: Buffer, commitId: string): CommitPredicate {
  let statement: unknown;
  try {
    statement = JSON.parse(payload.toString("utf8"));
  } catch {
    throw fail("ATTEST_STATEMENT_INVALID", "the payload is not JSON");
  }
  if (!isRecord(statement) || statement._type !== STATEMENT_TYPE)
    throw fail("ATTEST_STATEMENT_INVALID", `the payload is not an in-toto ${STATEMENT_TYPE}`);
  if (statement.predicateType !== PREDICATE_TYPE)
    throw fail("ATTEST_STATEMENT_INVALID", `predicateType is not ${PREDICATE_TYPE}`);
  const subject = statement.subject;
  if (
    !Array.isArray(subject) ||
    subject.length !== 1 ||
    !isRecord(subject[0]) ||
    !isRecord(subject[0].digest)
  )
    throw fail("ATTEST_STATEMENT_INVALID", "the statement must have exactly one subject with a digest");
  if (subject[0].digest.gitCommit !== commitId)
    throw fail(
      "ATTEST_SUBJECT_MISMATCH",
      `the statement is about commit ${String(subject[0].digest.gitCommit).slice(0, 40)}, not this one`,
    );
  const p = statement.predicate;
  if (
    !isRecord(p) ||
    !isRecord(p.commit) ||
    !isRecord(p.made_by) ||
    !isRecord(p.trail) ||
    !Array.isArray(p.trail.events) ||
    !Number.isSafeInteger(p.trail.first_seq) ||
    !Number.isSafeInteger(p.trail.last_seq) ||
    typeof p.trail.prev_tip !== "string" ||
    typeof p.trail.tip !== "string" ||
    !Array.isArray(p.seals)
  )
    throw fail("ATTEST_STATEMENT_INVALID", "the predicate lacks members docs/attestation.md requires");
  if (p.commit.id !== commitId)
    throw fail("ATTEST_SUBJECT_MISMATCH", "the predicate's commit is not the statement's subject");
  return p as unknown as CommitPredicate;
}

function checkRange(p: CommitPredicate, commitId: string): TrailEvent[] {
  const { first_seq: first, last_seq: last, events } = p.trail;
  if (last < first || last - first >= events.length)
    throw fail("ATTEST_CHAIN_BROKEN", `the range ${first}..${last} is not within the carried events`);
  const problem = chainProblem(events, first, p.trail.prev_tip);
  if (problem !== null) throw fail("ATTEST_CHAIN_BROKEN", problem);
  const range = events.slice(0, last - first + 1);
  const end = range.at(-1)!;
  if (end.hash !== p.trail.tip)
    throw fail("ATTEST_CHAIN_BROKEN", `the event at seq ${last} is not the range's tip`);
  if (!commitIdsOf(end).includes(commitId))
    throw fail(
      "ATTEST_CHAIN_BROKEN",
      `the range does not end at an event that names the commit (seq ${last})`,
    );
  const earlier = range.slice(0, -1).find((event) => commitIdsOf(event).includes(commitId));
  if (earlier)
    throw fail("ATTEST_CHAIN_BROKEN", `seq ${earlier.seq} names the commit before the range's end`);
  if (p.made_by.agent !== end.agent)
    throw fail("ATTEST_SUMMARY_MISMATCH", "made_by is not the commit event's agent");
  const summary = summarizeRange(range);
  for (const member of ["counts", "denied", "high_risk", "sessions", "agents"] as const) {
    if (canonicalJson(summary[member]) !== canonicalJson(p[member]))
      throw fail("ATTEST_SUMMARY_MISMATCH", `${member} is not what the range's events say`);
  }
  return range;
}

export async function verifyAttestation(
  text: string,
  commitId: string,
  options: VerifyAttestationOptions,
): Promise<VerifiedAttestation> {
  try {
    return await verifyUntrusted(text, commitId, options);
  } catch (error) {
    if (isTrailsealError(error)) throw error;
    // A signed payload of the right shape with members of the wrong types: never a crash.
    throw new TrailsealError(
      "ATTEST_STATEMENT_INVALID",
      "the predicate's members are not of the documented types",
      {
        cause: error,
      },
    );
  }
}

async function verifyUntrusted(
  text: string,
  commitId: string,
  options: VerifyAttestationOptions,
): Promise<VerifiedAttestation> {
  const envelope = parseEnvelope(text);
  const payload = openEnvelope(envelope, options.keys);
  if (envelope.payloadType !== IN_TOTO_PAYLOAD_TYPE)
    throw fail("ATTEST_STATEMENT_INVALID", `payloadType is not ${IN_TOTO_PAYLOAD_TYPE}`);
  const p = readStatement(payload, commitId);
  if (options.tree !== undefined && p.commit.tree !== options.tree)
    throw fail("ATTEST_SUBJECT_MISMATCH", "the predicate's tree is not the commit's");
  checkRange(p, commitId);
  const warnings: string[] = [];
  const attested = p.seals[0];
  if (!isRecord(attested)) throw fail("ATTEST_NOT_SEALED", "the attestation carries no seal");
  const seal: Seal = {
    chain_tip: attested.chain_tip,
    event_count: attested.event_count,
    timestamp: attested.timestamp,
    signature: attested.signature,
    key_id: attested.key_id,
  };
  const events = p.trail.events;
  if (seal.event_count !== p.trail.first_seq + events.length || seal.chain_tip !== events.at(-1)?.hash)
    throw fail(
      "ATTEST_SEAL_MISMATCH",
      `${attested.id}: the carried events do not end at the sealed tip and count (${seal.event_count})`,
    );
  let hmacChecked = false;
  if (options.sealKey && options.sealKey.keyId === seal.key_id) {
    if (!isSealSignatureValid(seal, options.sealKey.key))
      throw fail("ATTEST_SEAL_MISMATCH", `${attested.id}: the seal's HMAC does not verify with the seal key`);
    hmacChecked = true;
  }
  const witnessed = await checkProofs(attested, seal, options);
  if (witnessed.length === 0) {
    if (options.requireWitness)
      throw fail("ATTEST_UNWITNESSED", `${attested.id} has no tlog-proof that verifies offline`);
    warnings.push(
      attested.receipts.length > 0
        ? `${attested.id} has ${attested.receipts.length} witness receipt(s) but no offline tlog-proof`
        : `${attested.id} was not witnessed`,
    );
  }
  if (witnessed.some((w) => !w.pinned))
    warnings.push("log key taken from the attestation (pin one with --log-key)");
  return {
    made_by: p.made_by,
    operation: String(p.commit.operation),
    agents: p.agents,
    sessions: p.sessions,
    counts: p.counts,
    denied: p.denied,
    high_risk: p.high_risk,
    range: { first_seq: p.trail.first_seq, last_seq: p.trail.last_seq },
    seal: {
      id: String(attested.id),
      key_id: seal.key_id,
      event_count: seal.event_count,
      chain_tip: seal.chain_tip,
      receipts: attested.receipts.length,
      hmac_checked: hmacChecked,
    },
    witnessed,
    warnings,
  };
}

async function checkProofs(
  attested: CommitPredicate["seals"][number],
  seal: Seal,
  options: VerifyAttestationOptions,
): Promise<Witnessed[]> {
  const proofs = Array.isArray(attested.tlog_proofs) ? attested.tlog_proofs : [];
  if (proofs.length === 0) return [];
  const { loadLogCosigning } = await import("../witness/index.js");
  const { verifySealProof } = await loadLogCosigning();
  const pinned = options.logKeys ?? [];
  const witnessed: Witnessed[] = [];
  let lastError: unknown = null;
  for (const proof of proofs) {
    const keys = pinned.length > 0 ? pinned : [String(proof.log_key)];
    for (const logKey of keys) {
      try {
        const result = verifySealProof({
          stored: { id: attested.id, seal, receipts: attested.receipts },
          proofText: String(proof.proof),
          logKey,
          ...(options.witnessPolicy ? { policy: options.witnessPolicy } : {}),
        });
        witnessed.push({
          origin: result.checkpoint.origin,
          index: result.index,
          size: result.checkpoint.size,
          pinned: pinned.length > 0,
          ...(result.cosigned ? { quorum_met: result.cosigned.quorumMet } : {}),
        });
        break;
      } catch (error) {
        lastError = error;
      }
    }
  }
  if (witnessed.length === 0) {
    const cause = isTrailsealError(lastError)
      ? `${lastError.message} (${lastError.code})`
      : String(lastError);
    throw fail("ATTEST_WITNESS_INVALID", `${attested.id}: no tlog-proof proves the seal: ${cause}`);
  }
  if (options.witnessPolicy && !witnessed.some((w) => w.quorum_met))
    throw fail(
      "ATTEST_WITNESS_INVALID",
      `${attested.id}: no proof's checkpoint is cosigned to the policy's quorum`,
    );
  return witnessed;
}
