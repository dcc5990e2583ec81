/**
 * Secrets in the configuration formats an agent writes, where the name and the value are not
 * joined by `=` or `:` (detect.ts reads those): XML attribute pairs (`<add key="DbPassword"
 * value="X"/>` of .NET's web.config, `<property name="password" value="X"/>` of Spring and Ant),
 * an element named by its attribute (`<string name="api_key">X</string>` of Android's
 * strings.xml, `<entry key="api.token">X</entry>`), a Dockerfile's `ENV NAME value`, and a
 * bearer token written without its header (`bearer X`), and a declared parameter's default
 * (`defaultSpans`). Each runs only when the text holds its literal (`value=`, `</`, `env`,
 * `bearer`, `default`), so ordinary calls pay a few `includes`.
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
  if (!prefilter || lower.includes("default")) defaultSpans(text, spans);
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

/**
 * A parameter or variable declared with a default, where the declaration's name says secret or
 * the declaration says its value is masked: CloudFormation's `Parameters:` (`DBPassword:` then
 * `  NoEcho: true` and `  Default: X`, in YAML or JSON), a workflow's or a playbook's input
 * (`password:` then `  default: X`), Terraform's `variable "db_password" { default = "X" }`
 * (`sensitive = true` as NoEcho). The default is the value whoever deploys without overriding it
 * runs with; the name or the mask says what it is (docs/decisions/redaction-code-args.md).
 */
const YAML_HEADER = /^([ \t]*)(?:- )?(["']?)([A-Za-z_][\w.-]*)\2[ \t]*:[ \t]*$/gm;
const YAML_DEFAULT = /^[ \t]+default[ \t]*:[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|([^\s#"'][^\n#]*?))[ \t]*$/im;
const YAML_MASKED = /^[ \t]+no_?echo[ \t]*:[ \t]*["']?true["']?[ \t]*$/im;
const JSON_DECLARED = /"([A-Za-z_][\w.-]*)"[ \t]*:[ \t]*\{([^{}]{0,600})\}/g;
const JSON_DEFAULT = /"default"[ \t]*:[ \t]*"([^"\n]*)"/i;
const JSON_MASKED = /"no_?echo"[ \t]*:[ \t]*"?true"?/i;
const HCL_VARIABLE = /\bvariable[ \t]+"([A-Za-z_][\w-]*)"[ \t]*\{([^{}]{0,600})\}/g;
const HCL_DEFAULT = /^[ \t]*default[ \t]*=[ \t]*"([^"\n]*)"/m;
const HCL_MASKED = /^[ \t]*sensitive[ \t]*=[ \t]*true\b/m;

function pushDefault(
  spans: Span[],
  text: string,
  at: number,
  name: string,
  value: string,
  masked: boolean,
): void {
  // Judged as a value assigned to the name is (names.ts): the declaration says what it is.
  if (!(masked || isSecretName(name)) || !isSecretValue(value) || value.startsWith("$")) return;
  push(spans, text, at, value, "assignment");
}

export function defaultSpans(text: string, spans: Span[]): void {
  for (const header of text.matchAll(YAML_HEADER)) {
    const indent = header[1]!.length;
    const from = header.index! + header[0].length + 1;
    // The block: the lines after the header indented deeper (12 at most).
    let end = from;
    for (let line = 0; line < 12 && end < text.length; line += 1) {
      const next = text.indexOf("\n", end);
      const row = text.slice(end, next === -1 ? text.length : next);
      if (row.trim() !== "" && row.length - row.trimStart().length <= indent) break;
      end = next === -1 ? text.length : next + 1;
    }
    const block = text.slice(from, end);
    const found = YAML_DEFAULT.exec(block);
    if (!found) continue;
    const value = (found[1] ?? found[2] ?? found[3]!).trim();
    pushDefault(spans, text, from + found.index!, header[3]!, value, YAML_MASKED.test(block));
  }
  if (text.includes("{")) {
    for (const match of text.matchAll(JSON_DECLARED)) {
      const found = JSON_DEFAULT.exec(match[2]!);
      if (!found) continue;
      const at = match.index! + match[0].indexOf(match[2]!) + found.index!;
      pushDefault(spans, text, at, match[1]!, found[1]!, JSON_MASKED.test(match[2]!));
    }
    for (const match of text.matchAll(HCL_VARIABLE)) {
      const found = HCL_DEFAULT.exec(match[2]!);
      if (!found) continue;
      const at = match.index! + match[0].indexOf(match[2]!) + found.index!;
      pushDefault(spans, text, at, match[1]!, found[1]!, HCL_MASKED.test(match[2]!));
    }
  }
}
