/**
 * Identifiers in their own format that a token-by-look scan takes for keys
 * (docs/decisions/redaction-literals.md). Each is a digest of public bytes, fixed by a
 * specification to one length, under the name or the prefix the format gives it:
 *
 * - **Yarn's lock-file checksum** (`checksum: 10c0/<128 hex>`, Yarn 2 and later): the cache's
 *   version key, `/`, then the package archive's SHA-512 in hex.
 * - **An ID token's hash claims** (`at_hash`, `c_hash`, `s_hash`: OpenID Connect Core 3.1.3.6):
 *   base64url of the left half of the access token's, code's or state's SHA-256, -384 or -512
 *   (16, 24 or 32 bytes: 22, 32 or 43 characters). Half a hash cannot give back the token.
 * - **A JWK's certificate thumbprints** (`x5t`, `x5t#S256`: RFC 7517 4.8, 4.9): base64url of
 *   the certificate's SHA-1 (27 characters) or SHA-256 (43).
 *
 * - **A URL's parameters that carry no credential by their definition**: ad-click ids
 *   (`gclid`, `fbclid`, `msclkid`, `dclid`, `gbraid`, `wbraid`, `yclid`, `ttclid`, `twclid`), and
 *   an OAuth request's `code_challenge` (RFC 7636: a hash of the verifier, sent in the clear),
 *   `nonce` and `state` (OpenID Connect, RFC 6749: values the client checks, granting nothing),
 *   an object store's `versionId`; a Content-Security-Policy's `'nonce-…'` (a per-response value
 *   the page echoes).
 *
 * These only veto the token-by-look scan (benign.ts): the same bytes under a secret's name are
 * still that name's value.
 */
import type { Range } from "./span.js";

const YARN_CHECKSUM = /(?<![\w/])[0-9]{1,2}c[0-9]{1,2}\/[0-9a-f]{128}(?![0-9a-f])/g;
const HASH_CLAIM =
  /["']?(?:at_hash|c_hash|s_hash)["']?[ \t]*[:=][ \t]*["']?([A-Za-z0-9_-]{22}|[A-Za-z0-9_-]{32}|[A-Za-z0-9_-]{43})(?![A-Za-z0-9_=-])/g;
const THUMBPRINT =
  /["']?x5t(#S256)?["']?[ \t]*[:=][ \t]*["']?([A-Za-z0-9_-]{27}|[A-Za-z0-9_-]{43})(?![A-Za-z0-9_=-])/g;

const PUBLIC_PARAMETER =
  /[?&#](?:gclid|fbclid|msclkid|dclid|gbraid|wbraid|yclid|ttclid|twclid|code_challenge|nonce|state|versionId)=([A-Za-z0-9._~%-]+)/g;
const CSP_NONCE = /'nonce-([A-Za-z0-9+/_-]+={0,2})'/g;

/** The spans of `text` that are such identifiers. */
export function identifierRanges(text: string): Range[] {
  const out: Range[] = [];
  if (text.includes("c"))
    for (const m of text.matchAll(YARN_CHECKSUM)) out.push([m.index!, m.index! + m[0].length]);
  if (text.includes("_hash")) {
    for (const m of text.matchAll(HASH_CLAIM)) {
      const end = m.index! + m[0].length;
      out.push([end - m[1]!.length, end]);
    }
  }
  if (text.includes("x5t")) {
    for (const m of text.matchAll(THUMBPRINT)) {
      // SHA-1 is 27 characters, SHA-256 43: the name says which.
      if ((m[1] === undefined) !== (m[2]!.length === 27)) continue;
      const end = m.index! + m[0].length;
      out.push([end - m[2]!.length, end]);
    }
  }
  if (text.includes("'nonce-"))
    for (const m of text.matchAll(CSP_NONCE)) out.push([m.index! + 1, m.index! + m[0].length - 1]);
  if (/[?&#](?:[a-z]{1,5}clid|[gw]braid|code_challenge|nonce|state|versionId)=/.test(text))
    for (const m of text.matchAll(PUBLIC_PARAMETER)) {
      const end = m.index! + m[0].length;
      out.push([end - m[1]!.length, end]);
    }
  return out;
}
