/**
 * `report --controls <framework>`: the report's evidence mapped to one framework's controls
 * (docs/controls.md). Each framework is one data file here; adding one is that file and its line
 * below. A control says what trailseal evidences for it, the figures, and where in the report
 * the evidence is, or that trailseal is not evidence for it: never that anything complies.
 */
import type { ComplianceReport, ControlsSection } from "../model.js";
import { EU_AI_ACT } from "./eu-ai-act.js";
import type { Framework } from "./framework.js";
import { ISO_42001 } from "./iso-42001.js";
import { MEASURES } from "./measures.js";
import { NIST_800_53 } from "./nist-800-53.js";
import { OWASP_AISVS } from "./owasp-aisvs.js";
import { SOC2 } from "./soc2.js";

export type { ControlSpec, Framework } from "./framework.js";

export const FRAMEWORKS: readonly Framework[] = [EU_AI_ACT, ISO_42001, SOC2, NIST_800_53, OWASP_AISVS];
export const FRAMEWORK_IDS = FRAMEWORKS.map((framework) => framework.id);

export const CONTROLS_DISCLAIMER =
  "This maps trailseal's record to the controls an auditor tests. It documents evidence; it does not state that any control is met or that the organisation complies.";

/** The controls section for `framework` (an id of FRAMEWORKS), from a built report. Pure. */
export function mapControls(report: ComplianceReport, framework: Framework): ControlsSection {
  return {
    framework: framework.id,
    name: framework.name,
    disclaimer: CONTROLS_DISCLAIMER,
    controls: framework.controls.map((control) => {
      const figures =
        control.status === "not-evidence" ? [] : control.measures.map((m) => MEASURES[m](report));
      return {
        id: control.id,
        title: control.title,
        source: control.source,
        status: control.status,
        evidences: control.evidences,
        figure: figures.map((f) => f.figure).join("; "),
        finding: figures.some((f) => f.finding),
        evidence: [...new Set(figures.flatMap((f) => f.evidence))],
      };
    }),
  };
}

export function frameworkById(id: string): Framework | undefined {
  return FRAMEWORKS.find((framework) => framework.id === id);
}
