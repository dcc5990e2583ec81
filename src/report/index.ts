/**
 * The compliance report: over an audit period (default: first event → now),
 * - seal coverage: a moment is covered when a valid seal follows it within one interval;
 *   `seal_coverage.percent` = covered time ÷ period × 100, with the uncovered gaps and the share
 *   of events covered by a later valid seal;
 * - witness confirmation: per seal, confirmations vs quorum (stored receipts, or re-checked
 *   live), `witness_confirmation.seals_meeting_quorum` of `seals_total`;
 * - chain integrity: the chain verified from the first event, every seal's tip matching it,
 *   `chain_integrity.ok`, the first broken seq and the unsealed tail;
 * plus the period's risk summary. Invariants: the figures are a pure function of the events,
 * the seals and the config (build.ts); collect.ts only gathers them; document.ts words them once, format-neutral; markdown.ts and
 * html.ts only lay that document out.
 */
export type { EventDigest, ReportInput, SealEvaluation } from "./build.js";
export { buildReport, digestEvents, evaluateSeals, sealedEventCount } from "./build.js";
export type { AskWitnesses, CollectOptions, LiveReceiptCheck } from "./collect.js";
export { collectReport } from "./collect.js";
export {
  CONTROLS_DISCLAIMER,
  FRAMEWORK_IDS,
  FRAMEWORKS,
  type Framework,
  frameworkById,
  mapControls,
} from "./controls/index.js";
export type { Span } from "./coverage.js";
export { coveredSpans, notYetDue, totalLength, uncoveredSpans } from "./coverage.js";
export type { Block, Cell, Chart, ReportDocument, Verdict } from "./document.js";
export { toReportDocument } from "./document.js";
export { renderHtml } from "./html.js";
export { renderMarkdown } from "./markdown.js";
export type {
  ChainIntegrity,
  Completeness,
  ComplianceReport,
  ControlEntry,
  ControlsSection,
  CoverageGap,
  SealConfirmation,
  SealCoverage,
  SealProofStatus,
  WitnessConfirmation,
} from "./model.js";
export { REPORT_VERSION } from "./model.js";
export type { DeniedEntry, PolicyChangeEntry, PolicySection, PolicyVersion } from "./policy.js";
export { DEFAULT_MIN_AGE, type RetentionSection } from "./retention.js";
export type { SampledAction, SampleProof, SampleSection } from "./sample.js";
export { MAX_PROOF_LINES } from "./sample.js";

import { renderHtml } from "./html.js";
import { renderMarkdown } from "./markdown.js";
import type { ComplianceReport } from "./model.js";

export const REPORT_FORMATS = ["json", "md", "html"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export function renderReport(report: ComplianceReport, format: ReportFormat): string {
  if (format === "html") return renderHtml(report);
  if (format === "md") return renderMarkdown(report);
  return `${JSON.stringify(report, null, 2)}\n`;
}
