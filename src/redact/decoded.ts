/**
 * What a run of base64 holds, read before it is judged by look (docs/decisions/redaction-literals.md).
 * Base64 hides the structure the other rules read; decoded, some runs are plainly no secret:
 *
 * - **Prose, encoded** (`SGVsbG8gV29ybGQhIFRoaXMgaXMg…`, a file's content as an API returns it):
 *   six or more words of letters separated by spaces, with a sentence's punctuation, and no run of
 *   twelve characters without a space: a message, not a key (a passphrase of a few words has no
 *   punctuation and fewer words; a key inside prose is a long run without a space).
 * - **A typed id, encoded** (GitHub's `node_id`: `MDEwOlJlcG9zaXRvcnkxMjk2MjY5` is
 *   `010:Repository1296269`): a number, `:`, a type's name and a number — an object's id.
 * - **A hex digest, encoded** (Auth0's key ids and `x5t`: `NkFCNEE1NDFDNTQ5…` is
 *   `6AB4A541C549…`, a certificate's SHA-1 printed in hex then base64): 32 or more hex digits in
 *   one case. Hex is never a token by look; encoding it hides nothing more. A random key decodes
 *   to such text about never (each byte a hex digit: 16 chances in 256).
 * - **A pair of placeholders, encoded** (`Basic dXNlcm5hbWU6cGFzc3dvcmQ=`, `"auth":
 *   "<base64 of user:password>"`): a user name made of letters and a password that is a
 *   placeholder by names.ts's and stand-ins.ts's rules (`username:password`,
 *   `<user>:<password>`, `YOUR_USERNAME:YOUR_PASSWORD`). A real password (`admin:admin`,
 *   `user:hunter2`) is judged as such and stays; a user part with a digit or longer than a name
 *   (a token as the user, `ghp_…:x-oauth-basic`) is no placeholder pair.
 *
 * A PEM block in base64 is declared.ts's (its decoded armour says what it holds).
 *
 * The first three only veto the token-by-look scan (benign.ts); the last is a value that is no
 * secret wherever it stands (names.ts's isSecretValue asks for the password it encodes).
 */

/** The text `run` encodes, when it is base64 of printable text (tabs and newlines allowed). */
export function decodedText(run: string): string | null {
  const body = run.replace(/=+$/, "");
  if (body.length < 8 || !/^[A-Za-z0-9+/]+$/.test(body) || body.length % 4 === 1) return null;
  const text = Buffer.from(body, "base64").toString("latin1");
  return /^[\t\n\r\x20-\x7e]+$/.test(text) ? text : null;
}

/** Six or more words of letters, spaces between, a sentence's punctuation, no long unbroken run. */
function isProse(text: string): boolean {
  const words = text.match(/[A-Za-z]{2,}/g) ?? [];
  if (words.length < 6 || !/[.!?,]/.test(text)) return false;
  if (/[^\s]{12,}/.test(text.replace(/https?:\/\/\S+/g, ""))) return false;
  const letters = text.replace(/[^A-Za-z\s]/g, "").length;
  return letters / text.length >= 0.85;
}

/** Base64 of prose, of a typed id or of a hex digest: no key by look (above). */
export function encodesProse(run: string): boolean {
  const text = decodedText(run);
  return (
    text !== null &&
    (isProse(text) ||
      /^[0-9]{1,3}:[A-Z][A-Za-z]{2,40}[0-9]{1,20}$/.test(text) ||
      /^(?:[0-9A-F]{32,}|[0-9a-f]{32,})$/.test(text))
  );
}

/**
 * The password of the `user:password` that `value` encodes in base64, when the user is a name of
 * letters (at most 32, maybe in `<>`, `[]` or `{}`); null otherwise.
 */
export function encodedPassword(value: string): string | null {
  if (value.length > 128 || !/^[A-Za-z0-9+/]{8,}={0,2}$/.test(value)) return null;
  const text = decodedText(value);
  const pair = text === null ? null : /^[<[{]?[A-Za-z][A-Za-z_ .-]{0,31}[>\]}]?:([^\s:]{1,64})$/.exec(text);
  return pair ? pair[1]! : null;
}

// Runs of standard base64 long enough to hide a key (24+ characters: 18 bytes), padded or not.
const BASE64_RUN = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/]{24,}={0,2}(?![A-Za-z0-9+/=_-])/g;

/** The spans of `text` that are base64 of prose or of a typed id. */
export function decodedRanges(text: string): (readonly [number, number])[] {
  const out: (readonly [number, number])[] = [];
  for (const m of text.matchAll(BASE64_RUN))
    if (encodesProse(m[0])) out.push([m.index!, m.index! + m[0].length]);
  return out;
}
