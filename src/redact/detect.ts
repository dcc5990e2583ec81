/**
 * The text layer of secret detection: plain regular expressions over one string, cheap enough
 * to run on every hook call. The patterns (patterns.ts) find what says "secret" by structure;
 * the scans below find values given to secret-sounding names (`NAME=value`, `"name": "value"`,
 * `<password>X</password>`, `name: DB_PASSWORD` then `value: X`). Vendor token formats covered
 * by the secretlint preset are left to it (rule-set.ts); the parsed command line and structured
 * arguments are judged by argv.ts.
 */
import { inside, isOwnName, templateRanges } from "./benign.js";
import { codeSpans, codeStandIn, codeVariable } from "./code.js";
import { configSpans } from "./config.js";
import { familyPatterns } from "./families.js";
import { vendorPathSpans } from "./fetched.js";
import { formSpans } from "./forms.js";
import { credentialValue, isCredentialShaped, isKeyName, isSecretName, isSecretValue } from "./names.js";
import { argumentPairSpans, pairSpans as callPairSpans, joinedSecret } from "./pairs.js";
import { OWN_PATTERNS, type Pattern } from "./patterns.js";
import { isIdentifierName, isKeyShaped, isTyped } from "./shape.js";
import type { Span } from "./span.js";
import { statementSpans } from "./statements.js";
import { vendorSpans } from "./vendors.js";

export { isSecretName, isSecretValue } from "./names.js";

export type { Span } from "./span.js";

// NAME=value / NAME: value / --name=value / "name": "value" / NAME=$'value' / name := value /
// name => "value" / name == "value" on a line. The separator does not cross a line: in YAML,
// `db:` then `  password: X` is a parent key.
const ASSIGNMENT =
  /(?<![A-Za-z0-9_])(?:--?)?["']?([A-Za-z_][A-Za-z0-9_.-]*)["']?[ \t]*(={1,3}>?|!==?|:{1,3}=|\?=|:)[ \t]*(?:@?\$?"([^"\n]*)"|@?\$?'([^'\n]*)'|`([^`\n]*)`|([^\s"'`;&|,]+))/g;

// A bare constant's name (`project_key = PROJECT_NAME_ALIAS`: upper-case words of letters
// joined by `_`) is a reference too.
const CODE_REFERENCE =
  /^(?:[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+|[A-Z]+(?:_[A-Z]+)+|true|false|null|undefined|None|nil|new|await|this|self|function|lambda|require)$/;
/**
 * A value that is code: a call (`getToken()`, Rust's `String::from_utf8(…)`), an object or list
 * literal, a parenthesised expression.
 */
const CODE_VALUE = /^[\w.$]*(?:::[\w$]+)*[([]|^[{[(]/;
/** `key` or `token` after the word public (or publishable) and a space. */
const PUBLIC_WORD_BEFORE = /(?<![A-Za-z])(?:public|publishable)[ \t]+(?:key|token)$/i;

/**
 * Quotes counted from the start of the line up to a position, moving forward only (the
 * assignment scan's matches do), so a long line costs one pass, not one per match. An
 * apostrophe inside a word (`don't`) is not a quote; a backslash escapes the next character.
 */
class QuoteCounter {
  private at = 0;
  private double = 0;
  private single = 0;
  constructor(private readonly text: string) {}

  /** Whether an odd number of `quote`s stand between the line's start and `to`. */
  odd(to: number, quote: string): boolean {
    const text = this.text;
    if (to < this.at) {
      this.at = 0;
      this.double = 0;
      this.single = 0;
    }
    for (; this.at < to; this.at += 1) {
      const char = text[this.at];
      if (char === "\n") {
        this.double = 0;
        this.single = 0;
      } else if (char === "\\") this.at += 1;
      else if (char === '"') this.double += 1;
      else if (
        char === "'" &&
        !(/[A-Za-z]/.test(text[this.at - 1] ?? "") && /[A-Za-z]/.test(text[this.at + 1] ?? ""))
      )
        this.single += 1;
    }
    return (quote === '"' ? this.double : this.single) % 2 === 1;
  }
}

/**
 * Whether the name at `start`..`end` sits inside a string literal opened earlier on its line
 * by `quote` (`"MasterUserPassword: " + get()`, `'password = '.$p[…]`, `"Password:"`): then a
 * value opened by the same quote is that string's end, not a value. A name in its own quotes
 * is a key, whatever the quoting around it (`"password": …`, JSON pasted into a string).
 */
function insideString(
  text: string,
  start: number,
  end: number,
  quote: string,
  quotes: QuoteCounter,
): boolean {
  if ((text[end] === '"' || text[end] === "'") && text[start - 1] === text[end]) return false;
  return quotes.odd(start, quote);
}

function assignmentSpans(text: string, spans: Span[]): void {
  ASSIGNMENT.lastIndex = 0;
  const quotes = new QuoteCounter(text);
  const templates = templateRanges(text);
  for (let match = ASSIGNMENT.exec(text); match !== null; match = ASSIGNMENT.exec(text)) {
    const name = match[1]!;
    const value = match[3] ?? match[4] ?? match[5] ?? match[6];
    if (value === undefined) continue;
    const bare = match[6] !== undefined;
    // Inside a template expression a bare `name:value` is its syntax (benign.ts).
    if (bare && templates.length > 0 && inside(templates, match.index, match.index + match[0].length))
      continue;
    const end = match.index + match[0].length - (bare ? 0 : 1);
    // `$GITHUB_TOKEN:x-oauth-basic@…`: a variable expanded before a `:`, not a name given a value.
    if (match[2] === ":" && text[match.index + match[0].indexOf(name) - 1] === "$") {
      ASSIGNMENT.lastIndex = end - value.length;
      continue;
    }
    const opener = match[3] !== undefined ? '"' : match[4] !== undefined ? "'" : null;
    if (opener) {
      const nameStart = match.index + match[0].indexOf(name);
      if (insideString(text, nameStart, nameStart + name.length, opener, quotes)) {
        // The value's quote closes the string the name is in: go on from that quote.
        ASSIGNMENT.lastIndex = end - value.length;
        continue;
      }
    }
    // `key` or `token` after the word public (`Public key: age1…`, `# public key: …`, as key
    // generators print it) is the public half's, as `public_key` is (names.ts); `public
    // password` is still a password.
    const nameEnd = match.index + match[0].indexOf(name) + name.length;
    if (PUBLIC_WORD_BEFORE.test(text.slice(Math.max(0, nameEnd - 24), nameEnd))) continue;
    // A name ending in `key` says secret when the value looks generated (`hubspotKey = "<uuid>"`,
    // `Key=BsDaN7…`); `key: user:42`, `sortKey = "name"` stay.
    if (!isSecretName(name) && isKeyName(name) && isCredentialShaped(value)) {
      spans.push({ start: end - value.length, end, kind: "assignment" });
      continue;
    }
    // Any other key (not one that says id, digest, commit, version …) with a value shaped like
    // a generated key (shape.ts): `ambee = 869c40…`, `"clientToken": "…"`. Separators doubled
    // by hand (`name=:X`, `name: 'X`) are not part of the value.
    if (value.length >= 16 && !isSecretName(name)) {
      const token = value.replace(/^[:=>"'`]+/, "");
      if (isKeyShaped(token) && !isIdentifierName(name)) {
        spans.push({ start: end - token.length, end, kind: "token" });
        continue;
      }
      // `ID:SECRET` joined in one value (pairs.ts): the secret side.
      const secret = joinedSecret(token);
      if (secret > 0 && !isIdentifierName(name)) {
        spans.push({ start: end - token.length + secret, end, kind: "token" });
        continue;
      }
    }
    // `PWD=X;` of an ODBC connection string is its password; the shell's PWD holds a path.
    if (
      /^pwd$/i.test(name) &&
      !/^[/~.$\\(]|^[A-Za-z]:[\\/]/.test(value) &&
      !(bare && (CODE_REFERENCE.test(value) || CODE_VALUE.test(value) || text[end] === "(")) &&
      isSecretValue(value)
    ) {
      spans.push({ start: end - value.length, end, kind: "assignment" });
      continue;
    }
    // Not a secret name: the value may hold one (`--from-literal=password=X`,
    // `c = Client(api_key='X')`), so the scan goes on from the value's start.
    if (!isSecretName(name)) {
      ASSIGNMENT.lastIndex = end - value.length;
      continue;
    }
    // A backquoted value is judged with its backquotes: a shell's command substitution.
    if (!isSecretValue(match[5] === undefined ? value : `\`${value}\``) || isOwnName(name, value)) continue;
    // In code, `token = config.auth.token`, `key = getenv(…)` and `password: None` name no secret.
    if (bare && (CODE_REFERENCE.test(value) || CODE_VALUE.test(value) || text[end] === "(")) continue;
    // A variable, a bind parameter, a string's end, the slot's name (code.ts).
    if (codeStandIn(value, bare) || (bare && codeVariable(text, nameEnd - name.length, end, value))) continue;
    spans.push({ start: end - value.length, end, kind: "assignment" });
  }
}

// A literal compared with a secret name: `if ("X" == password)`.
const COMPARED = /(?:"([^"\n]+)"|'([^'\n]+)')[ \t]*[!=]==?[ \t]*([A-Za-z_][\w.]*)/g;

function comparedSpans(text: string, spans: Span[]): void {
  for (const match of text.matchAll(COMPARED)) {
    const value = match[1] ?? match[2]!;
    if (!isSecretName(match[3]!) || !isSecretValue(value)) continue;
    const start = (match.index ?? 0) + 1;
    spans.push({ start, end: start + value.length, kind: "assignment" });
  }
}

// A literal a secret name falls back to (`password = process.env.DB_PASSWORD || "X"`, `?? 'X'`,
// Python's `or "X"`): the reference is no secret, the default after it is one.
const FALLBACK =
  /([A-Za-z_][\w.-]*)["']?[ \t]*(?::=|[:=])[ \t]*[^\n;]*?(?:\|\||\?\?|[ \t]or)[ \t]*(?:"([^"\n]+)"|'([^'\n]+)')/g;

function fallbackSpans(text: string, spans: Span[]): void {
  if (!text.includes("||") && !text.includes("??") && !/[ \t]or[ \t]/.test(text)) return;
  for (const match of text.matchAll(FALLBACK)) {
    const value = match[2] ?? match[3]!;
    if (!isSecretName(match[1]!) || !isSecretValue(value)) continue;
    const end = (match.index ?? 0) + match[0].length - 1;
    spans.push({ start: end - value.length, end, kind: "assignment" });
  }
}

// <password>X</password>, <add key="…"/> aside: an element named like a secret, on one line.
const XML_ELEMENT = /<([A-Za-z][\w.:-]*)>([^<\n]+)<\/\1>/g;

function xmlSpans(text: string, spans: Span[]): void {
  for (const match of text.matchAll(XML_ELEMENT)) {
    const value = match[2]!.trim();
    if (!isSecretName(match[1]!.replace(/^.*:/, "")) || !isSecretValue(value)) continue;
    const start = (match.index ?? 0) + match[0].indexOf(value, match[1]!.length + 2);
    spans.push({ start, end: start + value.length, kind: "assignment" });
  }
}

// A name/value pair: `name: DB_PASSWORD` then `value: X` (Kubernetes env, YAML or JSON).
const PAIR =
  /["']?(?:name|key)["']?[ \t]*[:=][ \t]*["']?([A-Za-z_][\w.-]*)["']?[ \t]*(?:,[ \t]*|\r?\n[ \t]*)["']?value["']?[ \t]*[:=][ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"',}]+))/gi;

function pairSpans(text: string, spans: Span[]): void {
  for (const match of text.matchAll(PAIR)) {
    const value = match[2] ?? match[3] ?? match[4]!;
    if (!isSecretName(match[1]!) || !isSecretValue(value)) continue;
    const end = (match.index ?? 0) + match[0].length - (match[4] === undefined ? 1 : 0);
    spans.push({ start: end - value.length, end, kind: "assignment" });
  }
}

// A row of two columns, a name and one value: `secret_id   X` of Vault's key/value tables, `Secret
// ID    = X` of Nomad's and Consul's output (a name of two words, joined by `_` to be judged).
const TABLE_ROW =
  /^[ \t]*([A-Za-z][\w.-]*(?: [A-Za-z][\w.-]*)?)(?:[ \t]{2,}|[ \t]+=[ \t]+)(?:=[ \t]+)?([^\s"'`]+)[ \t]*$/gm;

// A name, a dash and a quoted value, as logs and test fixtures write them: `twilio token -
// 'X'`, `api key - "X"`.
const DASHED = /(?<![\w.-])([A-Za-z_][\w.]*)[ \t]+-[ \t]+(["'])([^"'\n]+)\2/g;

function dashedSpans(text: string, spans: Span[]): void {
  for (const match of text.matchAll(DASHED)) {
    const value = match[3]!;
    const name = match[1]!;
    if (
      !credentialValue(value) ||
      isTyped(value) ||
      !(isSecretName(name) || (isKeyName(name) && isCredentialShaped(value)))
    )
      continue;
    const end = match.index! + match[0].length - 1;
    spans.push({ start: end - value.length, end, kind: "assignment" });
  }
}

function tableRowSpans(text: string, spans: Span[]): void {
  for (const match of text.matchAll(TABLE_ROW)) {
    const value = match[2]!;
    if (!isSecretName(match[1]!.replace(" ", "_")) || !credentialValue(value)) continue;
    // Code's assignment is no table row: `PASSWORD = sys.argv[2]`, `let password = f(x)?;`.
    if (CODE_REFERENCE.test(value) || CODE_VALUE.test(value)) continue;
    const end = match.index! + match[0].trimEnd().length;
    spans.push({ start: end - value.length, end, kind: "assignment" });
  }
}

// The vendor prefix families (families.ts), indexed by the first two characters of each prefix
// (lower-cased; every prefix is ASCII and 2+ characters), built on the first detection rather
// than at load. One pass over the lower-cased text, a table look-up a character pair, finds the
// families whose prefix can start somewhere in it; only those run the full literal check, so a
// text holding none costs that pass, not a check a family.
let familyHeads: { pairs: Uint8Array; lists: Map<number, Pattern[]>; all: Pattern[] } | undefined;

function headsTable() {
  const pairs = new Uint8Array(128 * 128);
  const lists = new Map<number, Pattern[]>();
  const all = familyPatterns();
  for (const pattern of all) {
    for (const prefix of pattern.needs ?? []) {
      const head = (prefix.charCodeAt(0) << 7) | prefix.charCodeAt(1);
      pairs[head] = 1;
      const list = lists.get(head) ?? [];
      if (!list.includes(pattern)) list.push(pattern);
      lists.set(head, list);
    }
  }
  return { pairs, lists, all };
}

/** The families whose prefix may start in `lower` (all of them without the prefilter). */
function familiesIn(lower: string, prefilter: boolean): readonly Pattern[] {
  familyHeads ??= headsTable();
  if (!prefilter) return familyHeads.all;
  const { pairs, lists } = familyHeads;
  let out: Set<Pattern> | undefined;
  for (let index = 0; index + 1 < lower.length; index += 1) {
    const a = lower.charCodeAt(index);
    const b = lower.charCodeAt(index + 1);
    if (a > 127 || b > 127 || pairs[(a << 7) | b] === 0) continue;
    out ??= new Set();
    for (const pattern of lists.get((a << 7) | b)!) out.add(pattern);
  }
  // In the table's order, as without the prefilter (the spans come out in the same order).
  return out ? familyHeads.all.filter((pattern) => out.has(pattern)) : [];
}

/**
 * Spans found by the built-in patterns and the extra patterns of the policy; `vendor`: false
 * leaves out the vendor formats (a long string kept only as a digest).
 */
export function detectOwn(
  text: string,
  extra: readonly RegExp[] = [],
  prefilter = true,
  vendor = true,
): Span[] {
  const spans: Span[] = [];
  const lower = prefilter ? text.toLowerCase() : "";
  for (const pattern of OWN_PATTERNS) {
    if (prefilter && pattern.needs && !pattern.needs.some((literal) => lower.includes(literal))) continue;
    collect(text, pattern, spans);
  }
  if (vendor) {
    for (const pattern of familiesIn(lower, prefilter)) {
      if (prefilter && pattern.needs && !pattern.needs.some((literal) => lower.includes(literal))) continue;
      collect(text, pattern, spans);
    }
  }
  // Prefix-less keys beside their vendor's name (vendors.ts): the word scan is its own check.
  if (vendor) vendorSpans(text, prefilter ? lower : text.toLowerCase(), spans);
  // A key after a version segment of a vendor's URL (fetched.ts): every such URL has `://`.
  if (vendor && (!prefilter || text.includes("://"))) vendorPathSpans(text, spans);
  for (const regex of extra)
    collect(text, { kind: "policy", regex, group: regex.source.includes("(") ? 1 : 0 }, spans);
  formSpans(text, spans);
  configSpans(text, lower, prefilter, spans);
  codeSpans(text, lower, prefilter, spans);
  // Keyword values of Lisp-like data, INI sections of users (statements.ts): its own guards.
  statementSpans(text, spans);
  // Every assignment has `=` or `:`; every element a closing tag; every pair `value`.
  if (!prefilter || text.includes("=") || text.includes(":")) assignmentSpans(text, spans);
  if (!prefilter || text.includes("=")) comparedSpans(text, spans);
  if (!prefilter || text.includes("=") || text.includes(":")) fallbackSpans(text, spans);
  if (!prefilter || text.includes(",")) argumentPairSpans(text, spans);
  // An id and its secret given to a client's call by position (pairs.ts).
  if (!prefilter || text.includes("(")) callPairSpans(text, spans);
  if (!prefilter || text.includes("</")) xmlSpans(text, spans);
  // Every row has two blanks, or a blank before `=`.
  if (!prefilter || /[ \t][ \t=]/.test(text)) tableRowSpans(text, spans);
  if (!prefilter || /[ \t]-[ \t]/.test(text)) dashedSpans(text, spans);
  if (!prefilter || lower.includes("value")) pairSpans(text, spans);
  return spans;
}

function collect(text: string, pattern: Pattern, spans: Span[]): void {
  const groups = typeof pattern.group === "number" ? [pattern.group] : pattern.group;
  for (const match of text.matchAll(pattern.regex)) {
    const group = groups.find((index) => match[index] !== undefined) ?? 0;
    const secret = match[group] ?? match[0];
    if (secret.length === 0 || !isSecretValue(secret) || (pattern.accept && !pattern.accept(secret)))
      continue;
    const offset = group === 0 ? 0 : match[0].lastIndexOf(secret);
    const start = (match.index ?? 0) + offset;
    spans.push({ start, end: start + secret.length, kind: pattern.kind });
  }
}

// Prefixes of the rule set's token formats whose body may hold no digit (a `ghp_` token of
// letters only): with one of them before a run of 16+ token characters the rule set runs.
const TOKEN_PREFIX =
  /(?:gh[pousr]_|github_pat_|glpat-|gl[a-z]{2,4}-|xox[abposre]-|xapp-|sk-|hf_|npm_|dapi|shp(?:at|ca|pa|ss)_|SG\.|lin_api_|ntn_|secret_|pat[A-Za-z0-9]{14}\.|dop_v1_|dckr_pat_|gsk_|figd_|ops_|hvs\.|glsa_|AKIA|ASIA)[A-Za-z0-9_.-]{16,}/;

/**
 * Whether the text might hold a token the rule set knows: a run of 20+ token characters with
 * both letters and digits that is not plain hex, a known token prefix before a run of token
 * characters, or a private key block. Without a hit the rule set is never loaded (it costs
 * ~28 ms to import), which keeps ordinary hook calls fast.
 */
export function mightHoldToken(text: string): boolean {
  if (text.includes("PRIVATE KEY")) return true;
  for (const [run] of text.matchAll(/[A-Za-z0-9_+=-]{20,}/g)) {
    // Commit ids, digests and UUIDs are hex: no format of the rule set is (they all carry a
    // prefix such as ghp_, xoxb-, sk-, dapi), so hex runs do not load it.
    if (/^[0-9a-fA-F-]+$/.test(run)) continue;
    if (/\d/.test(run) && /[A-Za-z]/.test(run)) return true;
  }
  return TOKEN_PREFIX.test(text);
}

/** Sorts and merges overlapping spans (the earliest, then longest, then most specific names the kind). */
export function mergeSpans(spans: Span[]): Span[] {
  // On equal ranges a token format names the kind rather than the generic `assignment`.
  const generic = (span: Span) => (span.kind === "assignment" ? 1 : 0);
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end || generic(a) - generic(b));
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}
