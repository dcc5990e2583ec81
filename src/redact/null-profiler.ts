/**
 * Stands in for @secretlint/profiler in the rule set (scripts/build.mjs aliases it for
 * dist/redact-rules.cjs; vitest.config.ts for the sources). The real profiler records a
 * performance mark for every rule run and a measure for each pair, and keeps them all: after a few
 * thousand redactions a process spends minutes after its work (3,000 redactions: 168,000 marks,
 * 193 s to exit). trailseal never reads the profile, so nothing is recorded.
 */
export const secretLintProfiler = {
  mark(_marker: unknown): void {},
};
