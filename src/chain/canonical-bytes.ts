import { RISK_FLAGS, RISK_LEVELS } from "./event.js";

const MAX_DEPTH = 64;

/** Where the fields the verifier needs sit in a line proven canonical (offsets into the line). */
export interface CanonicalEventLine {
  seq: number;
  /** `prev` and `hash` are [prev, prev + 71) and [hash, hash + 71): `sha256:` then 64 unchecked bytes. */
  prev: number;
  hash: number;
  /** The top-level `"hash":"…",` member is [hashMember, hashMemberEnd): the event hash covers the rest. */
  hashMember: number;
  hashMemberEnd: number;
}

/**
 * One pass over the UTF-8 bytes of one trail line (a view holding just that line: reads past
 * its end yield undefined, which every test below treats as a mismatch) that proves, without
 * decoding, JSON.parse or re-serialization, that the line is valid JSON, is byte for byte the
 * UTF-8 of its own RFC 8785 (JCS) form, and holds an event of the trail format's shape; it then
 * returns the fields the chain checks need. This is the verifier's hot path (a JS loop over bytes
 * is several times cheaper than JSON.parse + JSON.stringify + a key-order walk per line).
 *
 * It answers null whenever it cannot prove all of that (non-canonical text, escapes JCS would not
 * write, non-ASCII keys, malformed UTF-8, deep nesting, any shape problem, an unusual but valid
 * `risk`): the caller then takes the general path (decode, JSON.parse, shape check, JCS), which
 * decides the line's fate. So null never changes a verdict, and non-null is only answered where
 * the general path would compute the same hash from the same fields. Nothing here throws.
 * The 64 digits of `prev` and `hash` are left to the caller: it compares them with digests
 * (the previous hash, the computed one), which are lowercase hex, so a match also proves the shape. The answer is `into`, reused per line
 * (no allocation on the hot path).
 *
 * Canonical means: no whitespace outside strings; object keys strictly increasing (so no
 * duplicates), ASCII, without escapes (for ASCII, byte order is UTF-16 code-unit order);
 * strings escaped as JSON.stringify does (`\"`, `\\`, `\b\f\n\r\t`, `\u00xx` for the other
 * control characters, nothing else) and otherwise well-formed UTF-8 (no surrogates, no overlong
 * forms: a decoder yields exactly the characters JCS writes literally); numbers as
 * Number#toString prints them (String(Number(token)) === token).
 */
export function scanCanonicalEventLine(b: Uint8Array, into: CanonicalEventLine): boolean {
  const end = b.length;
  if (end < 2 || b[0] !== 123 /* { */ || b[1] === 125) return false;
  let seqAt = -1;
  let seqEnd = -1;
  let prevAt = -1;
  let hashKey = -1;
  let hashAt = -1;
  let riskAt = -1;
  let riskEnd = -1;
  let tsAt = -1;
  let lastKey = -1;
  let lastKeyEnd = -1;
  let i = 1;
  for (;;) {
    if (b[i] !== 34) return false;
    const keyEnd = scanKey(b, i, end);
    if (keyEnd < 0) return false;
    if (lastKey >= 0 && !spanLess(b, lastKey + 1, lastKeyEnd - 1, i + 1, keyEnd - 1)) return false;
    lastKey = i;
    lastKeyEnd = keyEnd;
    if (b[keyEnd] !== 58 /* : */) return false;
    const valueAt = keyEnd + 1;
    const keyLength = keyEnd - i;
    const word =
      keyLength === 6
        ? ((b[i + 1] as number) << 24) |
          ((b[i + 2] as number) << 16) |
          ((b[i + 3] as number) << 8) |
          (b[i + 4] as number)
        : 0;
    // `prev` and `hash` in sha256-reference shape are skipped, not scanned byte by byte: their 64
    // digits are left to the caller (see above), whose comparison with a digest proves them hex.
    const valueEnd =
      (word === PREV || word === HASH) && isShaRefString(b, valueAt)
        ? valueAt + 73
        : scanValue(b, valueAt, end, 1);
    if (valueEnd < 0) return false;
    // "ts" "seq" "prev" "hash" "risk", quotes included
    if (keyLength === 4 && b[i + 1] === 116 && b[i + 2] === 115) tsAt = valueAt;
    else if (keyLength === 5 && b[i + 1] === 115 && b[i + 2] === 101 && b[i + 3] === 113) {
      seqAt = valueAt;
      seqEnd = valueEnd;
    } else if (keyLength === 6) {
      if (word === PREV) prevAt = valueAt;
      else if (word === HASH) {
        hashKey = i;
        hashAt = valueAt;
      } else if (word === RISK) {
        riskAt = valueAt;
        riskEnd = valueEnd;
      }
    }
    const next = b[valueEnd] as number;
    if (next === 44 /* , */ && valueEnd + 1 < end) {
      i = valueEnd + 1;
      continue;
    }
    if (next !== 125 || valueEnd + 1 !== end) return false;
    break;
  }
  if (seqAt < 0 || prevAt < 0 || hashAt < 0 || riskAt < 0 || tsAt < 0 || b[tsAt] !== 34) return false;
  const seq = readSeq(b, seqAt, seqEnd);
  if (seq < 0) return false;
  if (!isRisk(b, riskAt, riskEnd) || !isShaRefString(b, prevAt) || !isShaRefString(b, hashAt)) return false;
  // `ts` sorts after `hash`, so the hash member is followed by a comma, which goes with it.
  const memberEnd = hashAt + 73;
  if (b[memberEnd] !== 44) return false;
  into.seq = seq;
  into.prev = prevAt + 1;
  into.hash = hashAt + 1;
  into.hashMember = hashKey;
  into.hashMemberEnd = memberEnd + 1;
  return true;
}

const PREV = (112 << 24) | (114 << 16) | (101 << 8) | 118;
const HASH = (104 << 24) | (97 << 16) | (115 << 8) | 104;
const RISK = (114 << 24) | (105 << 16) | (115 << 8) | 107;

function latin1(b: Uint8Array, from: number, to: number): string {
  return Buffer.prototype.latin1Slice.call(b, from, to) as string;
}

/** A canonical non-negative safe integer, or -1 (anything else goes the general way). */
function readSeq(b: Uint8Array, from: number, to: number): number {
  if (to - from > 16 || (b[from] === 48 && to - from > 1)) return -1;
  let value = 0;
  for (let k = from; k < to; k += 1) {
    const c = b[k] as number;
    if (c < 48 || c > 57) return -1;
    value = value * 10 + (c - 48);
  }
  return Number.isSafeInteger(value) ? value : -1;
}

/**
 * A JSON string at `i` of the length of a sha256 reference, starting `sha256:`. Its 64 digits are
 * left to the caller, who compares them with digests: equal to one, they are lowercase hex.
 */
function isShaRefString(b: Uint8Array, i: number): boolean {
  return b[i] === 34 && b[i + 72] === 34 && startsWith(b, i + 1, "sha256:");
}

const LEVEL_BYTES = RISK_LEVELS.map((name) => Buffer.from(name, "latin1"));
const FLAG_BYTES = RISK_FLAGS.map((name) => Buffer.from(name, "latin1"));

/** [from, to) of `b` is one of `names`, byte for byte. */
function isOneOf(b: Uint8Array, from: number, to: number, names: readonly Uint8Array[]): boolean {
  const length = to - from;
  outer: for (const name of names) {
    if (name.length !== length) continue;
    for (let k = 0; k < length; k += 1) if (b[from + k] !== name[k]) continue outer;
    return true;
  }
  return false;
}

/**
 * `risk` in the one canonical form a valid one takes, `{"flags":["…",…],"level":"…"}` (any other,
 * even a valid one, goes the general way). Names need no escapes: a raw name is its value.
 */
function isRisk(b: Uint8Array, from: number, to: number): boolean {
  if (!startsWith(b, from, '{"flags":[')) return false;
  let k = from + 10;
  if (b[k] !== 93) {
    for (;;) {
      if (b[k] !== 34) return false;
      const close = b.indexOf(34, k + 1);
      if (close < 0 || close >= to || !isOneOf(b, k + 1, close, FLAG_BYTES)) return false;
      k = close + 1;
      if (b[k] === 93) break;
      if (b[k] !== 44) return false;
      k += 1;
    }
  }
  if (!startsWith(b, k, '],"level":"')) return false;
  k += 11;
  const close = b.indexOf(34, k);
  return close === to - 2 && b[to - 1] === 125 && isOneOf(b, k, close, LEVEL_BYTES);
}

function startsWith(b: Uint8Array, at: number, ascii: string): boolean {
  for (let k = 0; k < ascii.length; k += 1) if (b[at + k] !== ascii.charCodeAt(k)) return false;
  return true;
}

/** a < b for the raw spans [a0, a1) and [b0, b1) of ASCII keys (byte order = code-unit order). */
function spanLess(b: Uint8Array, a0: number, a1: number, b0: number, b1: number): boolean {
  const la = a1 - a0;
  const lb = b1 - b0;
  const common = Math.min(la, lb);
  for (let k = 0; k < common; k += 1) {
    const ca = b[a0 + k] as number;
    const cb = b[b0 + k] as number;
    if (ca !== cb) return ca < cb;
  }
  return la < lb;
}

/** An ASCII key without escapes starting at the quote at `i`; returns the index after its closing quote. */
function scanKey(b: Uint8Array, i: number, end: number): number {
  for (let k = i + 1; k < end; k += 1) {
    const c = b[k] as number;
    if (c === 34) return k + 1;
    if (c === 92 || c < 32 || c > 126) return -1;
  }
  return -1;
}

/** A canonical JSON value starting at `i`; returns the index just after it, or -1. */
function scanValue(b: Uint8Array, i: number, end: number, depth: number): number {
  const c = b[i] as number;
  if (c === 34) return scanString(b, i, end);
  if (c === 123) return depth >= MAX_DEPTH ? -1 : scanObject(b, i, end, depth + 1);
  if (c === 91) return depth >= MAX_DEPTH ? -1 : scanArray(b, i, end, depth + 1);
  if (c === 116) return startsWith(b, i, "true") && i + 4 <= end ? i + 4 : -1;
  if (c === 102) return startsWith(b, i, "false") && i + 5 <= end ? i + 5 : -1;
  if (c === 110) return startsWith(b, i, "null") && i + 4 <= end ? i + 4 : -1;
  if (c === 45 || (c >= 48 && c <= 57)) return scanNumber(b, i, end);
  return -1;
}

function scanNumber(b: Uint8Array, i: number, end: number): number {
  let k = i;
  let digitsOnly = b[i] !== 48; // a lone 0 is fine too, but goes the long way
  while (k < end) {
    const c = b[k] as number;
    if (c >= 48 && c <= 57) k += 1;
    else if (c === 45 || c === 43 || c === 46 || c === 101 || c === 69) {
      // - + . e E
      digitsOnly = false;
      k += 1;
    } else break;
  }
  // A short run of digits without a leading zero is how Number#toString writes that integer.
  if (digitsOnly && k - i <= 15) return k;
  const token = latin1(b, i, k);
  // Number#toString output is always a valid JSON number, and the only canonical spelling.
  return String(Number(token)) === token ? k : -1;
}

function isContinuation(c: number): boolean {
  return c >= 0x80 && c <= 0xbf;
}

/** 1 for the bytes a string holds as they are: printable ASCII but `"` and `\\` (one load, no compares). */
const PLAIN = new Uint8Array(256);
for (let c = 32; c < 128; c += 1) if (c !== 34 && c !== 92) PLAIN[c] = 1;

function scanString(b: Uint8Array, i: number, end: number): number {
  let k = i + 1;
  while (k < end) {
    const c = b[k] as number;
    if (PLAIN[c] === 1) {
      k += 1;
      continue;
    }
    if (c === 34) return k + 1;
    if (c === 92) {
      const e = b[k + 1] as number;
      // \" \\ \b \f \n \r \t: the short escapes JSON.stringify writes
      if (e === 34 || e === 92 || e === 98 || e === 102 || e === 110 || e === 114 || e === 116) {
        k += 2;
        continue;
      }
      // \u00xx (lowercase hex) for the other control characters; anything else is not canonical
      if (e !== 117 || b[k + 2] !== 48 || b[k + 3] !== 48 || k + 6 > end) return -1;
      const high = (b[k + 4] as number) - 48;
      const low = b[k + 5] as number;
      const lowValue = low >= 48 && low <= 57 ? low - 48 : low >= 97 && low <= 102 ? low - 87 : -1;
      if ((high !== 0 && high !== 1) || lowValue < 0) return -1;
      const code = high * 16 + lowValue;
      if (code === 8 || code === 9 || code === 10 || code === 12 || code === 13) return -1;
      k += 6;
      continue;
    }
    if (c < 32) return -1;
    // Well-formed UTF-8 (RFC 3629 table): no overlong forms, no surrogates, nothing above U+10FFFF.
    const c1 = b[k + 1] as number;
    if (c >= 0xc2 && c <= 0xdf) {
      if (k + 2 > end || !isContinuation(c1)) return -1;
      k += 2;
      continue;
    }
    const c2 = b[k + 2] as number;
    if (c >= 0xe0 && c <= 0xef) {
      const lowest = c === 0xe0 ? 0xa0 : 0x80;
      const highest = c === 0xed ? 0x9f : 0xbf;
      if (k + 3 > end || c1 < lowest || c1 > highest || !isContinuation(c2)) return -1;
      k += 3;
      continue;
    }
    if (c >= 0xf0 && c <= 0xf4) {
      const lowest = c === 0xf0 ? 0x90 : 0x80;
      const highest = c === 0xf4 ? 0x8f : 0xbf;
      if (
        k + 4 > end ||
        c1 < lowest ||
        c1 > highest ||
        !isContinuation(c2) ||
        !isContinuation(b[k + 3] as number)
      )
        return -1;
      k += 4;
      continue;
    }
    return -1;
  }
  return -1;
}

function scanObject(b: Uint8Array, i: number, end: number, depth: number): number {
  let k = i + 1;
  if (b[k] === 125) return k + 1;
  let lastKey = -1;
  let lastKeyEnd = -1;
  for (;;) {
    if (b[k] !== 34) return -1;
    const keyEnd = scanKey(b, k, end);
    if (keyEnd < 0) return -1;
    if (lastKey >= 0 && !spanLess(b, lastKey + 1, lastKeyEnd - 1, k + 1, keyEnd - 1)) return -1;
    lastKey = k;
    lastKeyEnd = keyEnd;
    if (b[keyEnd] !== 58) return -1;
    const after = scanValue(b, keyEnd + 1, end, depth);
    if (after < 0 || after >= end) return -1;
    const next = b[after] as number;
    if (next === 125) return after + 1;
    if (next !== 44) return -1;
    k = after + 1;
  }
}

function scanArray(b: Uint8Array, i: number, end: number, depth: number): number {
  let k = i + 1;
  if (b[k] === 93) return k + 1;
  for (;;) {
    const after = scanValue(b, k, end, depth);
    if (after < 0 || after >= end) return -1;
    const next = b[after] as number;
    if (next === 93) return after + 1;
    if (next !== 44) return -1;
    k = after + 1;
  }
}
