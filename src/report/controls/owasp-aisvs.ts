import type { Framework } from "./framework.js";

/** OWASP AI Security Verification Standard: the agent-action audit requirement. */
export const OWASP_AISVS: Framework = {
  id: "owasp-aisvs",
  name: "OWASP AISVS",
  controls: [
    {
      id: "C9.4.3",
      title:
        "Agent actions are recorded with scope, authorization decision and policy version, parameters, approvals and outcome on append-only or signed storage",
      source: "OWASP AISVS, C9.4.3",
      status: "partial",
      evidences:
        "each action's tool parameters (redacted), the authorization decision with the policy version and rule that made it, whether the user was asked, and the outcome (the post event), on a hash-chained, sealed and witnessed trail. The agent's delegation scope is recorded only as its session and working folder.",
      measures: ["policy", "outcomes", "integrity", "witnesses"],
    },
    {
      id: "C9.4.3 (storage)",
      title: "Append-only or signed storage",
      source: "OWASP AISVS, C9.4.3",
      status: "evidence",
      evidences: "the trail's chain, seals and witness confirmation.",
      measures: ["integrity", "coverage", "witnesses"],
    },
  ],
};
