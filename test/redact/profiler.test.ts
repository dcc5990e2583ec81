/**
 * secretlint's profiler keeps a performance mark per rule run for the life of the process (3,000
 * redactions: 168,000 marks and 193 s of work after the last one); the rule set runs with one that
 * records nothing (src/redact/null-profiler.ts), from the sources and in dist/redact-rules.cjs.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { detectWithRuleSet } from "../../src/redact/rule-set.js";

describe("the secret rule set's profiler", () => {
  it("leaves no performance entries behind, however many strings are judged", async () => {
    const before = performance.getEntries().length;
    for (let i = 0; i < 20; i++) {
      const spans = await detectWithRuleSet(`token${i} ghp_${"a1B2c3D4e5F6".repeat(3)} here`);
      expect(spans.length).toBeGreaterThan(0);
    }
    expect(performance.getEntries().length).toBe(before);
  });

  it("is not in the built rule set", () => {
    const bundle = readFileSync(new URL("../../dist/redact-rules.cjs", import.meta.url), "utf8");
    expect(bundle).toContain("lintSource");
    expect(bundle).not.toContain("PerformanceObserver");
  });
});
