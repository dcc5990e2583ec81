/**
 * Tokens by their look when no format or name says so: a run of 20+ token characters that
 * mixes upper- and lower-case letters with digits (or, from 30 characters, only the two cases),
 * switches between those classes often (random text does about 6 times in 10; words and
 * camelCase identifiers rarely) and carries 3.5+ bits of entropy a character. Hex (commit ids,
 * digests, UUIDs) never counts: it is what ordinary commands and outputs are full of.
 */
import type { Span } from "./detect.js";
import { isSecretValue } from "./names.js";

const RUN = /[A-Za-z0-9_+=~.-]{20,}/g;
const PUBLIC_BEFORE = /(?:public|publishable)[\w.-]*["']?[ \t]*(?:[:=]|=>)[ \t]*["'`]?$/i;

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

export function looksRandom(token: string): boolean {
  if (token.length < 20 || /^[0-9a-fA-F-]+$/.test(token)) return false;
  const lower = /[a-z]/.test(token);
  const upper = /[A-Z]/.test(token);
  const digit = /[0-9]/.test(token);
  if (!(lower && upper && (digit || token.length >= 30))) return false;
  let switches = 0;
  let letters = 0;
  for (let index = 1; index < token.length; index += 1) {
    const a = classOf(token[index - 1]!);
    const b = classOf(token[index]!);
    if (a === 3 || b === 3) continue;
    letters += 1;
    if (a !== b) switches += 1;
  }
  return letters > 0 && switches / letters >= 0.3 && entropy(token) >= 3.5;
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

export function entropySpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(RUN)) {
    for (const { raw, at } of parts(match[0], match.index ?? 0)) {
      const token = raw.replace(/^[._=~+-]+|[._~+-]+$/g, "");
      if (!looksRandom(token) || !isSecretValue(token)) continue;
      const start = at + raw.indexOf(token);
      // Assigned to a name that says public (`public_key = "…"`, `publicToken: …`): meant to be shared.
      if (PUBLIC_BEFORE.test(text.slice(Math.max(0, start - 48), start))) continue;
      spans.push({ start, end: start + token.length, kind: "token" });
    }
  }
  return spans;
}
