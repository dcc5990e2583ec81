/**
 * Keys and digests published so that others can check a signature or a download, in the formats
 * their tools print them (docs/decisions/redaction-published-keys.md). Each is fixed by its
 * format to one length, so the secret half of the same key, longer by its format, is never
 * taken for it:
 *
 * - **A Nix binary cache's public key** (`cache.nixos.org-1:6NCHdD59…=`, `nix.conf`'s
 *   `trusted-public-keys`, Cachix's instructions): the key's name, `-` and a number, `:`, then
 *   base64 of an Ed25519 public key — 32 bytes, 44 characters with one `=`. The secret key file
 *   (`nix-store --generate-binary-cache-key`, `CACHIX_SIGNING_KEY`) holds 64 bytes: 88
 *   characters, not this.
 * - **A minisign or signify public key** (`RWQf6LRCGA9i…`): base64 of 42 bytes, the algorithm
 *   `Ed`, an eight-byte key id, then the 32-byte public key — 56 characters that begin `RW`.
 *   The secret key file is base64 of 158 bytes (`RWRTY0Iy…`: `Ed`, the KDF's `Sc`, `B2`, …).
 *   A random base64 run of 56 begins `RW` once in 4096; 56 characters is no vendor's length.
 * - **A JWK thumbprint URI** (RFC 9278: `urn:ietf:params:oauth:jwk-thumbprint:sha-256:<43>`),
 *   and a digest's encoding (base64url or hex of a SHA-1, SHA-256, -384 or -512) after the word
 *   thumbprint or fingerprint on its line (`calculateJwkThumbprint(jwk), 'NzbLsXh8…'`,
 *   `Fingerprint: 9F3A…`): a hash of a public key or a certificate, printed to be compared.
 *
 * These only veto the token-by-look scan (benign.ts): the same bytes under a secret's name are
 * still that name's value.
 */
import type { Range } from "./span.js";

const NIX_PUBLIC_KEY = /(?<![\w.-])[A-Za-z0-9][\w.-]*-[0-9]+:[A-Za-z0-9+/]{43}=(?![A-Za-z0-9+/=])/g;
const SIGNIFY_PUBLIC_KEY = /(?<![A-Za-z0-9+/=])RW[A-Za-z0-9+/]{54}(?![A-Za-z0-9+/=])/g;
const THUMBPRINT_URI =
  /urn:ietf:params:oauth:jwk-thumbprint:sha-(?:256:[A-Za-z0-9_-]{43}|384:[A-Za-z0-9_-]{64}|512:[A-Za-z0-9_-]{86})(?![A-Za-z0-9_-])/g;
/**
 * The word thumbprint or fingerprint, then on the same line a digest's encoding: base64url or
 * base64 of 20, 32, 48 or 64 bytes (27/28, 43/44, 64, 86/88 characters) or hex of the same
 * (40, 64, 96, 128; colons between the bytes too, as `openssl x509 -fingerprint` prints them).
 */
const NAMED_DIGEST =
  /(?:thumbprint|fingerprint)[^\n]*?(?<![A-Za-z0-9+/=_:-])([A-Za-z0-9_-]{27}|[A-Za-z0-9_-]{43}|[A-Za-z0-9_-]{64}|[A-Za-z0-9_-]{86}|[A-Za-z0-9+/]{27}=|[A-Za-z0-9+/]{43}=|[A-Za-z0-9+/]{86}==|(?:[0-9A-Fa-f]{2}:){19,63}[0-9A-Fa-f]{2})(?![A-Za-z0-9+/=_:-])/gi;

/** The spans of `text` that are such published keys and digests. */
export function publishedRanges(text: string): Range[] {
  const out: Range[] = [];
  if (text.includes(":")) {
    for (const m of text.matchAll(NIX_PUBLIC_KEY)) out.push([m.index!, m.index! + m[0].length]);
    if (text.includes("jwk-thumbprint"))
      for (const m of text.matchAll(THUMBPRINT_URI)) out.push([m.index!, m.index! + m[0].length]);
  }
  if (text.includes("RW")) {
    for (const m of text.matchAll(SIGNIFY_PUBLIC_KEY))
      if (Buffer.from(m[0], "base64").toString("latin1", 0, 2) === "Ed")
        out.push([m.index!, m.index! + m[0].length]);
  }
  if (/thumbprint|fingerprint/i.test(text)) {
    for (const m of text.matchAll(NAMED_DIGEST)) {
      const digest = m[1]!;
      const end = m.index! + m[0].length;
      out.push([end - digest.length, end]);
    }
  }
  return out;
}
