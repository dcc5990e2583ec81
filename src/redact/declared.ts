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
 * A checksum of four bytes (Base58Check) or thirty bits (bech32) is met by a random string about
 * once in four billion or a billion, so an API key is never taken for an address by chance.
 */
import { createHash } from "node:crypto";
import type { Range } from "./benign.js";

const B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

/** The payload of a valid Base58Check string, or null. */
export function base58Check(text: string): Uint8Array | null {
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
  const all = Uint8Array.from(bytes.reverse());
  if (all.length < 5) return null;
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

const SECRET_HRP = /sec$|secret|(?:^|[-_])x?sk$|prv$|priv/i;
const PASERK = /^k[1-4]\.(lid|pid|sid|public|local|secret|seal|local-wrap|secret-wrap|local-pw|secret-pw)\./;

/** What a token's own structure declares it to be: a public value, a secret, or nothing. */
export function declared(token: string): "public" | "secret" | null {
  const paserk = PASERK.exec(token);
  if (paserk) return /^(?:lid|pid|sid|public)$/.test(paserk[1]!) ? "public" : "secret";
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
  return out;
}
