/**
 * Tokens by their look when no format or name says so: a run of 20+ token characters that
 * mixes upper- and lower-case letters with digits (or, from 30 characters, only the two cases;
 * or, from 24, one case with digits spread through it),
 * switches between those classes often (random text does about 6 times in 10; words and
 * camelCase identifiers rarely) and carries 3.5+ bits of entropy a character. Hex (commit ids,
 * digests, UUIDs) never counts: it is what ordinary commands and outputs are full of.
 */

import { declared } from "./declared.js";
import { isSecretValue } from "./names.js";
import type { Span } from "./span.js";

const RUN = /[A-Za-z0-9_+=~.-]{16,}/g;
const SLASHED = /(?<![A-Za-z0-9+/=_.~:-])[A-Za-z0-9+/]{24,}={0,2}(?![A-Za-z0-9+/=_.~-])/g;
const PUBLIC_BEFORE = /(?:public|publishable)(?:[\w.-]*|[ \t]+[A-Za-z]+)["']?[ \t]*(?:[:=]|=>)[ \t]*["'`]?$/i;

function classOf(char: string): number {
  if (char >= "a" && char <= "z") return 0;
  if (char >= "A" && char <= "Z") return 1;
  if (char >= "0" && char <= "9") return 2;
  return 3;
}

function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / text.length) * Math.log2(count / text.length);
  return bits;
}

/** English's two-letter joining words, as camelCase names spell them (`addPoshVcpkgToProfile`). */
const JOINING = /^(?:To|Of|In|On|By|At|As|Is|Or|An|If|Up|No|Be|Do|It)$/i;

/**
 * A name made of words (`PdfEncryptionKeySize`, `getServerAddressByClientCIDRs`,
 * `_kHMSymptom_generatedByHomeApp…Key`): most of its letters in segments of 3+ letters holding
 * a vowel, in short acronyms, or in joining words, and at most two groups of digits (a file's
 * extension aside). Random text splits into short, vowel-less segments.
 */
export function madeOfWords(token: string): boolean {
  let letters = 0;
  let words = 0;
  let digitGroups = 0;
  // a file's name is judged without its extension (`…Profile.ps1`, `…Fixtures.py`)
  const name = token.replace(/\.[A-Za-z0-9]{1,5}$/, "");
  for (const [segment] of name.matchAll(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+/g)) {
    if (segment.charCodeAt(0) <= 57) {
      digitGroups += 1;
      continue;
    }
    letters += segment.length;
    if (
      (segment.length >= 3 && /[aeiouy]/i.test(segment)) ||
      /^[A-Z]{2,5}$/.test(segment) ||
      JOINING.test(segment)
    )
      words += segment.length;
  }
  return letters >= 12 && words / letters >= 0.8 && digitGroups <= 2;
}

function digitShare(token: string): number {
  let digits = 0;
  for (const char of token) if (char >= "0" && char <= "9") digits += 1;
  return digits / token.length;
}

/**
 * 16 to 19 characters (`RWBidC99KydZkG79`): both cases and two digits or more, no separator,
 * switching between classes at least every other character, 3.5+ bits a character, no words.
 */
function shortRandom(token: string): boolean {
  if (!/^[A-Za-z0-9]+$/.test(token) || !/[a-z]/.test(token) || !/[A-Z]/.test(token)) return false;
  if (token.replace(/[^0-9]/g, "").length < 2) return false;
  let switches = 0;
  for (let index = 1; index < token.length; index += 1)
    if (classOf(token[index - 1]!) !== classOf(token[index]!)) switches += 1;
  return switches / (token.length - 1) >= 0.5 && entropy(token) >= 3.5 && !madeOfWords(token);
}

export function looksRandom(token: string): boolean {
  if (token.length < 16 || /^[0-9a-fA-F-]+$/.test(token)) return false;
  if (token.length < 20) return shortRandom(token);
  const lower = /[a-z]/.test(token);
  const upper = /[A-Z]/.test(token);
  const digit = /[0-9]/.test(token);
  // One case and digits (base32 or base36 keys: `lklep3linr2itd42nkncw9b8s9g1yrgb`) from 24
  // characters, with digits between a tenth (three at least) and two thirds of it; not dotted
  // (`module.vpc.subnet2a1b…`, `pkg-1.2.3`): names and versions are.
  const oneCase =
    lower !== upper &&
    digit &&
    token.length >= 24 &&
    !token.includes(".") &&
    digitShare(token) >= 1 / 10 &&
    token.replace(/[^0-9]/g, "").length >= 3 &&
    digitShare(token) <= 2 / 3;
  if (!(lower && upper && (digit || token.length >= 30)) && !oneCase) return false;
  let switches = 0;
  let letters = 0;
  for (let index = 1; index < token.length; index += 1) {
    const a = classOf(token[index - 1]!);
    const b = classOf(token[index]!);
    if (a === 3 || b === 3) continue;
    letters += 1;
    if (a !== b) switches += 1;
  }
  // One case and digits switches less (only between letters and digits): a fifth will do.
  const least = lower && upper ? 0.3 : 0.2;
  return letters > 0 && switches / letters >= least && entropy(token) >= 3.5 && !madeOfWords(token);
}

/**
 * The parts of a run that a `=` inside it separates (`NAME=value`, `a=1&b=2` glued by a
 * tool): `=` is a token character only as base64 padding, at the end.
 */
function parts(run: string, at: number): { raw: string; at: number }[] {
  const out: { raw: string; at: number }[] = [];
  let from = 0;
  for (let index = run.indexOf("="); index !== -1; index = run.indexOf("=", index + 1)) {
    if (/^=*$/.test(run.slice(index))) break;
    out.push({ raw: run.slice(from, index), at: at + from });
    from = index + 1;
  }
  out.push({ raw: run.slice(from), at: at + from });
  return out;
}

// One odd character inside a token (`gL1LKFp8p0q7ORUybiyo?qIuGUsGjx4adxMRcHPh`: a typo, a paste
// error, a scanner's "invalid" example) splits it into runs; the part beyond it is the same key.
const ODD = "?!$^%*|~";
const JOINED_AFTER = /^[?!$^%*|~][A-Za-z0-9_+-]{6,}(?![A-Za-z0-9_+.-])/;
const JOINED_BEFORE = /(?<![A-Za-z0-9_+.-])[A-Za-z0-9_+-]{6,}[?!$^%*|~]$/;

/** A token's span, widened over a neighbour joined to it by one odd character. */
function widened(text: string, start: number, end: number): Span {
  // Only where an odd character touches the token (most tokens end at a space or a quote).
  const after = ODD.includes(text[end] ?? " ") ? JOINED_AFTER.exec(text.slice(end, end + 200)) : null;
  if (after) end += after[0].length;
  const before = ODD.includes(text[start - 1] ?? " ")
    ? JOINED_BEFORE.exec(text.slice(Math.max(0, start - 200), start))
    : null;
  if (before) start -= before[0].length;
  return { start, end, kind: "token" };
}

/**
 * A vendor-style prefix, then a random body (`mycompany_BRTRKFsL_51Fwq…`, `cfut_…`, `napi_…`):
 * the prefix's words lower the whole run's class switches, so the body after one, two or three
 * segments of a prefix (letters, then letters or digits, then `_`, `-` or `.`) is judged alone,
 * from 20 characters; a hex body behind `_` too. A body that still holds a word between separators (`Nerdz-Ng-pubblico-<hex>`,
 * a page's slug) is a name, not a key's body.
 */
const WORD_SEGMENT = /(?:^|[_.-])(?=[A-Za-z]{4,}[_.-])[A-Z]?[a-z]*[aeiouy][a-z]*(?=[_.-])/;

// A prefix that says a hex run is a digest, a commit or an id, not a key.
const HEX_NAMER =
  /(?:^|[_.-])(?:id|ids|uuid|guid|uid|sha\d*|hash|digest|checksum|md5|commit|rev|ref|tree|blob|object|oid|build|run|job|req|request|trace|span|etag|nonce|salt|tx|txid|block|image|layer|node|cache|chunk|file|asset|version|v\d+)$/i;

export function prefixedRandom(token: string): boolean {
  let at = 0;
  for (let segment = 0; segment < 3; segment += 1) {
    const cut = /^[A-Za-z][A-Za-z0-9]{0,15}[_.-]/.exec(token.slice(at));
    if (!cut) return false;
    at += cut[0].length;
    const body = token.slice(at);
    if (body.length < 20) return false;
    if (looksRandom(body) && !WORD_SEGMENT.test(body)) return true;
    // Hex is never a token by look (digests, commits), but behind a prefix and `_` it is a
    // vendor's key (`rootly_<hex>`, `shippo_live_<hex>`), unless the prefix says what else.
    if (
      /^[0-9a-f]{32,}$/i.test(body) &&
      /[a-f]/i.test(body) &&
      /[0-9]/.test(body) &&
      token[at - 1] === "_" &&
      !HEX_NAMER.test(token.slice(0, at - 1))
    )
      return true;
  }
  return false;
}

/** Whether a run is a token: random by look, a prefix and a random body, or a key by its own structure (declared.ts). */
function isToken(token: string): boolean {
  const kind = declared(token);
  if (kind !== null) return kind === "secret";
  // A hex run behind a word that names it (`commit_<sha>`, `build-<hex>`): a digest or an id.
  const named = /^(.+?)[_.-]([0-9a-f]+)$/i.exec(token);
  if (named && named[2]!.length >= 7 && HEX_NAMER.test(named[1]!)) return false;
  return looksRandom(token) || prefixedRandom(token) || base32Secret(token);
}

/**
 * A base32 secret as authenticator apps and `otpauth://` URIs carry it (RFC 4648's upper-case
 * alphabet, A-Z and 2-7): whole groups of eight characters (16, 24, 32 … = 80, 120, 160 … bits),
 * two digits or more, no other digit (a random upper-case run of 16 with digits holds a 0, 1, 8
 * or 9 six times in seven), no words, 3.3+ bits a character.
 */
export function base32Secret(token: string): boolean {
  if (token.length < 16 || token.length > 64 || token.length % 8 !== 0) return false;
  if (!/^[A-Z2-7]+$/.test(token) || token.replace(/[A-Z]/g, "").length < 2) return false;
  return entropy(token) >= 3.3 && !madeOfWords(token) && !/(.)\1\1/.test(token);
}

export function entropySpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(RUN)) {
    for (const { raw, at } of parts(match[0], match.index ?? 0)) {
      const token = raw.replace(/^[._=~+-]+|[._~+-]+$/g, "");
      if (!isToken(token) || !isSecretValue(token)) continue;
      const start = at + raw.indexOf(token);
      // Assigned to a name that says public (`public_key = "…"`, `publicToken: …`, `Public key:
      // …`): meant to be shared, unless the value declares itself a secret (an `AGE-SECRET-KEY-1…`
      // pasted under the wrong label is still the secret key). A piece of base64 that `/` cut
      // (`PublicKey = I+hX…/UE2IQ…`) is judged from where the whole run begins.
      let from = start;
      while (from > 0 && from > start - 700 && /[A-Za-z0-9+/]/.test(text[from - 1]!)) from -= 1;
      if (PUBLIC_BEFORE.test(text.slice(Math.max(0, from - 48), from)) && declared(token) !== "secret")
        continue;
      spans.push(widened(text, start, start + token.length));
    }
  }
  // Base64 with `/` in it (an AWS secret access key: `wJalrXUtnFEMI/K7MDENG/bPxRfiCY…`), whole: the
  // runs above stop at `/`, and the pieces of a 40-character key are too short to judge. Only a
  // run standing alone (not inside a URL or a path, whose host or `.` or `/` touches it), and
  // judged like any token by look (paths are made of words).
  if (text.includes("/")) {
    for (const match of text.matchAll(SLASHED)) {
      const run = match[0];
      if (
        run.startsWith("/") ||
        !run.replace(/=+$/, "").includes("/") ||
        run.replace(/=+$/, "").endsWith("/")
      )
        continue;
      if (!looksRandom(run) || !isSecretValue(run)) continue;
      const start = match.index ?? 0;
      if (PUBLIC_BEFORE.test(text.slice(Math.max(0, start - 48), start))) continue;
      spans.push({ start, end: start + run.length, kind: "token" });
    }
  }
  // A token URL-encoded (`…0%2BuSeid%2BULvsea…%3DEUif…`: base64 with `+`, `/`, `=` escaped, as
  // bearer tokens travel in a query or a form): the runs above stop at `%`, so its first pieces
  // stayed; decoded, the whole run is judged as one token.
  if (text.includes("%")) {
    for (const match of text.matchAll(PERCENT_RUN)) {
      const run = match[0];
      if (run.length < 32) continue;
      let decoded: string;
      try {
        decoded = decodeURIComponent(run);
      } catch {
        continue;
      }
      if (!/^[A-Za-z0-9+/=_.~-]+$/.test(decoded) || !looksRandom(decoded) || !isSecretValue(decoded))
        continue;
      spans.push({ start: match.index!, end: match.index! + run.length, kind: "token" });
    }
  }
  return spans;
}

const PERCENT_RUN =
  /(?<![A-Za-z0-9_.~%-])[A-Za-z0-9_.~-]*(?:%[0-9A-Fa-f]{2}[A-Za-z0-9_.~-]*)+(?![A-Za-z0-9_.~%-])/g;
