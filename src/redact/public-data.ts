/**
 * Data that looks random but whose decoding says it holds nothing secret (docs/decisions/
 * redaction-structural-tokens.md). Both only veto the token-by-look scan (benign.ts):
 *
 * - **Base64 of a JSON object** (`eyJwYWdlIjoy…`, or pretty-printed, `ewogIC…`: a pagination
 *   cursor, a state parameter, a DSSE envelope's in-toto statement, a
 *   JWT's header or claims alone) whose members name no secret and whose strings are not random
 *   by look. The same encoding of `{"auths": {…: {"auth": …}}}` (a Docker config) or of a service
 *   account's JSON (`private_key`) is still a token. A whole JWT (three parts) is the `jwt`
 *   pattern's, not this rule's.
 * - **A JSON Web Key's public members**: in an object that says `"kty"` (or `kty:`, as JavaScript
 *   and YAML write one), the modulus and exponent
 *   (`n`, `e`), the curve point (`x`, `y`), the key id and the certificate chain (`x5c`, `x5t`)
 *   are public; the private members (`d`, `p`, `q`, `dp`, `dq`, `qi`, `k`) are not among them.
 */

import { looksRandom } from "./entropy.js";
import { isSecretName } from "./names.js";
import type { Range } from "./span.js";

// `{"` (eyJ), `{\n` (ewo: pretty-printed, as a DSSE envelope's in-toto payload), `{ "` (eyAi).
const BASE64_JSON = /(?<![A-Za-z0-9+/_.-])(?:eyJ|ewo|eyAi)[A-Za-z0-9+/_-]{8,}={0,2}(?![A-Za-z0-9+/=_.-])/g;

/** Whether a decoded JSON value holds a secret's name or a random-looking string anywhere. */
function holdsSecret(value: unknown, depth = 0): boolean {
  if (depth > 8) return true;
  if (typeof value === "string") return looksRandom(value) || value.includes("PRIVATE KEY");
  if (Array.isArray(value)) return value.some((item) => holdsSecret(item, depth + 1));
  if (value !== null && typeof value === "object")
    return Object.entries(value).some(
      ([name, member]) => isSecretName(name) || holdsSecret(member, depth + 1),
    );
  return false;
}

/** The JSON object a base64 run decodes to, or undefined. */
function decodedJson(run: string): unknown {
  const text = Buffer.from(run, "base64").toString("utf8");
  if (!text.startsWith("{") || !text.trimEnd().endsWith("}")) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// A JWK's public member and its value (also the strings of an `x5c` array), in JSON's spelling
// or JavaScript's and YAML's (`kty: 'RSA'`, `n: '…'`: names bare or in either quote; a single
// quote also as a shell's single-quoted word spells it, `'\''`).
const JWK_PUBLIC =
  /(?<![\w$"'])["']?(?:n|e|x|y|kid|x5t|x5t#S256)["']?[ \t]*:[ \t]*('\\''|["'])([A-Za-z0-9_+/=-]+)\1|(?<![\w$"'])["']?x5c["']?[ \t]*:[ \t]*\[([^\]]*)\]/g;
/** A JWK's key type member in any of those spellings. */
const JWK_TYPE = /(?<![\w$"'])["']?kty["']?[ \t]*:/;

/** The spans of `text` that are public data by their decoding (above). */
export function publicDataRanges(text: string): Range[] {
  const out: Range[] = [];
  if (text.includes("eyJ") || text.includes("ewo") || text.includes("eyAi")) {
    for (const match of text.matchAll(BASE64_JSON)) {
      const json = decodedJson(match[0]);
      if (json !== undefined && !holdsSecret(json)) out.push([match.index!, match.index! + match[0].length]);
    }
  }
  if (text.includes("kty") && JWK_TYPE.test(text)) {
    for (const match of text.matchAll(JWK_PUBLIC)) {
      const end = match.index! + match[0].length;
      // The closing quote's length (`'\''` in a shell's word) or the array's `]`.
      const close = match[1]?.length ?? 1;
      if (match[2] !== undefined) out.push([end - close - match[2].length, end - close]);
      else out.push([end - 1 - match[3]!.length, end - 1]);
    }
  }
  return out;
}
