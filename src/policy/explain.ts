/**
 * The effective rules of a policy with where each comes from (`trailseal policy check`): a
 * `policy.yaml:<line>` for a key the file sets, `default` for one it leaves out. Loaded only by
 * that command (it needs the YAML parser's node positions).
 */
import { isSeq, LineCounter, parseDocument } from "yaml";
import { DEFAULT_POLICY, type Policy } from "./types.js";

export interface EffectiveRule {
  key: string;
  value: unknown;
  /** `policy.yaml:12`, or `default`. */
  source: string;
}

const SCALARS = [
  "max_risk",
  "ask",
  "cannot_ask",
  "witness_before",
  "witness_before_timeout_seconds",
] as const;
const LISTS = [
  ["rules", "commands", "deny"],
  ["rules", "commands", "allow"],
  ["rules", "files", "deny"],
  ["rules", "network", "deny_hosts"],
  ["redact", "patterns"],
] as const;

function get(policy: unknown, path: readonly string[]): unknown {
  let value = policy;
  for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
  return value;
}

/**
 * `text` is null when there is no policy file: everything is then the built-in default. `policy`
 * is the validated policy (parsePolicy), so its values are the effective ones.
 */
export function effectiveRules(text: string | null, policy: Policy, file: string): EffectiveRule[] {
  const lines = new LineCounter();
  const doc = text === null ? null : parseDocument(text, { lineCounter: lines });
  const where = (path: (string | number)[]): string | null => {
    const node = doc?.getIn(path, true) as { range?: [number, number, number] } | undefined;
    return node?.range ? `${file}:${lines.linePos(node.range[0]).line}` : null;
  };
  const fallback = text === null ? "built-in default, no policy file" : "default";
  const out: EffectiveRule[] = [];
  for (const key of SCALARS) {
    const value = policy[key];
    if (value === undefined) {
      const unset = key === "witness_before" ? "off" : key === "cannot_ask" ? "deny" : "unset";
      out.push({ key, value: unset, source: fallback });
      continue;
    }
    out.push({ key, value, source: where([key]) ?? fallback });
  }
  for (const path of LISTS) {
    const values = (get(policy, path) as string[] | undefined) ?? [];
    const key = path.join(".");
    if (values.length === 0) out.push({ key, value: [], source: where([...path]) ?? fallback });
    const node = doc?.getIn([...path], true);
    for (const [index, value] of values.entries())
      out.push({ key, value, source: (isSeq(node) ? where([...path, index]) : null) ?? fallback });
  }
  const redact = policy.redact?.enabled;
  out.push({
    key: "redact.enabled",
    value: redact ?? true,
    source: where(["redact", "enabled"]) ?? fallback,
  });
  return out;
}

/** The built-in policy's effective rules (no policy file). */
export const defaultRules = () => effectiveRules(null, DEFAULT_POLICY, "policy.yaml");
