import type { Framework } from "./framework.js";

/** AICPA Trust Services Criteria (2017, revised points of focus 2022), used in SOC 2 examinations. */
export const SOC2: Framework = {
  id: "soc2",
  name: "SOC 2 (AICPA Trust Services Criteria)",
  controls: [
    {
      id: "CC7.2",
      title:
        "The entity monitors system components for anomalies indicative of malicious acts, errors or failures",
      source: "AICPA TSC 2017, CC7.2",
      status: "evidence",
      evidences:
        "every agent action monitored and rated; the record has no gap (chain from seq 0, seal coverage, the largest unwitnessed window) and could not be changed afterwards unnoticed (seals, witnesses).",
      measures: ["integrity", "coverage", "witnesses", "outcomes"],
    },
    {
      id: "CC7.3",
      title: "The entity evaluates security events to determine whether they are incidents",
      source: "AICPA TSC 2017, CC7.3",
      status: "partial",
      evidences:
        "the high-risk and denied actions with the rule that decided, for the entity's evaluation; the evaluation itself is the entity's, not trailseal's.",
      measures: ["outcomes", "policy"],
    },
    {
      id: "CC6.1",
      title: "Logical access security over protected information assets",
      source: "AICPA TSC 2017, CC6.1",
      status: "partial",
      evidences:
        "the agents' access decisions under a versioned policy (deny rules, risk ceiling, asking the user); not the entity's identity and access management.",
      measures: ["policy", "outcomes"],
    },
    {
      id: "CC8.1",
      title: "Changes to infrastructure, data, software and procedures are authorized, tested and approved",
      source: "AICPA TSC 2017, CC8.1",
      status: "partial",
      evidences:
        "the changes agents made (commands, file writes, commits) and every change of the policy itself as an event; not the entity's change-approval process.",
      measures: ["policy", "outcomes"],
    },
  ],
};
