/**
 * A credential by its shape where a credential goes: the value given to a key in a file or an
 * argument (`ambee = 869c40…`, `"clientToken": "…"`, `--tenant-key=…`), whatever the key is
 * called, when the value is shaped like a generated key and the key does not say the value is
 * something else (an id, a digest, a commit, a version). Without a key beside it, the same hex
 * run or UUID stays: commit ids, digests and resource ids fill ordinary commands and outputs.
 *
 * Weighed on the value alone: its alphabet, its length and its entropy (entropy.ts).
 */
import { looksRandom, madeOfWords } from "./entropy.js";
import { isSecretValue } from "./names.js";

// The last word of a name that says what else a generated-looking value is. A name ending in
// `id`, `Id`, `ID` (`client_id`, `tenantId`), a digest or checksum, a commit or object of a
// version-control system, a version or build, a trace, a colour.
// Also what names a thing rather than holds a key (`key_vault_name`, `bucket`, `region`), a
// Vault token's accessor (it names the token and grants nothing), and names that say public.
const IDENTIFIER_NAME =
  /(?:^|[^A-Za-z])(?:id|ids|uuid|guid|uid)$|[a-z0-9](?:Id|ID|Ids|IDs|Uuid|UUID|Guid|GUID)$|(?:^|[^A-Za-z]|[a-z0-9](?=[A-Z]))(?:sha|sha1|sha256|sha384|sha512|hash|digest|checksum|md5|crc|commit|parent|tree|rev|srcrev|revision|ref|head|base|etag|integrity|version|build|oid|blob|object|fingerprint|thumbprint|nonce|salt|serial|trace|span|request|correlation|color|colour|h1|sum|image|tag|sig|name|label|title|accessor|path|file|dir|url|uri|host|domain|region|zone|bucket|user|username|email|type|kind|mode|slug)$|public|publishable/i;

export function isIdentifierName(name: string): boolean {
  return IDENTIFIER_NAME.test(name.replace(/^-+/, ""));
}

// What a person types where a key would go (the weak context of a key that does not say
// secret asks for a value that is not typed by hand): a character run, a unit repeated, a
// counting sequence.
const TYPED = /(.)\1{5,}|^(.{2,16}?)\2{2,}|0123456|1234567|abcdefg|1a2b3c4d|a1b2c3d4/i;

/**
 * What a person types where a key would go (above), or a counting sequence spread over letters
 * and digits (`1a2b3c…`, `5b6c7d8e9a0b…`, `87654321-4321-…`): six steps in a row, each character
 * the one after (or before) the character two places back.
 */
export function isTyped(value: string): boolean {
  if (TYPED.test(value)) return true;
  let up = 0;
  let down = 0;
  for (let index = 2; index < value.length; index += 1) {
    const step = value.charCodeAt(index) - value.charCodeAt(index - 2);
    up = step === 1 || (step === -9 && /[0-9]/.test(value[index]!)) ? up + 1 : 0;
    down = step === -1 ? down + 1 : 0;
    if (up >= 6 || down >= 6) return true;
  }
  return false;
}

function bits(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let out = 0;
  for (const count of counts.values()) out -= (count / text.length) * Math.log2(count / text.length);
  return out;
}

/**
 * A value shaped like a generated key: hex of 32+, a token random by look (entropy.ts),
 * or 16+ letters and digits with no separator and no word structure (one case needs three
 * digits; 3.2+ bits a character). Placeholders and references are not (`isSecretValue`), nor
 * what is typed by hand (a run of one character, a repeated unit, a counting sequence), nor a path or
 * file name, nor hex of exactly 40 characters. A UUID is not, nor one behind a word or a path: it names a resource as often as it is a key (a
 * label's `instance=<uuid>`); beside a name that says key it is one (names.ts).
 */
// A UUID, also behind a word or a path (`GPU-<uuid>`, `class/<uuid>`): it names a thing (benign.ts).
const ENDS_IN_UUID = /(?:^|[^0-9a-f])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A path or a file name (`/w/src/Index2.ts`, `./build/x`, `~/a`, `a//b`, `report-2024Q3.pdf`).
const PATH_LIKE = /^(?:[./~]|[A-Za-z]:)|\/\/|\.[A-Za-z][A-Za-z0-9]{0,4}$/;

export function isKeyShaped(value: string): boolean {
  if (value.length < 16 || value.length > 512 || !/^[A-Za-z0-9_+/=.~-]+$/.test(value)) return false;
  if (TYPED.test(value) || ENDS_IN_UUID.test(value) || PATH_LIKE.test(value)) return false;
  // Hex of a commit id's length is most often one (`SRCREV = …`, a lock file's checksum).
  if (/^[0-9a-f]{32,}$/i.test(value)) return value.length !== 40 && isSecretValue(value);
  if (looksRandom(value)) return isSecretValue(value);
  if (!/^[A-Za-z0-9]+$/.test(value) || !/[A-Za-z]/.test(value)) return false;
  const digits = value.replace(/[^0-9]/g, "").length;
  const mixedCase = /[a-z]/.test(value) && /[A-Z]/.test(value);
  if (digits === 0 || (!mixedCase && digits < 3)) return false;
  return bits(value) >= 3.2 && !madeOfWords(value) && isSecretValue(value);
}

const NAME_BEFORE = /([A-Za-z_][\w.-]*)["']?[ \t]*(?:[:=]|=>)[ \t]*["'`]?$/;

/**
 * Whether the value at `start` of `text` is given to a name that says what else it is (an id, a
 * Vault accessor, a name …): a short token by look (16–19 characters, entropy.ts) there is that.
 */
export function identifierBefore(text: string, start: number): boolean {
  const name = NAME_BEFORE.exec(text.slice(Math.max(0, start - 64), start));
  return name !== null && isIdentifierName(name[1]!);
}
