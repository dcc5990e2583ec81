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
 * - **A KSUID where an id goes** (27 base62 characters: a four-byte time since 2014-05-13 and
 *   sixteen random bytes), given to an id's name (`event_id`, `traceId`, `"id"`, `WHERE id =`,
 *   also behind a type's prefix: `"id": "evt_<ksuid>"`), to a command line's id flag
 *   (`--workflow-id <ksuid>`) or to a KSUID library's parser, and
 *   decoding to a time between that epoch and a year from now. A random 27-character key
 *   passes the decoding about one time in ten, and an id's name beside it is what it lacks:
 *   the same run under a key's name, or with no name, is judged by look.
 * - **Ethereum's (EVM chains') 0x hex**: an address (`0x` and 40 hex: the last 20 bytes of a
 *   public key's hash, EIP-55 mixing the case as a checksum) anywhere; a 32-byte word (`0x` and
 *   64 hex) where it is named as a hash — a JSON-RPC object's `hash`, `blockHash`,
 *   `transactionHash`, `parentHash`, `…Root`, a signature's `r` and `s`, a log's `topics`, the
 *   `params` of an `eth_get…` call, a block explorer's `/tx/` or `/block/` path, `cast tx`,
 *   `receipt`, `run` or `block`. A private key has the same shape: under its name, after
 *   `--private-key`, in an `accounts` list or alone it is still judged.
 * - **A ULID where an id goes**: 26 characters of Crockford's base32 whose first ten are a time
 *   between 2010 and a year from now, given to an id's, a trace's or a cursor's name or an id
 *   flag — in lower case too, as many services print them (benign.ts leaves an upper-case one
 *   anywhere).
 * - **Solana's addresses and transaction signatures** (Base58 of a 32-byte public key or of a
 *   64-byte signature) where the context names them: `new PublicKey(…)`, the `solana` CLI's
 *   `transfer`, `balance`, `account` and `confirm`, an explorer's `/address/`, `/account/` or
 *   `/tx/`. A keypair's 64 bytes in Base58 have a signature's shape, so elsewhere — under a
 *   secret's name, given to `fromSecretKey` — they are judged.
 * - **A digest under its algorithm's element** (Gradle's verification metadata: `<sha256
 *   value="<hex>"/>`), at that algorithm's length.
 * - **A Firebase app id** (`1:<project number>:web:<hex>`, `…:android:…`, `…:ios:…`): it names
 *   the app in the configuration Firebase prints for the page.
 *
 * - **A GitHub OAuth app's or GitHub App's client id in its current form** (`Ov23` or `Iv23`
 *   and 16 letters and digits) under a client id's name (`client_id`, `clientId`,
 *   `GITHUB_CLIENT_ID`, `--client-id`, an id's name that names GitHub: `AUTH_GITHUB_ID`; or such a
 *   name earlier on the line with no secret's word after it: `clientId: env.X ?? "Ov23…"`):
 *   GitHub sends it in the browser's authorize URL; the
 *   client secret beside it (40 hex) is another value and is still judged. (`Iv1.` and 16 hex
 *   is GitHub's older form, left anywhere: benign.ts.)
 * - **A Vault or OpenBao token's accessor** (24 letters and digits, maybe a namespace's `.` and
 *   five more) under an accessor's name (`accessor`, `token_accessor`, `-accessor`): it looks a
 *   token up or revokes it but cannot be used as one; the token (`hvs.…`, `s.…`) is still judged.
 *   Also the lines of `list auth/token/accessors`'s answer (a `Keys` column of accessors).
 *
 * These only veto the token-by-look scan (benign.ts): the same bytes under a secret's name are
 * still that name's value.
 */
import { base58 } from "./declared.js";
import type { Range } from "./span.js";

const YARN_CHECKSUM = /(?<![\w/])[0-9]{1,2}c[0-9]{1,2}\/[0-9a-f]{128}(?![0-9a-f])/g;
const HASH_CLAIM =
  /["']?(?:at_hash|c_hash|s_hash)["']?[ \t]*[:=][ \t]*["']?([A-Za-z0-9_-]{22}|[A-Za-z0-9_-]{32}|[A-Za-z0-9_-]{43})(?![A-Za-z0-9_=-])/g;
const THUMBPRINT =
  /["']?x5t(#S256)?["']?[ \t]*[:=][ \t]*["']?([A-Za-z0-9_-]{27}|[A-Za-z0-9_-]{43})(?![A-Za-z0-9_=-])/g;

const PUBLIC_PARAMETER =
  /[?&#](?:gclid|fbclid|msclkid|dclid|gbraid|wbraid|yclid|ttclid|twclid|code_challenge|nonce|state|versionId)=([A-Za-z0-9._~%-]+)/g;
const CSP_NONCE = /'nonce-([A-Za-z0-9+/_-]+={0,2})'/g;

const B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** A ULID's time: its first ten characters (Crockford's base32, upper case), in milliseconds. */
export function ulidMillis(ulid: string): number {
  let ms = 0;
  for (const char of ulid.slice(0, 10)) ms = ms * 32 + CROCKFORD.indexOf(char);
  return ms;
}
/** A ULID's first ten characters as a time between 2010 and a year from now. */
function ulidTime(ulid: string): boolean {
  const ms = ulidMillis(ulid);
  return ms >= 1_262_304_000_000 && ms <= Date.now() + 366 * 86_400_000;
}
const KSUID_EPOCH = 1_400_000_000;
/** Whether 27 base62 characters decode to a KSUID made between its epoch and a year from now. */
function ksuidTime(run: string): boolean {
  let value = 0n;
  for (const char of run) value = value * 62n + BigInt(B62.indexOf(char));
  if (value >> 160n !== 0n) return false;
  const seconds = Number(value >> 128n) + KSUID_EPOCH;
  return seconds <= Date.now() / 1000 + 366 * 86_400;
}
// An id's name (`id`, `event_id`, `traceId`, `user-ID`), an optional type prefix, the KSUID.
const KSUID_UNDER_ID =
  /(?:(?<![A-Za-z])(?:id|ids|uid)|[a-z0-9](?:Id|ID|Ids|IDs))["']?[ \t]*(?:[:=]|=>)[ \t]*(?:'\\''|["'`])?((?:[a-z]{2,8}_)?[0-9A-Za-z]{27})(?![0-9A-Za-z_+/=-])/g;
// A ULID (26 of Crockford's base32; lower case too) given to an id's name, a trace's or a cursor's.
const ULID_UNDER_ID =
  /(?:(?<![A-Za-z])(?:id|ids|uid|trace|cursor)|[a-z0-9](?:Id|ID|Ids|IDs))["']?[ \t]*(?:[:=]|=>)[ \t]*(?:'\\''|["'`])?((?:[a-z]{2,8}_)?(?:[0-7][0-9A-HJKMNP-TV-Z]{25}|[0-7][0-9a-hjkmnp-tv-z]{25}))(?![0-9A-Za-z_+/=-])/g;
// An id flag of a command line (`--workflow-id X`, `--trace-id X`, `--id X`), then a KSUID (27)
// or a ULID (26), maybe behind a type's prefix.
const ID_FLAG =
  /(?<![\w-])--(?:[a-z0-9]+-)*id[ \t]+(?:'\\''|["'`])?((?:[a-z]{2,8}_)?[0-9A-Za-z]{26,27})(?![0-9A-Za-z_+/=-])/g;
const ULID_FORMAT = /^(?:[0-7][0-9A-HJKMNP-TV-Z]{25}|[0-7][0-9a-hjkmnp-tv-z]{25})$/;
// A KSUID library's parser or the `ksuid` program given the run.
const KSUID_PARSED =
  /(?:ksuid|Ksuid|KSUID)[\w:.]*\(\s*["']((?:[a-z]{2,8}_)?[0-9A-Za-z]{27})["']|\bksuid\b[^\n|;&]*?[ \t]((?:[a-z]{2,8}_)?[0-9A-Za-z]{27})(?![0-9A-Za-z_+/=-])/g;

const EVM_ADDRESS = /(?<![0-9A-Za-z])0x[0-9a-fA-F]{40}(?![0-9A-Za-z])/g;
const EVM_WORD = /(?<![0-9A-Za-z])0x[0-9a-fA-F]{64}(?![0-9A-Za-z])/g;
/** What names a 32-byte word a hash, just before it (a list's earlier items may stand between). */
const EVM_HASH_BEFORE =
  /(?:(?:(?<![A-Za-z])(?:hash|r|s|topics|params)|[a-z](?:Hash|Root|Uncles))["']?[ \t]*[:=][ \t]*\[?(?:[ \t]*(?:'\\''|["'])?0x[0-9a-fA-F]{64}(?:'\\''|["'])?[ \t]*,)*[ \t]*(?:'\\''|["'])?|\/(?:tx|block|blocks)\/|\bcast[ \t]+(?:tx|receipt|run|block)[ \t]+)$/;
const SOLANA_ID =
  /(?:new PublicKey\(\s*["'`]|\bsolana[ \t]+(?:transfer|balance|account|confirm(?:[ \t]+-v)?)[ \t]+|\/(?:address|account|tx)\/)([1-9A-HJ-NP-Za-km-z]{32,44}|[1-9A-HJ-NP-Za-km-z]{86,88})(?![0-9A-Za-z])/g;
const XML_DIGEST = /<(md5|sha1|sha256|sha512)\s+value="([0-9a-f]+)"/g;
const HEX_LENGTH: Record<string, number> = { md5: 32, sha1: 40, sha256: 64, sha512: 128 };
const FIREBASE_APP_ID = /(?<![\w:])1:[0-9]{6,15}:(?:web|android|ios):[0-9a-f]{8,40}(?![\w:])/g;

const GITHUB_CLIENT_ID =
  /(?:[cC]lient[_-]?I[dD]|client[_-]?id|CLIENT[_-]?ID)["']?[ \t]*(?:[:=]|=>|[ \t])[ \t]*(?:'\\''|["'`])?([OI]v23[A-Za-z0-9]{16})(?![A-Za-z0-9_.-])/g;
const GITHUB_CLIENT_ID_FORM = /(?<![A-Za-z0-9_.-])[OI]v23[A-Za-z0-9]{16}(?![A-Za-z0-9_.-])/g;
/** A client id's name (or an id's name that says GitHub) and what follows it on the line. */
const CLIENT_ID_BEFORE =
  /(?:[cC]lient[_-]?I[dD]|client[_-]?id|CLIENT[_-]?ID|GITHUB_ID|[gG]ithubId|GITHUB_APP_ID)(?![A-Za-z])([^\n]{0,80})$/;
const SECRET_WORD = /secret|password|token|key/i;
const ACCESSOR_LIST =
  /auth\/token\/accessors[\s\S]*?\n[ \t]*Keys[ \t]*\r?\n[ \t]*-+[ \t]*\r?\n((?:[ \t]*[A-Za-z0-9]{24}(?:\.[A-Za-z0-9]{5})?[ \t]*\r?\n)*[ \t]*[A-Za-z0-9]{24}(?:\.[A-Za-z0-9]{5})?(?![A-Za-z0-9_.+/=-]))/g;
const ACCESSOR =
  /(?:(?<![A-Za-z])accessor|[a-z_]Accessor|ACCESSOR)["']?[ \t]*(?:[:=]|=>|[ \t])[ \t]*(?:'\\''|["'`])?([A-Za-z0-9]{24}(?:\.[A-Za-z0-9]{5})?)(?![A-Za-z0-9_.+/=-])/g;

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
  if (/id|trace|cursor/i.test(text)) {
    for (const m of text.matchAll(KSUID_UNDER_ID)) {
      if (!ksuidTime(m[1]!.slice(-27))) continue;
      const end = m.index! + m[0].length;
      out.push([end - m[1]!.length, end]);
    }
    for (const m of text.matchAll(ULID_UNDER_ID)) {
      if (!ulidTime(m[1]!.slice(-26).toUpperCase())) continue;
      const end = m.index! + m[0].length;
      out.push([end - m[1]!.length, end]);
    }
    if (text.includes("id ") || text.includes("id\t")) {
      for (const m of text.matchAll(ID_FLAG)) {
        const run = m[1]!.replace(/^[a-z]{2,8}_/, "");
        const id = run.length === 27 ? ksuidTime(run) : ULID_FORMAT.test(run) && ulidTime(run.toUpperCase());
        if (!id) continue;
        const end = m.index! + m[0].length;
        out.push([end - m[1]!.length, end]);
      }
    }
    if (/ksuid/i.test(text)) {
      for (const m of text.matchAll(KSUID_PARSED)) {
        const run = m[1] ?? m[2]!;
        if (!ksuidTime(run.slice(-27))) continue;
        const start = m.index! + m[0].lastIndexOf(run);
        out.push([start, start + run.length]);
      }
    }
  }
  if (text.includes("0x")) {
    for (const m of text.matchAll(EVM_ADDRESS)) out.push([m.index!, m.index! + m[0].length]);
    for (const m of text.matchAll(EVM_WORD)) {
      const before = text.slice(Math.max(0, m.index! - 400), m.index!);
      // The params of a JSON-RPC call that reads the chain (`eth_getTransactionByHash`, …).
      const params =
        /"params"\s*:\s*\[[^\]]*$/.test(before) &&
        /"method"\s*:\s*"(?:eth_get|debug_trace|trace_)/.test(text);
      if (params || EVM_HASH_BEFORE.test(before)) out.push([m.index!, m.index! + m[0].length]);
    }
  }
  if (/PublicKey|solana|\/(?:address|account|tx)\//.test(text)) {
    for (const m of text.matchAll(SOLANA_ID)) {
      const bytes = base58(m[1]!);
      if (bytes?.length !== 32 && bytes?.length !== 64) continue;
      const end = m.index! + m[0].length;
      // An explorer's query joined to it (`?cluster=devnet`) is judged with the run (entropy.ts).
      const query = /^\?[A-Za-z0-9_+-]*/.exec(text.slice(end, end + 40))?.[0] ?? "";
      out.push([end - m[1]!.length, end + query.length]);
    }
  }
  if (text.includes(' value="'))
    for (const m of text.matchAll(XML_DIGEST))
      if (m[2]!.length === HEX_LENGTH[m[1]!]) {
        const end = m.index! + m[0].length - 1;
        out.push([end - m[2]!.length, end]);
      }
  if (text.includes("v23")) {
    for (const m of text.matchAll(GITHUB_CLIENT_ID)) {
      const end = m.index! + m[0].length;
      out.push([end - m[1]!.length, end]);
    }
    for (const m of text.matchAll(GITHUB_CLIENT_ID_FORM)) {
      const name = CLIENT_ID_BEFORE.exec(text.slice(Math.max(0, m.index! - 120), m.index!));
      if (name && !SECRET_WORD.test(name[1]!)) out.push([m.index!, m.index! + m[0].length]);
    }
  }
  if (text.includes("token/accessors"))
    for (const m of text.matchAll(ACCESSOR_LIST)) {
      const end = m.index! + m[0].length;
      out.push([end - m[1]!.length, end]);
    }
  if (/accessor/i.test(text))
    for (const m of text.matchAll(ACCESSOR)) {
      const end = m.index! + m[0].length;
      out.push([end - m[1]!.length, end]);
    }
  if (text.includes(":web:") || text.includes(":android:") || text.includes(":ios:"))
    for (const m of text.matchAll(FIREBASE_APP_ID)) out.push([m.index!, m.index! + m[0].length]);
  if (/[?&#](?:[a-z]{1,5}clid|[gw]braid|code_challenge|nonce|state|versionId)=/.test(text))
    for (const m of text.matchAll(PUBLIC_PARAMETER)) {
      const end = m.index! + m[0].length;
      out.push([end - m[1]!.length, end]);
    }
  return out;
}
