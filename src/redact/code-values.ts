/**
 * A secret literal in code reached through a type or a conversion, where the assignment scan
 * (detect.ts) stops at the type or the call: a typed declaration (`const password: string = "X"`,
 * Rust's `const API_TOKEN: &str = "X"`, Kotlin's `val secret: String = "X"`), a literal converted
 * to bytes or wrapped (`Secret: []byte("X")`, `key = Buffer.from("X")`, `String::from("X")`,
 * `Some("X")`), a key written as a list of byte values (`signingKey = []byte{0x9f, 0x3a, …}`,
 * `byte[] key = {(byte) 0x01, …}`), a literal decoded into a key's bytes (`byte[] key =
 * Convert.FromBase64String("X")`), and requests' `auth=("user", "X")` tuple.
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
// A literal decoded or encoded into bytes (`Convert.FromBase64String("X")`, `Encoding.UTF8.GetBytes("X")`,
// `new ASCIIEncoding().GetBytes("X")`, `base64.b64decode("X")`, `bytes.fromhex("X")`, Go's
// `key, _ := hex.DecodeString("X")`, Java's `Base64.getDecoder().decode("X")`): under a key's name it is the
// key's material, whatever its shape (roslyn-analyzers' CA5390, PMD's HardCodedCryptoKey).
const DECODED = new RegExp(
  String.raw`(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?::\s*[\w<>[\]]+\s*)?(?:,\s*[A-Za-z_]\w*\s*)?(?::=|=)(?![=>])\s*(?:Convert\s*\.\s*FromBase64String|(?:new\s+)?[A-Za-z.]*Encoding(?:\(\s*\))?(?:\s*\.\s*[A-Za-z0-9]+)?\s*\.\s*GetBytes|base64\s*\.\s*(?:b64decode|standard_b64decode|urlsafe_b64decode|b32decode)|bytes\s*\.\s*fromhex|binascii\s*\.\s*(?:unhexlify|a2b_base64)|hex\s*\.\s*DecodeString|base64\s*\.\s*(?:Std|URL|RawStd|RawURL)Encoding\s*\.\s*DecodeString|Base64\s*\.\s*(?:getDecoder\(\s*\)\s*\.\s*decode|decodeBase64|decode))\s*\(\s*${literal(2)}\s*\)`,
  "g",
);
// A crypto key's name: `key`, `rgbKey` (.NET's parameter), or a cipher's, a MAC's or a signer's key.
const CRYPTO_KEY_NAME =
  /^(?:rgb)?key$|(?:secret|private|aes|des|hmac|mac|signing|sign|encryption|enc|crypto|cipher|master|jwt|session|shared|symmetric)_?key(?:_?bytes)?$/i;

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
    for (const match of text.matchAll(DECODED)) {
      const value = match[3]!;
      const name = match[1]!;
      if (!(isSecretName(name) || CRYPTO_KEY_NAME.test(name)) || !isSecretValue(value) || standIn(value))
        continue;
      push(text, match.index! + match[0].length - value.length - 2, value, spans);
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
