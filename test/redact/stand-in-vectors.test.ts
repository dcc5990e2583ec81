/**
 * Redaction measured on sonar-text's, repo-supervisor's and DevSkim's examples and public
 * configuration templates (test/vectors/secret-tuning-fp3.jsonl, tuning material, in two
 * batches; origin note beside it), carried as
 * scanner-vectors.mjs carries every set, on the built CLI's redaction (dist/). The assertions
 * hold the floors of the last recorded run (the origin note and docs/export.md have the first
 * run and this one), by family: the scanners' examples and the templates' lines.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { measureFile, type Tallies } from "./built.js";
import { share } from "./scanner-vectors.mjs";

describe("redaction on sonar-text's examples and configuration templates", () => {
  let tallies: Tallies;
  beforeAll(async () => {
    tallies = await measureFile("secret-tuning-fp3.jsonl", "sonar-text and configuration templates", true);
  }, 300_000);

  it("true positives redacted, false positives left alone", () => {
    expect(share(tallies.tp!)).toBeGreaterThanOrEqual(0.919);
    // 0.808 → 0.806 with the vendor contexts: a `.netrc` whose `login` is a 40-hex GitHub token
    // (`password x-oauth-basic`, one of Sonar's examples) is redacted as the credential after
    // `login` it is (docs/decisions/redaction-vendor-context.md).
    expect(share(tallies.fp!)).toBeGreaterThanOrEqual(0.806);
    // Sonar's negatives still redacted are mostly passwords it does not report for being weak
    // (`--password=root`, `scott:tiger`) and keys it rejects for their context: credentials by
    // docs/decisions/redaction-categories.md, counted as Sonar labels them.
    // 0.763 → 0.760: the same `.netrc`.
    expect(share(tallies["fp · scanner example"]!)).toBeGreaterThanOrEqual(0.76);
    expect(share(tallies["fp · config template"]!)).toBe(1);
    expect(share(tallies["tp · config template"]!)).toBe(1);
  });
});
