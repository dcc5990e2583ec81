/**
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
 * design, as OAuth's `client_id` is).
 */
import { madeOfWords } from "./entropy.js";
import { isSecretValue } from "./names.js";
import { isTyped } from "./shape.js";
import type { Span } from "./span.js";
import { namesVendor } from "./vendors.js";

// A quoted literal (also quoted inside a single-quoted shell word: `'\''X'\''`).
const LITERAL = `('\\\\''|["'])([^"'\\\\\\s,()]{4,200})`;
// A call's name, then two or three quoted literals and the closing parenthesis.
const CALL = new RegExp(
  `([A-Za-z_$][\\w$]*)[ \\t]*\\([ \\t]*${LITERAL}\\2[ \\t]*,[ \\t]*${LITERAL}\\4(?:[ \\t]*,[ \\t]*${LITERAL}\\6)?[ \\t]*\\)`,
  "g",
);
const CLIENT_CALL = /client|credential|oauth|auth|flow|login|connect|session/i;

/** A literal that looks generated, the secret side of a pair. */
function generated(value: string): boolean {
  if (!isSecretValue(value) || isTyped(value)) return false;
  if (/^[0-9a-f]{16,}$/i.test(value)) return /[a-f]/i.test(value) && /[0-9]/.test(value);
  if (value.length < 12 || !/^[A-Za-z0-9_~.-]+$/.test(value)) return false;
  if (!/[A-Za-z]/.test(value) || !/[0-9]/.test(value) || /^[0-9.]+$/.test(value)) return false;
  return !madeOfWords(value) && !/^[a-z]+(?:[._-][a-z]+)*[0-9]{0,4}$/i.test(value);
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
