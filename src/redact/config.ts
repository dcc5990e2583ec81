/**
 * Secrets in the configuration formats an agent writes, where the name and the value are not
 * joined by `=` or `:` (detect.ts reads those): XML attribute pairs (`<add key="DbPassword"
 * value="X"/>` of .NET's web.config, `<property name="password" value="X"/>` of Spring and Ant),
 * an element named by its attribute (`<string name="api_key">X</string>` of Android's
 * strings.xml, `<entry key="api.token">X</entry>`), a Dockerfile's `ENV NAME value`, and a
 * bearer token written without its header (`bearer X`). Each runs only when the text holds its
 * literal (`value=`, `</`, `env`, `bearer`), so ordinary calls pay a few `includes`.
 */

import { madeOfWords } from "./entropy.js";
import { credentialValue, isCredentialShaped, isKeyName, isSecretName, isSecretValue } from "./names.js";
import type { Span } from "./span.js";

/** A name says secret, or says key and the value looks generated (names.ts). */
function secretFor(name: string, value: string): boolean {
  if (!credentialValue(value)) return false;
  return isSecretName(name) || (isKeyName(name) && isCredentialShaped(value));
}

const ATTRIBUTE_PAIR =
  /\b(?:key|name)[ \t]*=[ \t]*(["'])([^"'\n<>]+)\1[^<>\n]*?\bvalue[ \t]*=[ \t]*(["'])([^"'\n<>]*)\3/gi;
const NAMED_ELEMENT =
  /<([A-Za-z][\w.:-]*)[ \t][^<>\n]*?\b(?:key|name)[ \t]*=[ \t]*(["'])([^"'\n<>]+)\2[^<>\n]*>([^<\n]+)<\/\1>/g;
const DOCKER_ENV =
  /^[ \t]*ENV[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]+(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"'=][^\n]*?))[ \t]*$/gim;
const BEARER = /\bbearer[ \t]+([A-Za-z0-9._~+/-]{6,}=*)/gi;

function push(spans: Span[], text: string, from: number, value: string, kind: string): void {
  const start = text.indexOf(value, from);
  if (start >= 0) spans.push({ start, end: start + value.length, kind });
}

/** The spans of the formats above; `lower`: the text lower-cased ("" without the prefilter). */
export function configSpans(text: string, lower: string, prefilter: boolean, spans: Span[]): void {
  if (!prefilter || (lower.includes("value") && (lower.includes("key") || lower.includes("name")))) {
    for (const match of text.matchAll(ATTRIBUTE_PAIR)) {
      const value = match[4]!;
      if (!secretFor(match[2]!, value)) continue;
      push(spans, text, match.index! + match[0].length - value.length - 1, value, "assignment");
    }
  }
  if (!prefilter || (lower.includes("</") && (lower.includes("key") || lower.includes("name")))) {
    for (const match of text.matchAll(NAMED_ELEMENT)) {
      const value = match[4]!.trim();
      if (!secretFor(match[3]!.replace(/^.*[:/]/, ""), value)) continue;
      push(
        spans,
        text,
        match.index! + match[0].length - match[4]!.length - match[1]!.length - 3,
        value,
        "assignment",
      );
    }
  }
  if (!prefilter || lower.includes("env")) {
    for (const match of text.matchAll(DOCKER_ENV)) {
      const value = match[2] ?? match[3] ?? match[4]!;
      if (!isSecretName(match[1]!) || !credentialValue(value) || value.startsWith("$")) continue;
      push(spans, text, match.index! + match[0].indexOf(match[1]!) + match[1]!.length, value, "assignment");
    }
  }
  if (!prefilter || lower.includes("bearer")) {
    for (const match of text.matchAll(BEARER)) {
      const token = match[1]!;
      // A token has letters and digits and no word structure (`bearer tokens are…` is prose).
      if (!/[0-9]/.test(token) || !/[A-Za-z]/.test(token) || madeOfWords(token) || !isSecretValue(token))
        continue;
      push(spans, text, match.index! + match[0].length - token.length, token, "authorization");
    }
  }
}
