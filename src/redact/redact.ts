/**
 * Redacting an event body before it is hashed. Every string member (the action, the tool
 * input and outcome, the reasons, …) is scanned; each secret found is replaced by its marker
 * (marker.ts). Object members whose name says secret (`"password": …`, `"Authorization": …`)
 * have their value replaced whole. Member names are scanned too (`{"ghp_…": 1}` hides nothing).
 *
 * The redactor remembers each secret it replaced: text derived from the unredacted action (the
 * reason a hook answers with, which may quote the command) is scrubbed of the same values
 * (`scrub`), so no secret reaches an output either.
 */
import { randomBytes } from "node:crypto";
import type { EventBody } from "../chain/index.js";
import { benignRanges, inside, isOwnName } from "./benign.js";
import { browserKeyRanges } from "./browser-keys.js";
import { ciphertextRanges } from "./ciphertext.js";
import { secretsInCommand, secretsInLines, spellings } from "./command.js";
import { CutContexts } from "./cuts.js";
import { detectOwn, isSecretName, isSecretValue, mergeSpans, mightHoldToken, type Span } from "./detect.js";
import { entropySpans } from "./entropy.js";
import { computeCommitment, formatMarker, MARKER_PATTERN } from "./marker.js";
import { AUTHORIZATION_VALUE, isCredentialShaped, isKeyName } from "./names.js";
import { detectWithRuleSet } from "./rule-set.js";
import { identifierBefore, isIdentifierName, isKeyShaped } from "./shape.js";
import { structuredSecrets } from "./structured.js";

export interface RedactOptions {
  /** The seal key, loaded only when a secret is found (the hook must not pay for it otherwise). */
  key: () => Promise<Uint8Array>;
  /** Extra patterns from the policy (`redact.patterns`). */
  patterns?: readonly RegExp[];
}

/** Members of free text: a token in one is judged by the text layer, not by the member's name. */
const FREE_TEXT = new Set(
  "content text body message description query prompt comment note notes title summary output stdout stderr result response input command code script patch diff old_string new_string".split(
    " ",
  ),
);

/** Members that hold only trailseal's own enumerations. */
const SKIPPED = new Set(["risk", "phase", "decision", "policy"]);
/** Members whose long strings are kept only as digests (src/record, compactInput). */
const DIGESTED = new Set(["input", "outcome"]);

/**
 * Strings longer than this in the tool input and outcome are recorded only as a digest
 * (src/record, compactInput). They are scanned with the structural patterns alone: a vendor token is high-entropy, so an unkeyed
 * digest of text holding one cannot be used to guess it, while the secrets a digest would let
 * one guess (passwords, assigned values, credentials in URLs) are what those patterns find. This
 * keeps the rule set (its load and a scan of, say, a 1 MB file) off outcomes that carry files.
 */
export const DIGEST_ABOVE = 2048;

/** Spans of secrets in one string, merged, in order. */
export async function findSecrets(
  text: string,
  patterns: readonly RegExp[] = [],
  ruleSet = true,
): Promise<Span[]> {
  let spans = detectOwn(text, patterns, true, ruleSet);
  // A digest in its format, inlined media, public keys, tracing ids, a prefixed UUID or ULID
  // are no key by their shape, whichever layer judged them by look (benign.ts).
  let benign: ReturnType<typeof benignRanges> | null = null;
  if (spans.some((span) => span.kind === "token")) {
    benign = benignRanges(text);
    const ranges = benign;
    spans = spans.filter((span) => span.kind !== "token" || !inside(ranges, span.start, span.end));
  }
  if (ruleSet) {
    // Tokens by format (the rule set) and by look (entropy.ts); a placeholder in a token's
    // format (`ghp_xxxx…`, `AKIAIOSFODNN7EXAMPLE`) is not a secret.
    if (mightHoldToken(text)) {
      for (const span of await detectWithRuleSet(text))
        if (isSecretValue(text.slice(span.start, span.end))) spans.push(span);
    }
    const tokens = entropySpans(text);
    if (tokens.length > 0) {
      benign ??= benignRanges(text);
      const ranges = benign;
      for (const span of tokens) {
        if (inside(ranges, span.start, span.end)) continue;
        // A short one (16–19 characters) given to an id's or an accessor's name is that (shape.ts).
        if (span.end - span.start < 20 && identifierBefore(text, span.start)) continue;
        spans.push(span);
      }
    }
  }
  // Keys their vendor documents as public in the context they stand in (browser-keys.ts),
  // whichever layer found them; ciphertext in its envelope and public keys by their declared
  // prefix (ciphertext.ts), too. Looked for only when something was found (most texts: nothing).
  if (spans.length > 0) {
    const documented = [...browserKeyRanges(text), ...ciphertextRanges(text)];
    if (documented.length > 0) spans = spans.filter((span) => !inside(documented, span.start, span.end));
  }
  return mergeSpans(outsideMarkers(text, spans));
}

/** Spans that do not touch a marker already in the text (a marker is never redacted again). */
function outsideMarkers(text: string, spans: Span[]): Span[] {
  if (!text.includes("[redacted:")) return spans;
  const markers = [...text.matchAll(MARKER_PATTERN)].map((m) => [m.index!, m.index! + m[0].length]);
  return spans.filter((span) => !markers.some(([start, end]) => span.start < end! && span.end > start!));
}

/** Below this length a prefix of a replaced secret is not searched for (a message may cut one). */
const MIN_SCRUB_PREFIX = 6;

export class BodyRedactor {
  private key: Promise<Uint8Array> | null = null;
  count = 0;
  /** Each replaced secret and its marker. */
  readonly found = new Map<string, string>();
  /** What stood before each secret where it was found, to find a message's cut copy (cuts.ts). */
  private readonly cuts = new CutContexts();

  constructor(private readonly options: RedactOptions) {}

  private async marker(kind: string, secret: string): Promise<string> {
    this.key ??= this.options.key().catch(() => randomBytes(32)); // no key: still redact, unconfirmable
    const marker = formatMarker(kind, computeCommitment(await this.key, secret));
    if (!this.found.has(secret)) this.found.set(secret, marker);
    return marker;
  }

  /**
   * Registers the secrets the command line `text` passes, judged on its parsed argv
   * (command.ts): each is replaced, in every spelling the text holds, wherever it appears in
   * the event and in messages.
   */
  async command(text: string, jsonDepth = 0): Promise<void> {
    const secrets = await secretsInCommand(text);
    // A key its vendor documents as public where it stands (browser-keys.ts), ciphertext in its
    // envelope and a public key by its prefix (ciphertext.ts) are not one.
    const documented = secrets.length > 0 ? browserKeyRanges(text) : [];
    const sealed = secrets.length > 0 ? ciphertextRanges(text) : [];
    for (const { value, kind } of secrets) {
      if (documented.some(([start, end]) => text.slice(start, end) === value)) continue;
      // The argv's word may be the envelope's or the key's part (`nodekey:<hex>` read as a
      // name and its value): long enough not to be found there by chance.
      if (value.length >= 16 && sealed.some(([start, end]) => text.slice(start, end).includes(value)))
        continue;
      await this.known(kind, value, text, jsonDepth);
    }
  }

  /**
   * Registers `value` (found by a layer that judges structure, not text) and its spellings;
   * `jsonDepth`: the text stands JSON-escaped that many times where it is kept (a payload that
   * could not be parsed), so each spelling is registered escaped up to that depth as well.
   */
  private async known(kind: string, value: string, text: string, jsonDepth = 0): Promise<void> {
    const marker = await this.marker(kind, value);
    for (let form of spellings(value, text)) {
      this.cuts.recordAll(form, marker, text);
      for (let depth = 0; depth <= jsonDepth; depth += 1) {
        if (!this.found.has(form)) this.found.set(form, marker);
        form = JSON.stringify(form).slice(1, -1);
      }
    }
  }

  /**
   * `text` (a message built from the unredacted action) with every secret this redactor
   * replaced, and any cut-off start of one (a reason may quote the first 60 characters of a
   * command), replaced by its marker; then scanned like any recorded string.
   */
  async scrub(text: string): Promise<string> {
    return this.string(this.replaceKnown(text, true));
  }

  /**
   * `text` with every secret this redactor replaced so far replaced by its marker too; with
   * `cut`, also where only the start of one (6+ characters) appears, as when a message quotes
   * the first characters of a command.
   */
  replaceKnown(text: string, cut: boolean): string {
    const secrets = [...this.found.keys()].sort((a, b) => b.length - a.length);
    for (const secret of secrets) {
      const marker = this.found.get(secret)!;
      const head = cut ? secret.slice(0, Math.min(secret.length, MIN_SCRUB_PREFIX)) : secret;
      let out = "";
      let at = 0;
      for (let hit = text.indexOf(head); hit !== -1; hit = text.indexOf(head, at)) {
        let length = head.length;
        while (length < secret.length && text[hit + length] === secret[length]) length += 1;
        if (length === secret.length) this.cuts.record(secret, marker, text, hit);
        out += text.slice(at, hit) + marker;
        this.count += 1;
        at = hit + length;
      }
      text = out + text.slice(at);
    }
    // A cut start shorter than the head above, behind what stood before the secret (cuts.ts).
    if (cut && this.cuts.size > 0) text = this.cuts.replace(text, (n) => (this.count += n));
    return text;
  }

  /** replaceKnown over every string and member name of `value`. */
  replaceKnownIn(value: unknown, cut: boolean): unknown {
    if (typeof value === "string") return this.replaceKnown(value, cut);
    if (Array.isArray(value)) return value.map((item) => this.replaceKnownIn(item, cut));
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([name, item]) => [
          this.replaceKnown(name, false),
          this.replaceKnownIn(item, cut),
        ]),
      );
    }
    return value;
  }

  /** Long strings already scanned (a PostToolUse repeats a Write's content in its response). */
  private readonly long = new Map<string, Promise<string>>();

  /** `digested`: the string is only ever kept as a digest when it is long (input, outcome). */
  async string(text: string, digested = false): Promise<string> {
    if (this.found.size > 0) text = this.replaceKnown(text, false);
    if (text.length < 8) return text;
    text = await this.operandLines(text);
    if (!digested || text.length <= DIGEST_ABOVE) return this.scan(text, true);
    let done = this.long.get(text);
    if (!done) {
      done = this.scan(text, false);
      this.long.set(text, done);
    }
    return done;
  }

  /**
   * A password given as an operand on a line of the text (`htpasswd -b F U X` in a printed
   * script): each such line judged as a command line (command.ts), its secrets replaced.
   */
  private async operandLines(text: string): Promise<string> {
    const lines = await secretsInLines(text);
    if (lines.length === 0) return text;
    for (const { line, secrets } of lines)
      for (const { kind, value } of secrets) await this.known(kind, value, line);
    return this.replaceKnown(text, false);
  }

  private async scan(text: string, ruleSet: boolean): Promise<string> {
    const spans = await findSecrets(text, this.options.patterns, ruleSet);
    if (spans.length === 0) return text;
    let out = "";
    let at = 0;
    this.count += spans.length;
    for (const span of spans) {
      const secret = text.slice(span.start, span.end);
      const marker = await this.marker(span.kind, secret);
      this.cuts.record(secret, marker, text, span.start);
      out += text.slice(at, span.start) + marker;
      at = span.end;
    }
    return out + text.slice(at);
  }

  /** The marker of one value replaced in place. */
  private replaced(kind: string, secret: string): Promise<string> {
    this.count += 1;
    return this.marker(kind, secret);
  }

  async member(name: string, value: string, digested: boolean): Promise<string> {
    const lower = name.toLowerCase();
    if (lower === "authorization" || lower === "proxy-authorization") {
      const scheme = AUTHORIZATION_VALUE.exec(value);
      if (scheme) {
        return isSecretValue(scheme[2]!)
          ? scheme[1] + (await this.replaced("authorization", scheme[2]!))
          : value;
      }
      return isSecretValue(value) ? this.replaced("authorization", value) : value;
    }
    if (lower === "cookie" || lower === "set-cookie") {
      return isSecretValue(value) ? this.replaced("cookie", value) : value;
    }
    if (isSecretName(name) && isSecretValue(value) && !isOwnName(name, value))
      return this.replaced("assignment", value);
    if (isKeyName(name) && isCredentialShaped(value)) return this.replaced("assignment", value);
    // Any other member whose value is one token shaped like a generated key, as in text
    // (shape.ts); a member of free text (`content`, `body`, `query`, …) is judged as text.
    if (
      value.length >= 16 &&
      /^[A-Za-z0-9_+/.~-]+=*$/.test(value) &&
      !FREE_TEXT.has(lower) &&
      isKeyShaped(value) &&
      !isSecretName(name) &&
      !isIdentifierName(name)
    )
      return this.replaced("token", value);
    return this.string(value, digested);
  }

  async value(value: unknown, digested = false): Promise<unknown> {
    if (typeof value === "string") return this.string(value, digested);
    if (value !== null && typeof value === "object") {
      // A secret split across members or items (`["--password", "X"]`, `{flag, value}`).
      for (const { kind, value: secret } of structuredSecrets(value)) await this.known(kind, secret, secret);
    }
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      for (const item of value) out.push(await this.value(item, digested));
      return out;
    }
    if (value !== null && typeof value === "object") {
      const out: Record<string, unknown> = {};
      for (const [name, item] of Object.entries(value)) {
        // The value is judged by its original name; the name is stored redacted.
        out[await this.string(name)] =
          typeof item === "string"
            ? await this.member(name, item, digested)
            : await this.value(item, digested);
      }
      return out;
    }
    return value;
  }
}

/** The body with every secret replaced by its marker, and how many were replaced. */
export async function redactEventBody(
  body: EventBody,
  options: RedactOptions,
  redactor: BodyRedactor = new BodyRedactor(options),
): Promise<{ body: EventBody; redactions: number }> {
  const before = redactor.count;
  // The command line is judged on its parsed argv first: quoting cannot hide a secret there.
  const action = body.action as { kind?: string; command?: unknown };
  if (action.kind === "command" && typeof action.command === "string") await redactor.command(action.command);
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    out[name] = SKIPPED.has(name) ? value : await redactor.value(value, DIGESTED.has(name));
  }
  // A secret found in one member (`--token X` in the command) may appear in another without
  // what made it recognisable (a reason saying "recursive delete of X"): replace it everywhere.
  // Reasons are messages about the action and may quote a cut-off start of one.
  if (redactor.found.size > 0) {
    for (const [name, value] of Object.entries(out)) {
      if (!SKIPPED.has(name)) out[name] = redactor.replaceKnownIn(value, name === "reasons");
    }
  }
  return { body: out as unknown as EventBody, redactions: redactor.count - before };
}
