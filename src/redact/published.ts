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
 * - **Nix's own hashes**: a store path's hash (`/nix/store/<32>-name`, and the base names a
 *   narinfo's `StorePath`, `References` and `Deriver` list), a hash in Nix's base32 behind its
 *   algorithm (`sha256:<52>`, `sha1:<32>`, `sha512:<103>`; `nar/<52>.nar` in a cache's URL),
 *   each of exactly that length in Nix's alphabet (no `e`, `o`, `u`, `t`), and a narinfo's
 *   signature (`Sig: cache.nixos.org-1:<base64 of 64 bytes>`): a signature is public; the
 *   secret key of the same length has no `Sig:` before it.
 * - **A digest in unpadded base64url behind its algorithm** (`sha256=<43>`: a wheel's `RECORD`
 *   file, PEP 376; `sha256+b64u:<43>`, an OCI descriptor's encoded digest): as the padded form
 *   (benign.ts's header digests), of exactly the digest's length (SHA-1 27, SHA-256 43, SHA-384
 *   64, SHA-512 86).
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

/** Nix's base32 alphabet: the digits and the letters but `e`, `o`, `u` and `t`. */
const N = "[0-9a-df-np-sv-z]";
// A store path's base name: the hash, `-`, the name (letters, digits and `+-._?=`).
const NIX_STORE_PATH = new RegExp(`/nix/store/(${N}{32}-[\\w+.?=-]*)`, "g");
const NIX_LABELLED = new RegExp(
  `(?<![\\w-])(?:(sha1)|(sha256)|(sha512)|md5)[:=](${N}{103}|${N}{52}|${N}{32}|${N}{26})(?![0-9a-z])|nar/${N}{52}\\.nar[\\w.]*`,
  "g",
);
const NARINFO_PATHS = /^(?:StorePath|References|Deriver):[^\n]*/gm;
const STORE_BASENAME = new RegExp(`(?<![\\w-])${N}{32}-[\\w+.?=-]+`, "g");
const NARINFO_SIG = /(?<![\w-])Sig:[ \t]*[A-Za-z0-9][\w.-]*-[0-9]+:([A-Za-z0-9+/]{86}==)/g;
const DIGEST_BASE64URL = /(?<![\w-])sha(1|256|384|512)(?:\+b64u)?[=:]([A-Za-z0-9_-]+)(?![A-Za-z0-9_=+/-])/g;
const BASE64URL_LENGTH: Record<string, number> = { "1": 27, "256": 43, "384": 64, "512": 86 };

/** Nix's hashes of `text` (above): store paths, labelled nix32 hashes, narinfo's lists and signatures. */
function nixRanges(text: string, out: Range[]): void {
  if (text.includes("/nix/store/"))
    for (const m of text.matchAll(NIX_STORE_PATH)) out.push([m.index! + 11, m.index! + m[0].length]);
  for (const m of text.matchAll(NIX_LABELLED)) {
    if (m[4] !== undefined) {
      const length = m[1] ? 32 : m[2] ? 52 : m[3] ? 103 : 26;
      if (m[4].length !== length) continue;
    }
    out.push([m.index!, m.index! + m[0].length]);
  }
  if (/^(?:StorePath|References|Deriver):/m.test(text))
    for (const line of text.matchAll(NARINFO_PATHS))
      for (const m of line[0].matchAll(STORE_BASENAME))
        out.push([line.index! + m.index!, line.index! + m.index! + m[0].length]);
  if (text.includes("Sig:"))
    for (const m of text.matchAll(NARINFO_SIG)) {
      const end = m.index! + m[0].length;
      out.push([end - m[1]!.length, end]);
    }
}

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
  if (/sha|md5|nar\/|\/nix\/store\/|^(?:StorePath|References|Deriver):|Sig:/m.test(text))
    nixRanges(text, out);
  if (/sha(?:1|256|384|512)(?:\+b64u)?[=:]/.test(text))
    for (const m of text.matchAll(DIGEST_BASE64URL)) {
      if (m[2]!.length !== BASE64URL_LENGTH[m[1]!]) continue;
      const end = m.index! + m[0].length;
      out.push([end - m[2]!.length, end]);
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
