/**
 * DSSE v1 envelopes (github.com/secure-systems-lab/dsse, envelope.md and protocol.md): the
 * signature is over PAE(payloadType, payload), never over the JSON around it.
 *
 *   PAE(type, body) = "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body   (LEN: ASCII decimal bytes)
 *
 * Everything in an envelope read back is attacker-controlled until `openEnvelope` has checked a
 * signature: it is parsed defensively, and nothing of the payload is trusted before.
 */
import { type KeyObject, sign, verify } from "node:crypto";
import { TrailsealError } from "../errors/index.js";

export const IN_TOTO_PAYLOAD_TYPE = "application/vnd.in-toto+json";

export interface DsseSignature {
  keyid: string;
  sig: string;
}

export interface DsseEnvelope {
  payload: string;
  payloadType: string;
  signatures: DsseSignature[];
}

export function pae(payloadType: string, payload: Uint8Array): Buffer {
  const type = Buffer.from(payloadType, "utf8");
  return Buffer.concat([
    Buffer.from(`DSSEv1 ${type.length} `, "utf8"),
    type,
    Buffer.from(` ${payload.length} `, "utf8"),
    payload,
  ]);
}

export function signEnvelope(
  payload: Uint8Array,
  payloadType: string,
  key: { keyId: string; privateKey: KeyObject },
): DsseEnvelope {
  const sig = sign(null, pae(payloadType, payload), key.privateKey);
  return {
    payload: Buffer.from(payload).toString("base64"),
    payloadType,
    signatures: [{ keyid: key.keyId, sig: sig.toString("base64") }],
  };
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** An envelope from untrusted text: the shape only (ATTEST_ENVELOPE_MALFORMED otherwise). */
export function parseEnvelope(text: string): DsseEnvelope {
  const malformed = (why: string) =>
    new TrailsealError("ATTEST_ENVELOPE_MALFORMED", `the attestation is not a DSSE envelope: ${why}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw malformed("not JSON");
  }
  const v = value as Partial<DsseEnvelope> | null;
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw malformed("not an object");
  if (typeof v.payload !== "string" || !BASE64.test(v.payload)) throw malformed("no base64 payload");
  if (typeof v.payloadType !== "string") throw malformed("no payloadType");
  if (!Array.isArray(v.signatures) || v.signatures.length === 0) throw malformed("no signatures");
  for (const s of v.signatures) {
    if (s === null || typeof s !== "object" || typeof s.sig !== "string" || !BASE64.test(s.sig))
      throw malformed("a signature without base64 sig");
  }
  return {
    payload: v.payload,
    payloadType: v.payloadType,
    signatures: v.signatures.map((s) => ({ keyid: typeof s.keyid === "string" ? s.keyid : "", sig: s.sig })),
  };
}

/**
 * The payload bytes when a signature by one of `keys` verifies over PAE; else
 * ATTEST_SIGNATURE_INVALID. Every signature is tried with every key (keyid is only a hint).
 */
export function openEnvelope(envelope: DsseEnvelope, keys: KeyObject[]): Buffer {
  const payload = Buffer.from(envelope.payload, "base64");
  const message = pae(envelope.payloadType, payload);
  for (const signature of envelope.signatures) {
    const sig = Buffer.from(signature.sig, "base64");
    for (const key of keys) if (verify(null, message, key, sig)) return payload;
  }
  throw new TrailsealError(
    "ATTEST_SIGNATURE_INVALID",
    "no signature of the envelope verifies with the attestation key",
  );
}
