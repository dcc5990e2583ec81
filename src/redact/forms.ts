/**
 * Two more places a name gives a value, each read with the names of names.ts: a YAML block
 * scalar (`password: |` then the value on the next, more indented line) and a call whose method
 * is named for the secret it takes, with one literal argument (`builder.password("X")`,
 * `client.setApiKey('X')`, `withToken("X")`). A literal with a space in it is a message, not a
 * secret (`prompt_for_password("Enter password: ")`), and a getter or a check takes the secret's
 * name or a value to test (`getSecret("db")`, `verify_password("…")`).
 */

import { isSecretName, isSecretValue } from "./names.js";
import type { Span } from "./span.js";

const BLOCK_SCALAR =
  /^([ \t]*)["']?([A-Za-z_][\w.-]*)["']?:[ \t]*[|>][+-]?[0-9]?[ \t]*\r?\n\1[ \t]+(\S[^\r\n]*?)[ \t]*$/gm;
const CALL = /\b([A-Za-z_][\w]*)[ \t]*\([ \t]*(["'])([^"'\s\\]{3,})\2[ \t]*\)/g;

const READS =
  /^(?:get|fetch|load|read|lookup|find|has|delete|remove|require|validate|verify|check|hash|is|print|log|mask|redact)(?:[A-Z_]|$)/i;

export function formSpans(text: string, spans: Span[]): void {
  if (text.includes("|") || text.includes(">")) {
    for (const match of text.matchAll(BLOCK_SCALAR)) {
      const value = match[3]!;
      if (!isSecretName(match[2]!) || !isSecretValue(value)) continue;
      const end = match.index! + match[0].length - (match[0].length - match[0].trimEnd().length);
      spans.push({ start: end - value.length, end, kind: "assignment" });
    }
  }
  if (text.includes("(")) {
    for (const match of text.matchAll(CALL)) {
      // A getter or a check takes the secret's name or a value to test, not the secret.
      if (READS.test(match[1]!)) continue;
      const name = match[1]!.replace(/^(?:set|with|use)(?=[A-Z_])_?/, "");
      const value = match[3]!;
      if (!isSecretName(name) || !isSecretValue(value)) continue;
      const end = match.index! + match[0].lastIndexOf(match[2]!);
      spans.push({ start: end - value.length, end, kind: "assignment" });
    }
  }
}
