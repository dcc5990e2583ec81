/**
 * Redaction measured on configuration templates, the Docker Official Images' documentation and
 * identifiers that look like tokens (test/vectors/secret-tuning-fp4.jsonl, tuning material;
 * origin note beside it), carried as scanner-vectors.mjs carries every set, on the built CLI's
 * redaction (dist/). The assertions hold the floors of the last recorded run (the origin note
 * and docs/export.md have the first run and this one), by family.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { measureFile, type Tallies } from "./built.js";
import { share } from "./scanner-vectors.mjs";

describe("redaction on templates, documentation's example credentials and identifiers", () => {
  let tallies: Tallies;
  beforeAll(async () => {
    tallies = await measureFile("secret-tuning-fp4.jsonl", "templates, documentation and identifiers", true);
  }, 300_000);

  it("true positives redacted, false positives left alone", () => {
    // Every credential of the set, the documentation's example passwords included
    // (docs/decisions/redaction-literals.md).
    expect(share(tallies.tp!)).toBe(1);
    expect(share(tallies.fp!)).toBeGreaterThanOrEqual(0.898);
    expect(share(tallies["fp · documentation example"]!)).toBe(1);
    // Terraform's references, Bicep's types and reads; left: External Secrets' key names
    // (`secretKey: api-url`), words given to a key's name (docs/decisions/redaction-literals.md).
    expect(share(tallies["fp · infrastructure code"]!)).toBeGreaterThanOrEqual(0.9);
  });
});
