/**
 * Policy (docs/policy.md): policy.yaml → a validated Policy → a decision for each
 * classified action (allow, deny, ask). Invariants: a policy that does not validate is an
 * error naming its line and key, never a silent default; deny rules win over max_risk, the
 * allow list wins over deny rules. yaml and zod load only when policy.yaml changed.
 * docs/policy.md documents every key.
 */
import type { Policy } from "./types.js";

export { DEFAULT_POLICY_YAML } from "../home/index.js";
export {
  type LoadPolicyOptions,
  loadPolicy,
  policyCachePath,
  policyDigest,
  rememberValidatedPolicies,
} from "./cache.js";
export type { EvaluateOptions, PolicyDecision } from "./evaluate.js";
export { evaluatePolicy } from "./evaluate.js";
export type { Policy } from "./types.js";
export { DEFAULT_POLICY } from "./types.js";

/** Validates policy YAML text (loads yaml and zod on first use). Throws POLICY_INVALID. */
export async function parsePolicy(text: string, source = "policy.yaml"): Promise<Policy> {
  return (await import("./load.js")).parsePolicy(text, source);
}

export type { EffectiveRule } from "./explain.js";

/** The effective rules with their sources (`trailseal policy check`); loads yaml. */
export async function explainPolicy(text: string | null, policy: Policy, file: string) {
  return (await import("./explain.js")).effectiveRules(text, policy, file);
}
