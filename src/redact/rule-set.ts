/**
 * Vendor token formats from secretlint's recommended preset
 * (@secretlint/secretlint-rule-preset-recommend: GitHub, GitLab, Slack, OpenAI, Anthropic,
 * npm, AWS, GCP, private keys, basic-auth and database URLs, …; docs/decisions/redaction-rules.md).
 * Imported lazily, only when the cheap prefilter (`mightHoldToken`) hits.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { builtFileLoader } from "../built-files/index.js";
import type { Span } from "./span.js";

type LintSource = typeof import("@secretlint/core").lintSource;
type Creator = typeof import("@secretlint/secretlint-rule-preset-recommend").creator;

interface RuleSet {
  lintSource: LintSource;
  creator: Creator;
}

let loaded: Promise<RuleSet> | null = null;

/**
 * The built CLI ships the rule set as one CommonJS file beside its bundles (dist/redact-rules.cjs:
 * ~10 ms to require against ~30 ms for the packages' ESM modules); from source, the packages.
 */
function loadBundled(): RuleSet | null {
  const require = createRequire(import.meta.url);
  for (const relative of ["./redact-rules.cjs", "../redact-rules.cjs"]) {
    const path = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(path)) return (builtFileLoader() ?? require)(path) as RuleSet;
  }
  return null;
}

function load(): Promise<RuleSet> {
  loaded ??= (async () => {
    const bundled = loadBundled();
    if (bundled) return bundled;
    const [core, preset] = await Promise.all([
      import("@secretlint/core"),
      import("@secretlint/secretlint-rule-preset-recommend"),
    ]);
    return { lintSource: core.lintSource, creator: preset.creator };
  })();
  return loaded;
}

const RULE_PREFIX = "@secretlint/secretlint-rule-";
const KINDS: Record<string, string> = {
  basicauth: "url-credentials",
  "database-connection-string": "url-credentials",
  privatekey: "private-key",
};

/** The rule id as a marker kind: `@secretlint/secretlint-rule-github` → `github`. */
export function kindOfRule(ruleId: string): string {
  const name = ruleId.startsWith(RULE_PREFIX) ? ruleId.slice(RULE_PREFIX.length) : ruleId;
  const kind =
    KINDS[name] ??
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
  return kind === "" ? "secret" : kind;
}

export async function detectWithRuleSet(text: string): Promise<Span[]> {
  const { lintSource, creator } = await load();
  const result = await lintSource({
    source: { content: text, filePath: "action.txt", ext: ".txt", contentType: "text" },
    options: {
      config: { rules: [{ id: "@secretlint/secretlint-rule-preset-recommend", rule: creator }] },
      noPhysicFilePath: true,
      maskSecrets: true,
    },
  });
  const spans: Span[] = [];
  for (const message of result.messages) {
    const [start, end] = message.range;
    if (end <= start) continue;
    const kind = kindOfRule(message.ruleId);
    const narrowed = kind === "url-credentials" ? narrowToPassword(text, start, end) : null;
    spans.push(narrowed ?? { start, end, kind });
  }
  return spans;
}

/** A URL with `user:password@`: only the password is secret; host and path stay readable. */
function narrowToPassword(text: string, start: number, end: number): Span | null {
  const match = /:\/\/[^\s:/@]*:([^\s/@]+)@/.exec(text.slice(start, end));
  if (!match) return null;
  const at = start + match.index + match[0].length - 1 - match[1]!.length;
  return { start: at, end: at + match[1]!.length, kind: "url-credentials" };
}
