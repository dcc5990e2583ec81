/**
 * Secret detection that needs no rule set: the structures that say "this is a secret" (an
 * Authorization or Cookie header, credentials in a URL, a value assigned to a secret-sounding
 * name, a PEM private key block) and the token formats the secretlint preset does not cover
 * (AWS access key ids, Google API keys, Stripe keys, JWTs). Vendor token formats covered by
 * the preset are left to it (rule-set.ts). Everything here is plain regular expressions over
 * one string, cheap enough to run on every hook call.
 */

export interface Span {
  start: number;
  end: number;
  kind: string;
}

interface Pattern {
  kind: string;
  regex: RegExp;
  /** Capture group holding the secret (0: the whole match). */
  group: number;
  /**
   * Lower-case literals one of which every match contains: when the lower-cased text holds
   * none, the pattern cannot match and is not run (nor compiled: V8 compiles a regular
   * expression on its first use, the larger part of a short call's redaction cost).
   */
  needs?: readonly string[];
}

// Names that say "secret" when a value is assigned to them: the last segment of the name.
// Bare `key` and `pwd` are left out (a key-value store's `key`, the shell's `PWD`).
// `password`, `passwd`, `passphrase` and `secret` also end names without a separator
// (`PGPASSWORD`, `clientsecret`).
const SECRET_NAME =
  /(?:^|[_.-])(?:token|secret|password|passwd|passphrase|credentials?|apikey|api[_-]?key|auth|(?:access|private|secret|client|signing|encryption|master|session)[_-]?key)$|.[_-](?:key|pass|pwd)$|[a-z](?:password|passwd|passphrase|secret)$/i;

// What every name SECRET_NAME matches ends with (lower-cased): most names end with none, and
// are answered without running the expression.
const SECRET_NAME_ENDINGS = [
  "token",
  "secret",
  "password",
  "passwd",
  "passphrase",
  "credential",
  "credentials",
  "key",
  "auth",
  "pass",
  "pwd",
];

export function isSecretName(name: string, prefilter = true): boolean {
  if (prefilter) {
    const lower = name.toLowerCase();
    if (!SECRET_NAME_ENDINGS.some((ending) => lower.endsWith(ending))) return false;
  }
  return SECRET_NAME.test(name);
}

const OWN_PATTERNS: Pattern[] = [
  {
    kind: "private-key",
    needs: ["-----begin"],
    regex:
      /-----BEGIN[ A-Z0-9]*PRIVATE KEY( BLOCK)?-----[\s\S]*?-----END[ A-Z0-9]*PRIVATE KEY( BLOCK)?-----/g,
    group: 0,
  },
  {
    kind: "aws-access-key",
    needs: ["akia", "asia", "abia", "acca"],
    regex: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/g,
    group: 0,
  },
  { kind: "google-api-key", needs: ["aiza"], regex: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g, group: 0 },
  {
    kind: "stripe",
    needs: ["_live_", "_test_", "whsec_"],
    regex: /\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{10,}\b|\bwhsec_[0-9A-Za-z]{20,}\b/g,
    group: 0,
  },
  {
    kind: "jwt",
    needs: ["eyj"],
    regex: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
    group: 0,
  },
  // scheme://user:password@host — the password only; the host stays readable.
  {
    kind: "url-credentials",
    needs: ["://"],
    regex: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@"'`]*:([^\s/@"'`]+)@/gi,
    group: 1,
  },
  // Authorization: Bearer|Basic|token <credentials> (also `authorization=` in query-ish text).
  {
    kind: "authorization",
    needs: ["authorization"],
    regex:
      /\b(?:proxy-)?authorization["']?\s*[:=]\s*["']?(?:(?:bearer|basic|token|digest|negotiate|bot)\s+)?([^\s"',;]+)/gi,
    group: 1,
  },
  { kind: "cookie", needs: ["cookie"], regex: /\b(?:set-)?cookie["']?\s*:\s*["']?([^"'\r\n]+)/gi, group: 1 },
  {
    kind: "basic-auth",
    needs: ["-u", "--user"],
    regex: /(?:^|\s)(?:-u|--user)\s+["']?[^\s:"']+:([^\s"']+)/g,
    group: 1,
  },
  // A secret passed as the next word of a flag that names it: `--password X`, `--token X`.
  {
    kind: "password-flag",
    needs: ["--"],
    regex:
      /(?:^|\s)--(?:[a-z0-9]+-)*(?:password|passwd|passphrase|token|secret|api-?key|access-key|secret-key|private-key|client-secret)\s+["']?([^\s"'-][^\s"']*)/gi,
    group: 1,
  },
  // mysql -pSECRET (attached), sshpass -p SECRET.
  {
    kind: "password-flag",
    needs: ["mysql", "mariadb"],
    regex: /\b(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n;&|]*?\s-p([^\s"';&|]+)/g,
    group: 1,
  },
  { kind: "password-flag", needs: ["sshpass"], regex: /\bsshpass\s+-p\s*["']?([^\s"']+)/g, group: 1 },
  // docker/podman/helm/… login -p SECRET (the short form of --password).
  {
    kind: "password-flag",
    needs: ["login"],
    regex:
      /\b(?:docker|podman|buildah|skopeo|helm|oras|nerdctl)\b[^\n;&|]*?\blogin\b[^\n;&|]*?\s-p\s*["']?([^\s"';&|-][^\s"';&|]*)/g,
    group: 1,
  },
  // gh secret set NAME --body SECRET / -b SECRET.
  {
    kind: "password-flag",
    needs: ["secret"],
    regex: /\bgh\s+secret\s+set\b[^\n;&|]*?\s(?:--body|-b)[\s=]+["']?([^\s"']+)/g,
    group: 1,
  },
];

// NAME=value / NAME: value / --name=value / "name": "value" on a command line or in text.
const ASSIGNMENT =
  /(?<![A-Za-z0-9_])(?:--?)?["']?([A-Za-z][A-Za-z0-9_.-]*)["']?\s*(=|:\s*)\s*(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"'`;&|,(){}[\]]+))/g;

const CODE_REFERENCE = /^(?:[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+|true|false|null|undefined|None|nil)$/;

function assignmentSpans(text: string, spans: Span[]): void {
  for (const match of text.matchAll(ASSIGNMENT)) {
    const name = match[1]!;
    // `name: value` only in quoted-JSON style or YAML-ish text; `=` anywhere.
    const value = match[3] ?? match[4] ?? match[5];
    if (value === undefined) continue;
    const end = (match.index ?? 0) + match[0].length - (match[5] === undefined ? 1 : 0);
    // `--from-literal=password=X`: the value is itself an assignment.
    if (!isSecretName(name)) {
      if (value.includes("=")) {
        const inner: Span[] = [];
        assignmentSpans(value, inner);
        const at = end - value.length;
        for (const span of inner) spans.push({ ...span, start: span.start + at, end: span.end + at });
      }
      continue;
    }
    if (!isSecretValue(value)) continue;
    // In code, `token = config.auth.token`, `key = getenv(…)` and `password: None` name no secret.
    if (match[5] !== undefined && (CODE_REFERENCE.test(value) || text[end] === "(")) continue;
    spans.push({ start: end - value.length, end, kind: "assignment" });
  }
}

/** Values that are references or placeholders, not secrets. */
export function isSecretValue(value: string): boolean {
  if (value.length < 3) return false;
  if (/^\$|^\[redacted:|^\*+$|^<[^>]*>$|^%[A-Za-z_]+%$/.test(value)) return false;
  return true;
}

/** Spans found by the built-in patterns and the extra patterns of the policy. */
export function detectOwn(text: string, extra: readonly RegExp[] = [], prefilter = true): Span[] {
  const spans: Span[] = [];
  const lower = prefilter ? text.toLowerCase() : "";
  for (const pattern of OWN_PATTERNS) {
    if (prefilter && pattern.needs && !pattern.needs.some((literal) => lower.includes(literal))) continue;
    collect(text, pattern, spans);
  }
  for (const regex of extra)
    collect(text, { kind: "policy", regex, group: regex.source.includes("(") ? 1 : 0 }, spans);
  // Every assignment has `=` or `:`.
  if (!prefilter || text.includes("=") || text.includes(":")) assignmentSpans(text, spans);
  return spans;
}

function collect(text: string, pattern: Pattern, spans: Span[]): void {
  for (const match of text.matchAll(pattern.regex)) {
    const secret = match[pattern.group] ?? match[0];
    if (secret.length === 0 || !isSecretValue(secret)) continue;
    const offset = pattern.group === 0 ? 0 : match[0].lastIndexOf(secret);
    const start = (match.index ?? 0) + offset;
    spans.push({ start, end: start + secret.length, kind: pattern.kind });
  }
}

/**
 * Whether the text might hold a token the rule set knows: a run of 20+ token characters with
 * both letters and digits that is not plain hex, or a private key block. Without a hit the rule
 * set is never loaded (it costs ~28 ms to import), which keeps ordinary hook calls fast.
 */
export function mightHoldToken(text: string): boolean {
  if (text.includes("PRIVATE KEY")) return true;
  for (const [run] of text.matchAll(/[A-Za-z0-9_+=-]{20,}/g)) {
    // Commit ids, digests and UUIDs are hex: no format of the rule set is (they all carry a
    // prefix such as ghp_, xoxb-, sk-, dapi), so hex runs do not load it.
    if (/^[0-9a-fA-F-]+$/.test(run)) continue;
    if (/\d/.test(run) && /[A-Za-z]/.test(run)) return true;
  }
  return false;
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
