/**
 * Pairs in code and configuration: a name then its value as two arguments, and a client's id
 * and secret given together (docs/decisions/redaction-fetches.md).
 *
 * A client's id and its secret given to a call by position, with no name beside either
 * (docs/decisions/redaction-fetches.md): `Client('AC…', '<32 hex>')`,
 * `DropboxOAuth2FlowNoRedirect('<key>', '<secret>')`, `Twitch('<id>', '<secret>')`,
 * `ClientSecretCredential(tenant, id, secret)`. SDKs take the id first and the secret last, and
 * both often have one shape (two 32-hex runs, two 30-character runs), so neither's look says
 * which is which: the call's place in the argument list does.
 *
 * The call must say it builds a client or a credential (its last name holds client, credential,
 * oauth, auth, flow, login, connect or session, or a vendor of the lexicon), take two or three
 * quoted literals and nothing else, and its last literal must look generated: 12+ letters and
 * digits (both), or hex of 16+, not typed by hand, not words. That last literal is redacted; the
 * id is left (a client id travels in every authorisation URL a browser shows; it is public by
 * design, as OAuth's `client_id` is). Joined in one value (`ID:SECRET`, under a name that does
 * not say id, or an app's number and a bar), the secret side is taken the same way.
 */
import { looksRandom, madeOfWords } from "./entropy.js";
import { isCredentialShaped, isKeyName, isSecretName, isSecretValue } from "./names.js";
import { isKeyShaped, isTyped } from "./shape.js";
import type { Span } from "./span.js";
import { namesVendor } from "./vendors.js";

// A quoted literal (also quoted inside a single-quoted shell word: `'\''X'\''`).
const LITERAL = `('\\\\''|["'])([^"'\\\\\\s,()]{4,200})`;
// A call's name, then two or three quoted literals, then the closing parenthesis or keyword
// arguments (`format='json'`).
const CALL = new RegExp(
  `([A-Za-z_$][\\w$]*)[ \\t]*\\([ \\t]*${LITERAL}\\2[ \\t]*,[ \\t]*${LITERAL}\\4(?:[ \\t]*,[ \\t]*${LITERAL}\\6)?[ \\t]*(?:\\)|,[ \\t]*[A-Za-z_]\\w*[ \\t]*=)`,
  "g",
);
// A call that builds a client: its name says so, or ends in an SDK's `API`/`Api` (`FlickrAPI`).
const CLIENT_CALL = /client|credential|oauth|auth|flow|login|connect|session|api$/i;

/**
 * A literal that looks generated, the secret side of a pair: hex of 16+, 12+ letters and digits
 * (both) without separators or word structure, or a token random by look (entropy.ts); a name
 * joined by separators (`acme-backups-2024`, `eu-west-1`) is not one.
 */
function generated(value: string): boolean {
  if (!isSecretValue(value) || isTyped(value)) return false;
  if (/^[0-9a-f]{16,}$/i.test(value)) return /[a-f]/i.test(value) && /[0-9]/.test(value);
  if (looksRandom(value)) return true;
  if (value.length < 12 || !/^[A-Za-z0-9]+$/.test(value)) return false;
  return /[A-Za-z]/.test(value) && /[0-9]/.test(value) && !madeOfWords(value);
}

/** The secret of a positional id/secret pair (above). */
export function pairSpans(text: string, spans: Span[]): void {
  for (const match of text.matchAll(CALL)) {
    const callee = match[1]!;
    if (!CLIENT_CALL.test(callee) && !namesVendor(callee)) continue;
    const secret = match[7] ?? match[5]!;
    if (!generated(secret)) continue;
    const end = match.index! + match[0].lastIndexOf(secret) + secret.length;
    spans.push({ start: end - secret.length, end, kind: "token" });
  }
}

// Two runs joined by a colon (or, after an app's number, a bar: Facebook's `APP_ID|APP_SECRET`
// app token): an id (6+ name characters) and what follows it.
const JOINED = /^(?:[\w.-]{6,64}:|[0-9]{6,20}\|)(?=[A-Za-z0-9])/;

/** Where the secret of an `ID:SECRET` value starts (0: it is not one): the part after `:` looks generated. */
export function joinedSecret(value: string): number {
  const head = JOINED.exec(value);
  // A digest's label is no id (`sha256:<hex>`, `md5:…`).
  if (!head || /^(?:sha\d*|md5|blake\w*|crc\d*|xxh\w*|sum|h1|etag)-?\d*:$/i.test(head[0])) return 0;
  const secret = value.slice(head[0].length);
  return isKeyShaped(secret) || /^[0-9a-f]{32,}$/i.test(secret) ? head[0].length : 0;
}

// A name then its value as consecutive string arguments: `getenv("API_TOKEN", "X")`,
// `headers.put("X-Api-Key", "X")`, `config.set('password', 'X')`.
const ARGUMENT_PAIR = /(["'])([A-Za-z_][\w.-]*)\1[ \t]*,[ \t]*(["'])([^"'\n]+)\3/g;

export function argumentPairSpans(text: string, spans: Span[]): void {
  for (const match of text.matchAll(ARGUMENT_PAIR)) {
    const name = match[2]!;
    const value = match[4]!;
    // Weaker context than an assignment: a plain word (`"optional"`, `"none"`) is a setting.
    if (!isSecretValue(value) || /\s/.test(value) || /^[A-Za-z]+$/.test(value)) continue;
    if (!isSecretName(name) && !(isKeyName(name) && isCredentialShaped(value))) continue;
    const end = (match.index ?? 0) + match[0].length - 1;
    spans.push({ start: end - value.length, end, kind: "assignment" });
  }
}
