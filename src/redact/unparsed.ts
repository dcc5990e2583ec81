/**
 * The strings of a JSON text that could not be parsed (a hook payload cut short, or not JSON at
 * all), each decoded as JSON decodes it. A failed hook call keeps such a text as evidence; its
 * strings are judged as command lines there, so a secret that only the parsed argv shows
 * (`-p"X"`, `htpasswd -b file user X`) is replaced in the kept text and in the message as well.
 * A string that is itself JSON text (Copilot's `toolArgs`) is read the same way, one level down.
 */

export interface UnparsedString {
  text: string;
  /** How many times the text is JSON-escaped where it stands (1: a string of the payload). */
  depth: number;
}

/** A JSON string literal, or the unterminated one a cut text ends with. */
const STRING = /"((?:[^"\\]|\\[\s\S])*)(?:"|$)/g;

/** Above this many strings the rest is left to the text layer (the bound of a failure's cost). */
const MAX_STRINGS = 256;
const MAX_DEPTH = 3;

export function unparsedStrings(text: string, depth = 1, out: UnparsedString[] = []): UnparsedString[] {
  for (const match of text.matchAll(STRING)) {
    if (out.length >= MAX_STRINGS) break;
    // A cut may end inside an escape (`\`, `\u00`): the part before it is the string.
    const body = match[1]!.replace(/\\(?:u[0-9a-fA-F]{0,3})?$/, "");
    let decoded: string;
    try {
      decoded = JSON.parse(`"${body}"`) as string;
    } catch {
      decoded = body; // a raw control character or a bad escape: judged as written
    }
    if (/^\s*[[{]/.test(decoded) && depth < MAX_DEPTH) unparsedStrings(decoded, depth + 1, out);
    else if (/\s/.test(decoded)) out.push({ text: decoded, depth });
  }
  return out;
}
