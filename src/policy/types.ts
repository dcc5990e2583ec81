import type { RiskLevel } from "../chain/index.js";

/** A validated policy (docs/policy.md). */
export interface Policy {
  /** Actions above this level are denied (docs/policy.md). */
  max_risk: RiskLevel;
  /** Actions at or above this level (and within max_risk) are put to the user; null: never ask. */
  ask: RiskLevel | null;
  rules: {
    commands: { deny: string[]; allow: string[] };
    files: { deny: string[] };
    network: { deny_hosts: string[] };
  };
  /**
   * What a hook does with an `ask` where the agent cannot ask its user (Cursor's file reads):
   * deny (absent: the default) or allow.
   */
  cannot_ask?: "deny" | "allow";
  /**
   * Witness before act (docs/policy.md): an action at or above this level that the hook would let
   * run is answered only once a seal covering its event has met the witness quorum; denied
   * (fail closed) when that takes longer than `witness_before_timeout_seconds` (default 10).
   * Absent: off. Off too when relay-config.json lists no witness.
   */
  witness_before?: RiskLevel;
  witness_before_timeout_seconds?: number;
  /** Secret redaction before hashing (docs/policy.md); absent: on, no extra patterns. */
  redact?: { enabled: boolean; patterns: string[] };
}

/** DEFAULT_POLICY_YAML parsed; used when the home has no policy.yaml (a test keeps them equal). */
export const DEFAULT_POLICY: Policy = {
  max_risk: "high",
  ask: "high",
  rules: {
    commands: { deny: ["sudo *", "rm -rf /*", "git push --force*"], allow: [] },
    files: { deny: [] },
    network: { deny_hosts: [] },
  },
};
