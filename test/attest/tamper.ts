/**
 * What an attacker with the attestation key could do to an attestation, for the tamper tests:
 * open the envelope, change the statement, and sign it again with the real key (so only the
 * trail, the seal and the witnesses can catch it).
 */
import { createPrivateKey, createPublicKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { attestKeyId, IN_TOTO_PAYLOAD_TYPE, signEnvelope, summarizeRange } from "../../src/attest/index.js";
import { computeEventHash } from "../../src/chain/index.js";

// biome-ignore lint/suspicious/noExplicitAny: a statement read back as plain JSON, to be tampered with
export type Statement = Record<string, any>;

export function openStatement(envelopeText: string): Statement {
  return JSON.parse(Buffer.from(JSON.parse(envelopeText).payload, "base64").toString("utf8"));
}

/** The statement signed again with the home's attestation key, as an envelope's JSON. */
export function resign(home: string, statement: Statement): string {
  const privateKey = createPrivateKey(readFileSync(join(home, "keys", "attest-ed25519.pem"), "utf8"));
  const key = { keyId: attestKeyId(createPublicKey(privateKey)), privateKey };
  return JSON.stringify(signEnvelope(Buffer.from(JSON.stringify(statement)), IN_TOTO_PAYLOAD_TYPE, key));
}

/** Every carried event from `from` on re-linked and re-hashed: a rewritten but self-consistent chain. */
export function rehash(statement: Statement, from = 0): void {
  const events = statement.predicate.trail.events;
  for (let i = from; i < events.length; i += 1) {
    if (i > 0) events[i].prev = events[i - 1].hash;
    events[i].hash = computeEventHash(events[i]);
  }
}

/**
 * The range's first event with `decision` changed, every later hash redone, and everything the
 * verifier recomputes from the range (tip, counts, lists) made to agree: only the seal (and what
 * witnessed it) still says otherwise.
 */
export function rewriteDecision(statement: Statement, from: string, to: string): void {
  const p = statement.predicate;
  const at = p.trail.events.findIndex((e: { decision: string }) => e.decision === from);
  if (at < 0) throw new Error(`no ${from} event in the carried range`);
  p.trail.events[at].decision = to;
  rehash(statement, at);
  const range = p.trail.events.slice(0, p.trail.last_seq - p.trail.first_seq + 1);
  p.trail.tip = range.at(-1).hash;
  Object.assign(p, summarizeRange(range));
}
