/**
 * Tokens that say what they are: encodings whose structure, checked rather than guessed, names
 * the kind of key they carry (docs/decisions/redaction-structural-tokens.md). A random-looking
 * run is a token by look (entropy.ts); these rules decide the runs whose own bytes say more:
 *
 * - **Base58Check** (a version, a payload, four bytes of a double SHA-256): a version and a
 *   20-byte hash (21–23 bytes: Bitcoin-style addresses, Tezos' `tz1…`) is an address, a hash of
 *   a public key; a BIP-32 extended key (78 bytes) is public when its key data begins 0x02/0x03
 *   and private when it begins 0x00 (`xprv…`, `tprv…`, any version bytes); a private key in
 *   Wallet Import Format (0x80 or 0xef and 32 bytes, 33 with the compression flag) is secret.
 * - **Bech32 and bech32m** (a human-readable part, `1`, data, a six-character checksum): a part
 *   that says secret (`nsec`, `…sk`, `…xsk`, `…prv`, `…priv`, `…secret`) is a private key, any
 *   other (`npub`, `nprofile`, `bc1…`, `age1…`, `cosmos1…`) names a public key or an address.
 * - **PASERK** (`k<version>.<type>.<data>`): the type says it — `lid`, `pid`, `sid` are key
 *   ids and `public` a public key; `local`, `secret`, `seal` and the wrapped and
 *   password-wrapped forms carry the key.
 *
 * - **IPFS content ids**: a CIDv0 (`Qm…`: Base58 of a SHA-256 multihash, 0x12 0x20 and 32 bytes)
 *   or a CIDv1 in base32 (`bafy…`, `bafk…`: version 1, a codec, then such a multihash) names
 *   content by its digest, as an image digest does; a CIDv1 in base36 (`k51…`: an IPNS name)
 *   names a public key by its identity multihash.
 * - **A PEM block in base64** (`LS0tLS1CRUdJTi…`, Kubernetes' `data:` values, `base64 key.pem`):
 *   its armour, decoded, says what it holds — a private key is one, a certificate or a public
 *   key is public.
 *
 * A checksum of four bytes (Base58Check) or thirty bits (bech32) is met by a random string about
 * once in four billion or a billion, so an API key is never taken for an address by chance.
 */
import { createHash } from "node:crypto";
import type { Range } from "./span.js";

const B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

/** The bytes of a Base58 string, or null. */
export function base58(text: string): Uint8Array | null {
  const bytes: number[] = [];
  for (const char of text) {
    let carry = B58.indexOf(char);
    if (carry < 0) return null;
    for (let index = 0; index < bytes.length; index += 1) {
      carry += bytes[index]! * 58;
      bytes[index] = carry & 0xff;
      carry >>= 8;
    }
    for (; carry > 0; carry >>= 8) bytes.push(carry & 0xff);
  }
  for (const char of text) {
    if (char !== "1") break;
    bytes.push(0);
  }
  return Uint8Array.from(bytes.reverse());
}

/** The payload of a valid Base58Check string, or null. */
export function base58Check(text: string): Uint8Array | null {
  const all = base58(text);
  if (all === null || all.length < 5) return null;
  const payload = all.subarray(0, all.length - 4);
  const once = createHash("sha256").update(payload).digest();
  const twice = createHash("sha256").update(once).digest();
  return twice.subarray(0, 4).equals(all.subarray(all.length - 4)) ? payload : null;
}

/** The human-readable part of a valid bech32 or bech32m string, or null. */
export function bech32Prefix(text: string): string | null {
  const lower = text.toLowerCase();
  if (lower !== text && text.toUpperCase() !== text) return null;
  const at = lower.lastIndexOf("1");
  if (at < 1 || lower.length - at < 7) return null;
  const hrp = lower.slice(0, at);
  let check = 1;
  const step = (value: number) => {
    const top = check >>> 25;
    check = ((check & 0x1ffffff) << 5) ^ value;
    const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
    for (let bit = 0; bit < 5; bit += 1) if ((top >>> bit) & 1) check ^= generators[bit]!;
  };
  for (const char of hrp) {
    const code = char.charCodeAt(0);
    if (code < 33 || code > 126) return null;
    step(code >>> 5);
  }
  step(0);
  for (const char of hrp) step(char.charCodeAt(0) & 31);
  for (const char of lower.slice(at + 1)) {
    const value = BECH32.indexOf(char);
    if (value < 0) return null;
    step(value);
  }
  // bech32 (BIP-173) or bech32m (BIP-350).
  return check === 1 || check === 0x2bc830a3 ? hrp : null;
}

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** The bytes of unpadded lower-case base32 (RFC 4648), or null. */
function base32(text: string): Uint8Array | null {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const char of text) {
    const value = BASE32.indexOf(char);
    if (value < 0) return null;
    acc = ((acc << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

/** A SHA-256 multihash (0x12 0x20, then 32 bytes) from `at` to the end. */
const multihash = (bytes: Uint8Array, at: number) =>
  bytes.length === at + 34 && bytes[at] === 0x12 && bytes[at + 1] === 0x20;

/** The bytes of lower-case base36 (multibase `k`: IPNS names), or null. */
function base36(text: string): Uint8Array | null {
  let value = 0n;
  for (const char of text) {
    const digit = "0123456789abcdefghijklmnopqrstuvwxyz".indexOf(char);
    if (digit < 0) return null;
    value = value * 36n + BigInt(digit);
  }
  const hex = value.toString(16);
  return Uint8Array.from(Buffer.from(hex.length % 2 ? `0${hex}` : hex, "hex"));
}

/**
 * A CIDv1 in base36 (`k51…`, `k2k4…`: how IPNS names and libp2p keys are written for a DNS
 * label): version 1, a codec of content or of a key (dag-pb, raw, dag-cbor, libp2p-key), then a
 * multihash — SHA-256 (0x12 0x20) or the identity hash of a public key (0x00, its length) —
 * ending exactly where the bytes do.
 */
function base36ContentId(token: string): boolean {
  const bytes = base36(token.slice(1));
  if (bytes === null || bytes[0] !== 1 || ![0x55, 0x70, 0x71, 0x72].includes(bytes[1]!)) return false;
  if (bytes[2] === 0x00) return bytes[3] === bytes.length - 4 && bytes.length > 8;
  return multihash(bytes, 2);
}

/** An IPFS content id: CIDv0 in Base58, or CIDv1 (a version, a codec varint, a multihash) in base32 or base36. */
function contentId(token: string): boolean {
  if (/^Qm[1-9A-HJ-NP-Za-km-z]{44}$/.test(token)) {
    const bytes = base58(token);
    return bytes !== null && multihash(bytes, 0);
  }
  if (/^k[0-9a-z]{45,70}$/.test(token)) return base36ContentId(token);
  if (!/^b[a-z2-7]{50,}$/.test(token)) return false;
  const bytes = base32(token.slice(1));
  if (bytes === null || bytes[0] !== 1) return false;
  // The codec: one byte below 0x80, or two.
  return multihash(bytes, 2 + ((bytes[1]! & 0x80) === 0 ? 0 : 1));
}

/**
 * A base64 PEM block's head (`LS0tLS1CRUdJTi`: base64 of `-----BEGIN `), one line or wrapped; a
 * wrapped line may be indented (a YAML block scalar: `tls.key: |`) and is wholly base64, so the
 * next key of the file is not taken in.
 */
export const ARMOUR_BASE64 =
  /LS0tLS1CRUdJTi[A-Za-z0-9+/]*={0,2}(?:\r?\n[ \t]*[A-Za-z0-9+/]{4,}={0,2}(?=[ \t]*(?:\r?\n|$)))*/g;

/** What a base64 PEM block's decoded armour says it holds. */
export function armouredBase64(run: string): "public" | "secret" | null {
  const head = Buffer.from(run.slice(0, 96).replace(/\s+/g, ""), "base64").toString("latin1");
  if (/^-----BEGIN [A-Z0-9 ]*PRIVATE KEY/.test(head)) return "secret";
  if (
    /^-----BEGIN (?:CERTIFICATE|TRUSTED CERTIFICATE|X509 CRL|CERTIFICATE REQUEST|[A-Z0-9 ]*PUBLIC KEY|PGP SIGNATURE|PGP MESSAGE)/.test(
      head,
    )
  )
    return "public";
  return null;
}

const SECRET_HRP = /sec$|secret|(?:^|[-_])x?sk$|prv$|priv/i;
const PASERK = /^k[1-4]\.(lid|pid|sid|public|local|secret|seal|local-wrap|secret-wrap|local-pw|secret-pw)\./;

/** What a token's own structure declares it to be: a public value, a secret, or nothing. */
export function declared(token: string): "public" | "secret" | null {
  const paserk = PASERK.exec(token);
  if (paserk) return /^(?:lid|pid|sid|public)$/.test(paserk[1]!) ? "public" : "secret";
  if (contentId(token)) return "public";
  if (/^[1-9A-HJ-NP-Za-km-z]{25,120}$/.test(token)) {
    const payload = base58Check(token);
    if (payload) {
      if (payload.length >= 21 && payload.length <= 23) return "public";
      if (payload.length === 78) return payload[45] === 0 ? "secret" : "public";
      if ((payload[0] === 0x80 || payload[0] === 0xef) && (payload.length === 33 || payload.length === 34))
        return "secret";
    }
  }
  if (/^[A-Za-z0-9-]{1,83}1[02-9ac-hj-np-zAC-HJ-NP-Z]{6,}$/.test(token)) {
    const hrp = bech32Prefix(token);
    if (hrp !== null) return SECRET_HRP.test(hrp) ? "secret" : "public";
  }
  return null;
}

/** Candidates: runs of the alphabets above, standing alone. */
const CANDIDATE =
  /(?<![A-Za-z0-9_+/=~.-])(?:k[1-4]\.[a-z-]+\.[A-Za-z0-9_.-]{16,}|[A-Za-z0-9-]{26,})(?![A-Za-z0-9_+/=~.-])/g;

/** The runs of `text` whose structure declares them public (addresses, public keys, key ids). */
export function declaredPublicRanges(text: string): Range[] {
  const out: Range[] = [];
  for (const match of text.matchAll(CANDIDATE))
    if (declared(match[0]) === "public") out.push([match.index!, match.index! + match[0].length]);
  if (text.includes("LS0tLS1CRUdJTi"))
    for (const match of text.matchAll(ARMOUR_BASE64))
      if (armouredBase64(match[0]) === "public") out.push([match.index!, match.index! + match[0].length]);
  return out;
}
