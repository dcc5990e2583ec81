import type { Framework } from "./framework.js";

/** ISO/IEC 42001:2023, Annex A: the event-log control. */
export const ISO_42001: Framework = {
  id: "iso-42001",
  name: "ISO/IEC 42001:2023",
  controls: [
    {
      id: "A.6.2.8",
      title: "AI system recording of event logs",
      source: "ISO/IEC 42001:2023, Annex A, control A.6.2.8",
      status: "partial",
      evidences:
        "event logs of the AI agents in use (the operation phase): every hooked tool call with its risk, the decision and the policy version; sealed and witnessed. Logs of other life-cycle phases (design, training, verification) are not trailseal's.",
      measures: ["integrity", "coverage", "policy"],
    },
  ],
};
