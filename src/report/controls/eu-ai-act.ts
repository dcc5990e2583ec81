import type { Framework } from "./framework.js";

/** Regulation (EU) 2024/1689 (the AI Act): the record-keeping articles trailseal's trail bears on. */
export const EU_AI_ACT: Framework = {
  id: "eu-ai-act",
  name: "EU AI Act (Regulation (EU) 2024/1689)",
  controls: [
    {
      id: "Art. 12(1)",
      title: "Automatic recording of events (logs) over the lifetime of the system",
      source: "Regulation (EU) 2024/1689, Article 12(1)",
      status: "partial",
      evidences:
        "every hooked agent tool call is recorded automatically by the agent's own hook, before it runs and after; the record is a hash chain verified from its first event. It covers the agents' actions, not the model or the provider's system.",
      measures: ["integrity", "coverage"],
    },
    {
      id: "Art. 12(2)",
      title:
        "Logs allow identifying risk situations and substantial modifications; post-market and deployer monitoring",
      source: "Regulation (EU) 2024/1689, Article 12(2)(a)-(c)",
      status: "partial",
      evidences:
        "each action carries its risk level and flags and the policy decision with the policy version that made it; changes of the policy are events. Substantial modifications of the AI system itself are not recorded by trailseal.",
      measures: ["outcomes", "policy"],
    },
    {
      id: "Art. 19(1)",
      title: "Providers keep automatically generated logs for at least six months",
      source: "Regulation (EU) 2024/1689, Article 19(1)",
      status: "partial",
      evidences:
        "whether every record of the minimum age (relay-config.json retention.min_age) is kept, intact from the first event with no cut, and since when records exist; old segments moved into archives (trailseal archive) are read as the start of the chain, so an archive missing or altered fails the figure; keeping the home's disk is the operator's.",
      measures: ["retention", "integrity"],
    },
    {
      id: "Art. 26(6)",
      title: "Deployers keep the logs under their control for at least six months",
      source: "Regulation (EU) 2024/1689, Article 26(6)",
      status: "partial",
      evidences:
        "the trail is in the deployer's home; since when records exist, and witnessed seals that show a later deletion or cut.",
      measures: ["retention", "witnesses"],
    },
  ],
};
