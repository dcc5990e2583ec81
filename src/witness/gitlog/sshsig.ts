/**
 * SSH signatures (OpenSSH PROTOCOL.sshsig) with Ed25519 keys, made and checked in-process with
 * node:crypto, as `git` writes them into a commit's `gpgsig` header (`gpg.format=ssh`).
 *
 * Signed data  = "SSHSIG" ‖ string(namespace) ‖ string(reserved="") ‖ string(hash_alg) ‖ string(H(message))
 * Signature blob = "SSHSIG" ‖ uint32(1) ‖ string(pubkey blob) ‖ string(namespace) ‖ string(reserved)
 *                  ‖ string(hash_alg) ‖ string(string("ssh-ed25519") ‖ string(64-byte sig))
 * Armored: base64 of the blob in lines of 70 between BEGIN/END SSH SIGNATURE (as ssh-keygen does).
 * Everything parsed here is attacker-controlled until `verifySshSig` returns true.
 */
import { createHash, createPrivateKey, type KeyObject, sign, verify } from "node:crypto";
import { ed25519PublicKey, ed25519RawPublicKey } from "../../ed25519/index.js";
import { TrailsealError } from "../../errors/index.js";

const MAGIC = Buffer.from("SSHSIG");
const KEY_TYPE = "ssh-ed25519";
const ARMOR_BEGIN = "-----BEGIN SSH SIGNATURE-----";
const ARMOR_END = "-----END SSH SIGNATURE-----";
const LINE = 70;

export interface SshSig {
  publicKey: Uint8Array; // raw 32-byte Ed25519 key
  namespace: string;
  reserved: string;
  hashAlgorithm: "sha512" | "sha256";
  signature: Uint8Array; // raw 64-byte Ed25519 signature
}

function sshString(data: Uint8Array | string): Buffer {
  const bytes = typeof data === "string" ? Buffer.from(data) : Buffer.from(data);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(bytes.length);
  return Buffer.concat([len, bytes]);
}

class Reader {
  private offset = 0;
  constructor(private readonly buf: Buffer) {}
  bytes(n: number): Buffer {
    if (this.offset + n > this.buf.length) throw sigError("truncated SSH signature");
    const out = this.buf.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }
  uint32(): number {
    return this.bytes(4).readUInt32BE(0);
  }
  string(): Buffer {
    return this.bytes(this.uint32());
  }
  done(): boolean {
    return this.offset === this.buf.length;
  }
}

function sigError(message: string, cause?: unknown): TrailsealError {
  return new TrailsealError("GITLOG_SSHSIG_INVALID", message, { cause });
}

/** The SSH wire encoding of an Ed25519 public key (what `ssh-ed25519 AAAA…` base64-encodes). */
export function sshPublicKeyBlob(publicKey: Uint8Array): Buffer {
  return Buffer.concat([sshString(KEY_TYPE), sshString(publicKey)]);
}

/** `ssh-ed25519 AAAA…` (authorized_keys / allowed_signers form). */
export function formatSshPublicKey(publicKey: Uint8Array): string {
  return `${KEY_TYPE} ${sshPublicKeyBlob(publicKey).toString("base64")}`;
}

/** Parses `ssh-ed25519 AAAA… [comment]` into the raw 32-byte key; null when not Ed25519. */
export function parseSshPublicKey(text: string): Uint8Array | null {
  const [type, b64] = text.trim().split(/\s+/);
  if (type !== KEY_TYPE || !b64) return null;
  try {
    const r = new Reader(Buffer.from(b64, "base64"));
    if (r.string().toString() !== KEY_TYPE) return null;
    const key = r.string();
    return key.length === 32 && r.done() ? new Uint8Array(key) : null;
  } catch {
    return null;
  }
}

/** `SHA256:<base64 without padding>` of the key blob, as `ssh-keygen -l` prints it. */
export function sshFingerprint(publicKey: Uint8Array): string {
  return `SHA256:${createHash("sha256").update(sshPublicKeyBlob(publicKey)).digest("base64").replace(/=+$/, "")}`;
}

export function rawPublicKey(key: KeyObject): Uint8Array {
  if (key.asymmetricKeyType !== "ed25519")
    throw new TrailsealError("GITLOG_KEY_INVALID", "not an Ed25519 key");
  return ed25519RawPublicKey(key);
}

export function privateKeyFromPem(pem: string): KeyObject {
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== "ed25519")
    throw new TrailsealError("GITLOG_KEY_INVALID", "not an Ed25519 key");
  return key;
}

function signedData(namespace: string, reserved: string, hashAlgorithm: string, message: Uint8Array): Buffer {
  const digest = createHash(hashAlgorithm).update(message).digest();
  return Buffer.concat([
    MAGIC,
    sshString(namespace),
    sshString(reserved),
    sshString(hashAlgorithm),
    sshString(digest),
  ]);
}

export function serializeSshSig(sig: SshSig): string {
  const version = Buffer.alloc(4);
  version.writeUInt32BE(1);
  const blob = Buffer.concat([
    MAGIC,
    version,
    sshString(sshPublicKeyBlob(sig.publicKey)),
    sshString(sig.namespace),
    sshString(sig.reserved),
    sshString(sig.hashAlgorithm),
    sshString(Buffer.concat([sshString(KEY_TYPE), sshString(sig.signature)])),
  ]).toString("base64");
  const lines = [ARMOR_BEGIN];
  for (let i = 0; i < blob.length; i += LINE) lines.push(blob.slice(i, i + LINE));
  lines.push(ARMOR_END);
  return `${lines.join("\n")}\n`;
}

/** Parses an armored SSH signature; throws GITLOG_SSHSIG_INVALID (never a SyntaxError). */
export function parseSshSig(armored: string): SshSig {
  const lines = armored
    .trim()
    .split("\n")
    .map((line) => line.trim());
  if (lines[0] !== ARMOR_BEGIN || lines.at(-1) !== ARMOR_END) throw sigError("not an armored SSH signature");
  const b64 = lines.slice(1, -1).join("");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw sigError("SSH signature is not base64");
  const r = new Reader(Buffer.from(b64, "base64"));
  if (!r.bytes(6).equals(MAGIC)) throw sigError("SSH signature lacks the SSHSIG preamble");
  if (r.uint32() !== 1) throw sigError("unsupported SSHSIG version");
  const keyReader = new Reader(r.string());
  if (keyReader.string().toString() !== KEY_TYPE) throw sigError("SSH signature key is not ssh-ed25519");
  const publicKey = keyReader.string();
  const namespace = r.string().toString();
  const reserved = r.string().toString();
  const hashAlgorithm = r.string().toString();
  if (hashAlgorithm !== "sha512" && hashAlgorithm !== "sha256") throw sigError("unsupported SSHSIG hash");
  const sigReader = new Reader(r.string());
  if (sigReader.string().toString() !== KEY_TYPE) throw sigError("signature type is not ssh-ed25519");
  const signature = sigReader.string();
  if (!r.done() || !keyReader.done() || !sigReader.done()) throw sigError("trailing bytes in SSH signature");
  if (publicKey.length !== 32 || signature.length !== 64) throw sigError("bad Ed25519 key or signature size");
  return {
    publicKey: new Uint8Array(publicKey),
    namespace,
    reserved,
    hashAlgorithm,
    signature: new Uint8Array(signature),
  };
}

/** Signs `message` (namespace `git` by default, sha512) and returns the armored signature. */
export function signSshSig(message: Uint8Array, privateKey: KeyObject, namespace = "git"): string {
  const data = signedData(namespace, "", "sha512", message);
  return serializeSshSig({
    publicKey: rawPublicKey(privateKey),
    namespace,
    reserved: "",
    hashAlgorithm: "sha512",
    signature: new Uint8Array(sign(null, data, privateKey)),
  });
}

/**
 * True when `armored` is a valid signature of `message` by one of `trusted` (raw keys) in `namespace`.
 * Malformed input is simply false: a verifier never throws on attacker bytes.
 */
export function verifySshSig(
  message: Uint8Array,
  armored: string,
  trusted: readonly Uint8Array[],
  namespace = "git",
): boolean {
  let sig: SshSig;
  try {
    sig = parseSshSig(armored);
  } catch {
    return false;
  }
  if (sig.namespace !== namespace) return false;
  if (!trusted.some((key) => Buffer.from(key).equals(Buffer.from(sig.publicKey)))) return false;
  const data = signedData(sig.namespace, sig.reserved, sig.hashAlgorithm, message);
  try {
    return verify(null, data, ed25519PublicKey(sig.publicKey), sig.signature);
  } catch {
    return false;
  }
}
