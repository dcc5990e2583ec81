import type { Framework } from "./framework.js";

/** NIST SP 800-53 Rev. 5: the audit-protection and non-repudiation controls. */
export const NIST_800_53: Framework = {
  id: "nist-800-53",
  name: "NIST SP 800-53 Rev. 5",
  controls: [
    {
      id: "AU-9",
      title: "Protection of audit information",
      source: "NIST SP 800-53 Rev. 5, AU-9 (with AU-9(3) cryptographic protection)",
      status: "evidence",
      evidences:
        "the trail is a hash chain sealed with HMAC-SHA256 and confirmed by independent witnesses: a change or deletion breaks the chain or leaves a witnessed seal the trail no longer reaches.",
      measures: ["integrity", "witnesses", "coverage"],
    },
    {
      id: "AU-10",
      title: "Non-repudiation",
      source: "NIST SP 800-53 Rev. 5, AU-10",
      status: "partial",
      evidences:
        "witness receipts and cosigned checkpoints bind the record's tip at a time to parties other than its keeper. Actions are attributed to the agent and session the agent reported, not to a person's signature.",
      measures: ["witnesses", "integrity"],
    },
  ],
};
