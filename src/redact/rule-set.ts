/**
 * Vendor token formats from secretlint's recommended preset
 * (@secretlint/secretlint-rule-preset-recommend: GitHub, GitLab, Slack, OpenAI, Anthropic,
 * npm, AWS, GCP, private keys, basic-auth and database URLs, …; docs/decisions/redaction-rules.md).
 * Imported lazily, only when the cheap prefilter (`mightHoldToken`) hits.
 */
import type { Span } from "./detect.js";

type LintSource = typeof import("@secretlint/core").lintSource;
type Creator = typeof import("@secretlint/secretlint-rule-preset-recommend").creator;

let loaded: Promise<{ lintSource: LintSource; creator: Creator }> | null = null;

function load() {
  loaded ??= Promise.all([
    import("@secretlint/core"),
    import("@secretlint/secretlint-rule-preset-recommend"),
  ]).then(([core, preset]) => ({ lintSource: core.lintSource, creator: preset.creator }));
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
