/**
 * A secret literal in code reached through a type or a conversion, where the assignment scan
 * (detect.ts) stops at the type or the call: a typed declaration (`const password: string = "X"`,
 * Rust's `const API_TOKEN: &str = "X"`, Kotlin's `val secret: String = "X"`), a literal converted
 * to bytes or wrapped (`Secret: []byte("X")`, `key = Buffer.from("X")`, `String::from("X")`,
 * `Some("X")`), a key written as a list of byte values (`signingKey = []byte{0x9f, 0x3a, …}`,
 * `byte[] key = {(byte) 0x01, …}`), and requests' `auth=("user", "X")` tuple.
 */
import { literal } from "./code-calls.js";
import { isKeyName, isSecretName, isSecretValue } from "./names.js";
import type { Span } from "./span.js";

const TYPED = new RegExp(
  String.raw`(?<![\w$.])([A-Za-z_$][\w$]*)\s*:\s*&?(?:'static\s+)?(?:mut\s+)?[\w.:<>[\]?]+\s*=(?![=>])\s*${literal(2)}`,
  "g",
);
const CONVERTED = new RegExp(
  String.raw`(?<![\w$.])["']?([A-Za-z_$][\w$]*)["']?\s*(?::=|=>|=|:)(?![=>])\s*(?:new\s+)?(?:\[\]byte|\[\]rune|string|String|str|bytes|bytearray|Buffer\.from|Some|String::from|SecretString::(?:new|from)|Secret::new|SecretBox::new|Zeroizing::new|SecureString)\(\s*${literal(2)}`,
  "g",
);
const BYTE = String.raw`(?:\(byte\)\s*)?(?:0x[0-9a-fA-F]{1,2}|\d{1,3})`;
const BYTE_ARRAY = new RegExp(
  String.raw`(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?::\s*[\w&;\[\] ]{1,30})?\s*:?=(?![=>])\s*(?:new\s+)?(?:\[\]byte|byte\[\]|bytes\(|bytearray\(|Uint8Array\.from\(|Uint8Array\(|Buffer\.from\(|vec!)?\s*[[{(]\s*((?:${BYTE}\s*,\s*){7,}${BYTE})`,
  "g",
);
const AUTH_TUPLE = new RegExp(
  String.raw`(?<![\w$])auth\s*=\s*\(\s*${literal(1)}\s*,\s*${literal(3)}\s*\)`,
  "g",
);

function push(text: string, from: number, value: string, spans: Span[]): void {
  const start = text.indexOf(value, from);
  if (start >= 0) spans.push({ start, end: start + value.length, kind: "assignment" });
}

/** The spans above; `stand-in`: what code.ts leaves under a secret's name. */
export function valueSpans(text: string, spans: Span[], standIn: (value: string) => boolean): void {
  // Every name these judge says secret or key (names.ts): without one of their words, none does.
  if (!/token|secret|pass|pwd|pw|pat|key|auth|cred|api|bundle_|login|licen/i.test(text)) return;
  if (text.includes(":")) {
    for (const match of text.matchAll(TYPED)) {
      const value = match[3]!;
      if (!isSecretName(match[1]!) || !isSecretValue(value) || standIn(value)) continue;
      push(text, match.index! + match[0].length - value.length - 1, value, spans);
    }
  }
  if (text.includes("(")) {
    for (const match of text.matchAll(CONVERTED)) {
      const value = match[3]!;
      if (!isSecretName(match[1]!) || !isSecretValue(value) || standIn(value)) continue;
      push(text, match.index! + match[0].length - value.length - 1, value, spans);
    }
    for (const match of text.matchAll(AUTH_TUPLE)) {
      const value = match[4]!;
      if (isSecretValue(value) && !standIn(value))
        push(text, match.index! + match[0].length - value.length - 2, value, spans);
    }
  }
  // Eight byte values in a row first: a cheap scan, where the full one starts at every name.
  if (/(?:(?:0x[0-9a-f]{1,2}|\d{1,3})\s*,\s*){7}/i.test(text)) {
    for (const match of text.matchAll(BYTE_ARRAY)) {
      const name = match[1]!;
      if (!isSecretName(name) && !isKeyName(name)) continue;
      push(text, match.index! + match[0].length - match[2]!.length, match[2]!, spans);
    }
  }
}
