/**
 * Cosigner keys of C2SP tlog-cosignature: the vkey `<name>+<id>+base64(type ‖ key)` a witness
 * publishes, with key ID SHA-256(name ‖ 0x0A ‖ type ‖ key)[:4], and the signer key file
 * `PRIVATE+KEY+<name>+<id>+base64(type ‖ 32-byte seed)`. Type 0x04 is Ed25519 (the seed is the
 * RFC 8032 private key; transparency-dev/formats reads the file), 0x06 ML-DSA-44 (the seed is
 * FIPS 204's key generation seed). Everything is parsed strictly; failures are
 * TLOG_COSIGNER_KEY_INVALID.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";
import {
  ed25519PrivateKeyFromSeed,
  ed25519PublicKey,
  ed25519RawPublicKey,
  ed25519Seed,
} from "../ed25519/index.js";
import { tlogError } from "./errors.js";
import { ML_DSA_44_PUBLIC_KEY_BYTES, ML_DSA_44_TYPE, mlDsa44FromSeed } from "./ml-dsa.js";
import { decodeBase64Strict, isValidKeyName, keyId as noteKeyId } from "./note.js";

export const COSIGNATURE_V1_TYPE = 0x04;
export { ML_DSA_44_TYPE };
export type CosignatureAlgorithm = "ed25519" | "ml-dsa-44";
const ED25519_NOTE_TYPE = 0x01;
export interface CosignerVerifier {
  name: string;
  algorithm: CosignatureAlgorithm;
  /** 8 lowercase hex digits, computed with the type of the algorithm (0x04 or 0x06). */
  keyId: string;
  /** 32 bytes (Ed25519) or 1,312 bytes (ML-DSA-44). */
  publicKey: Uint8Array;
  /** Ed25519 only. */
  keyObject?: KeyObject;
}

export interface Cosigner extends CosignerVerifier {
  /** Ed25519: the private key. */
  privateKey?: KeyObject;
  /** ML-DSA-44: the expanded secret key. */
  secretKey?: Uint8Array;
}

export const typeOf = (algorithm: CosignatureAlgorithm) =>
  algorithm === "ml-dsa-44" ? ML_DSA_44_TYPE : COSIGNATURE_V1_TYPE;

export function badKey(why: string, cause?: unknown) {
  return tlogError("TLOG_COSIGNER_KEY_INVALID", `not a cosigner key (${why})`, {
    hint: "a cosigner verifier key looks like <name>+<8 hex digits>+<base64 of 0x04 and a 32-byte Ed25519 key, or 0x06 and a 1312-byte ML-DSA-44 key>",
    ...(cause === undefined ? {} : { cause }),
  });
}

/** SHA-256(name ‖ 0x0A ‖ type ‖ key)[:4] as 8 lowercase hex digits (type 0x04 unless given). */
export function cosignerKeyId(name: string, publicKey: Uint8Array, type = COSIGNATURE_V1_TYPE): string {
  return createHash("sha256")
    .update(Buffer.from(name, "utf8"))
    .update(Uint8Array.of(0x0a, type))
    .update(publicKey)
    .digest()
    .subarray(0, 4)
    .toString("hex");
}

function verifierOf(
  name: string,
  publicKey: Uint8Array,
  algorithm: CosignatureAlgorithm = "ed25519",
): CosignerVerifier {
  if (!isValidKeyName(name)) throw badKey("invalid name");
  if (algorithm === "ml-dsa-44") {
    if (publicKey.length !== ML_DSA_44_PUBLIC_KEY_BYTES)
      throw badKey("an ML-DSA-44 public key is 1312 bytes");
    // The name is a u8-prefixed field of the signed message: longer names cannot be cosigned.
    if (Buffer.byteLength(name, "utf8") > 255)
      throw badKey("an ML-DSA-44 cosigner name is at most 255 bytes");
    const key = new Uint8Array(publicKey);
    return { name, algorithm, keyId: cosignerKeyId(name, key, ML_DSA_44_TYPE), publicKey: key };
  }
  if (publicKey.length !== 32) throw badKey("an Ed25519 public key is 32 bytes");
  let keyObject: KeyObject;
  try {
    keyObject = ed25519PublicKey(publicKey);
  } catch (cause) {
    throw badKey("not an Ed25519 public key", cause);
  }
  return {
    name,
    algorithm,
    keyId: cosignerKeyId(name, publicKey),
    publicKey: new Uint8Array(publicKey),
    keyObject,
  };
}

/** `<name>+<id>+base64(type ‖ key)`: the vkey a witness publishes (tlog-policy `witness` lines). */
export function formatCosignerVkey(key: {
  name: string;
  publicKey: Uint8Array;
  algorithm?: CosignatureAlgorithm;
}): string {
  const verifier = verifierOf(key.name, key.publicKey, key.algorithm);
  const encoded = Buffer.concat([Uint8Array.of(typeOf(verifier.algorithm)), verifier.publicKey]).toString(
    "base64",
  );
  return `${verifier.name}+${verifier.keyId}+${encoded}`;
}

/**
 * Parses a cosigner vkey. Type 0x04 is the Ed25519 cosignature key, 0x06 the ML-DSA-44 one; a
 * plain Ed25519 note key (type 0x01) is accepted too and used as a cosignature/v1 key, as
 * transparency-dev/formats does, so witness lists published in either form work. The ID in the
 * text must match its own type.
 */
export function parseCosignerVkey(text: string): CosignerVerifier {
  const first = text.indexOf("+");
  const second = text.indexOf("+", first + 1);
  if (first < 0 || second < 0) throw badKey("expected <name>+<id>+<key>");
  const [name, id, encoded] = [text.slice(0, first), text.slice(first + 1, second), text.slice(second + 1)];
  if (!isValidKeyName(name)) throw badKey("invalid name");
  if (!/^[0-9a-f]{8}$/.test(id)) throw badKey("key ID is not 8 lowercase hex digits");
  const raw = decodeBase64Strict(encoded);
  if (raw?.[0] === ML_DSA_44_TYPE) {
    if (raw.length !== 1 + ML_DSA_44_PUBLIC_KEY_BYTES)
      throw badKey("an ML-DSA-44 vkey is base64 of 1313 bytes");
    const publicKey = raw.subarray(1);
    if (cosignerKeyId(name, publicKey, ML_DSA_44_TYPE) !== id) throw badKey("key ID does not match the key");
    return verifierOf(name, publicKey, "ml-dsa-44");
  }
  if (raw?.length !== 33) throw badKey("key is not base64 of 33 bytes");
  const publicKey = raw.subarray(1);
  if (raw[0] === COSIGNATURE_V1_TYPE) {
    if (cosignerKeyId(name, publicKey) !== id) throw badKey("key ID does not match the key");
  } else if (raw[0] === ED25519_NOTE_TYPE) {
    if (noteKeyId(name, publicKey) !== id) throw badKey("key ID does not match the key");
  } else {
    throw badKey(`unsupported signature type 0x${raw[0]!.toString(16).padStart(2, "0")}`);
  }
  return verifierOf(name, publicKey);
}

function cosignerFromPrivate(name: string, privateKey: KeyObject): Cosigner {
  return { ...verifierOf(name, ed25519RawPublicKey(privateKey)), privateKey };
}

/** A cosigner from a 32-byte seed: an Ed25519 seed, or the FIPS 204 ML-DSA-44 key generation seed. */
export function cosignerFromSeed(
  name: string,
  seed: Uint8Array,
  algorithm: CosignatureAlgorithm = "ed25519",
): Cosigner {
  if (seed.length !== 32) throw badKey("a cosigner seed is 32 bytes");
  if (algorithm === "ml-dsa-44") {
    const { publicKey, secretKey } = mlDsa44FromSeed(seed);
    return { ...verifierOf(name, publicKey, algorithm), secretKey };
  }
  return cosignerFromPrivate(name, ed25519PrivateKeyFromSeed(seed));
}

export function generateCosigner(
  name: string,
  algorithm: CosignatureAlgorithm = "ed25519",
): { cosigner: Cosigner; seed: Uint8Array } {
  if (!isValidKeyName(name)) throw badKey("invalid name");
  const seed =
    algorithm === "ml-dsa-44"
      ? new Uint8Array(randomBytes(32))
      : ed25519Seed(generateKeyPairSync("ed25519").privateKey);
  return { cosigner: cosignerFromSeed(name, seed, algorithm), seed };
}

/** `PRIVATE+KEY+<name>+<id>+base64(type ‖ seed)`: the signer key file, newline-terminated. */
export function formatCosignerSkey(
  name: string,
  seed: Uint8Array,
  algorithm: CosignatureAlgorithm = "ed25519",
): string {
  const cosigner = cosignerFromSeed(name, seed, algorithm);
  const encoded = Buffer.concat([Uint8Array.of(typeOf(algorithm)), seed]).toString("base64");
  return `PRIVATE+KEY+${name}+${cosigner.keyId}+${encoded}\n`;
}

/**
 * Reads a signer key: type 0x04 (Ed25519 seed), 0x06 (ML-DSA-44 seed), or a Go note signer key
 * of type 0x01 used for cosigning.
 */
export function parseCosignerSkey(text: string): Cosigner {
  const trimmed = text.trim();
  if (!trimmed.startsWith("PRIVATE+KEY+")) throw badKey("expected PRIVATE+KEY+<name>+<id>+<key>");
  // The base64 key may itself contain "+": only the first two after the prefix separate.
  const rest = trimmed.slice("PRIVATE+KEY+".length);
  const first = rest.indexOf("+");
  const second = rest.indexOf("+", first + 1);
  if (first < 0 || second < 0) throw badKey("expected PRIVATE+KEY+<name>+<id>+<key>");
  const [name, id, encoded] = [rest.slice(0, first), rest.slice(first + 1, second), rest.slice(second + 1)];
  if (!/^[0-9a-f]{8}$/.test(id)) throw badKey("key ID is not 8 lowercase hex digits");
  const raw = decodeBase64Strict(encoded);
  if (
    raw?.length !== 33 ||
    (raw[0] !== COSIGNATURE_V1_TYPE && raw[0] !== ED25519_NOTE_TYPE && raw[0] !== ML_DSA_44_TYPE)
  )
    throw badKey("key is not base64 of a type byte and a 32-byte seed");
  const cosigner = cosignerFromSeed(
    name,
    raw.subarray(1),
    raw[0] === ML_DSA_44_TYPE ? "ml-dsa-44" : "ed25519",
  );
  // The ID of a 0x01 key is its note key ID; for the cosignature types it must match the key.
  const expected = raw[0] === ED25519_NOTE_TYPE ? noteKeyId(name, cosigner.publicKey) : cosigner.keyId;
  if (expected !== id) throw badKey("key ID does not match the key");
  return cosigner;
}
