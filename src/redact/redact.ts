/**
 * Redacting an event body before it is hashed. Every string member (the action, the tool
 * input and outcome, the reasons, …) is scanned; each secret found is replaced by its marker
 * (marker.ts). Object members whose name says secret (`"password": …`, `"Authorization": …`)
 * have their value replaced whole. Member names themselves are kept.
 */
import { randomBytes } from "node:crypto";
import type { EventBody } from "../chain/index.js";
import { detectOwn, isSecretName, isSecretValue, mergeSpans, mightHoldToken, type Span } from "./detect.js";
import { computeCommitment, formatMarker } from "./marker.js";
import { detectWithRuleSet } from "./rule-set.js";

export interface RedactOptions {
  /** The seal key, loaded only when a secret is found (the hook must not pay for it otherwise). */
  key: () => Promise<Uint8Array>;
  /** Extra patterns from the policy (`redact.patterns`). */
  patterns?: readonly RegExp[];
}

/** Members that hold only trailseal's own enumerations. */
const SKIPPED = new Set(["risk", "phase", "decision"]);

/** Spans of secrets in one string, merged, in order. */
export async function findSecrets(text: string, patterns: readonly RegExp[] = []): Promise<Span[]> {
  const spans = detectOwn(text, patterns);
  if (mightHoldToken(text)) spans.push(...(await detectWithRuleSet(text)));
  return mergeSpans(spans);
}

class BodyRedactor {
  private key: Promise<Uint8Array> | null = null;
  count = 0;

  constructor(private readonly options: RedactOptions) {}

  private async marker(kind: string, secret: string): Promise<string> {
    this.key ??= this.options.key().catch(() => randomBytes(32)); // no key: still redact, unconfirmable
    this.count += 1;
    return formatMarker(kind, computeCommitment(await this.key, secret));
  }

  async string(text: string): Promise<string> {
    if (text.length < 8) return text;
    const spans = await findSecrets(text, this.options.patterns);
    if (spans.length === 0) return text;
    let out = "";
    let at = 0;
    for (const span of spans) {
      out += text.slice(at, span.start) + (await this.marker(span.kind, text.slice(span.start, span.end)));
      at = span.end;
    }
    return out + text.slice(at);
  }

  async member(name: string, value: string): Promise<string> {
    const lower = name.toLowerCase();
    if (lower === "authorization" || lower === "proxy-authorization") {
      const scheme = /^(\s*(?:bearer|basic|token|digest|negotiate|bot)\s+)(\S[\s\S]*)$/i.exec(value);
      if (scheme) {
        return isSecretValue(scheme[2]!)
          ? scheme[1] + (await this.marker("authorization", scheme[2]!))
          : value;
      }
      return isSecretValue(value) ? this.marker("authorization", value) : value;
    }
    if (lower === "cookie" || lower === "set-cookie") {
      return isSecretValue(value) ? this.marker("cookie", value) : value;
    }
    if (isSecretName(name) && isSecretValue(value)) return this.marker("assignment", value);
    return this.string(value);
  }

  async value(value: unknown): Promise<unknown> {
    if (typeof value === "string") return this.string(value);
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      for (const item of value) out.push(await this.value(item));
      return out;
    }
    if (value !== null && typeof value === "object") {
      const out: Record<string, unknown> = {};
      for (const [name, item] of Object.entries(value)) {
        out[name] = typeof item === "string" ? await this.member(name, item) : await this.value(item);
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
): Promise<{ body: EventBody; redactions: number }> {
  const redactor = new BodyRedactor(options);
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    out[name] = SKIPPED.has(name) ? value : await redactor.value(value);
  }
  return { body: out as unknown as EventBody, redactions: redactor.count };
}
