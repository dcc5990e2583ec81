/**
 * Ed25519 keys as 32 raw bytes (RFC 8032), in and out of node:crypto key objects: the form in
 * which signed notes, cosignatures and SSH signatures carry them. The one place that knows the
 * JWK and PKCS#8 spellings.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";

/** The DER prefix of an Ed25519 PKCS#8 private key (RFC 8410); the 32-byte seed follows. */
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** A public key object from 32 raw bytes (throws on a wrong length: callers check it first). */
export function ed25519PublicKey(raw: Uint8Array): KeyObject {
  return createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(raw).toString("base64url") },
    format: "jwk",
  });
}

/** A private key object from a 32-byte seed (the caller checks the length). */
export function ed25519PrivateKeyFromSeed(seed: Uint8Array): KeyObject {
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: "der", type: "pkcs8" });
}

/** The 32 raw bytes of an Ed25519 public key, or of the public half of a private one. */
export function ed25519RawPublicKey(key: KeyObject): Uint8Array {
  const jwk = (key.type === "private" ? createPublicKey(key) : key).export({ format: "jwk" });
  return new Uint8Array(Buffer.from(jwk.x!, "base64url"));
}

/** The 32-byte seed of an Ed25519 private key. */
export function ed25519Seed(privateKey: KeyObject): Uint8Array {
  return new Uint8Array(Buffer.from(privateKey.export({ format: "jwk" }).d!, "base64url"));
}
