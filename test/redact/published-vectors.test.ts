/**
 * Redaction measured on public keys, digests, identifiers and other scanners' negatives with the
 * credentials of the same files beside them (test/vectors/secret-tuning-fp5.jsonl, tuning
 * material; origin note beside it), carried as scanner-vectors.mjs carries every set, on the
 * built CLI's redaction (dist/). The assertions hold the floors of the last recorded run (the
 * origin note and docs/export.md have each batch's first run and this one), by family.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { measureFile, type Tallies } from "./built.js";
import { share } from "./scanner-vectors.mjs";

describe("redaction on public keys, digests and scanners' negatives", () => {
  let tallies: Tallies;
  beforeAll(async () => {
    tallies = await measureFile(
      "secret-tuning-fp5.jsonl",
      "public keys, digests and scanners' negatives",
      true,
    );
  }, 300_000);

  it("false positives left alone, credentials beside them redacted", () => {
    expect(share(tallies.fp!)).toBeGreaterThanOrEqual(0.954);
    for (const family of ["lock file", "commit id", "scanner negative", "excluded by the scanner"])
      expect(share(tallies[`fp · ${family}`]!)).toBe(1);
    // JWK members without `kty` beside them (`x: '…'`) are left judged by look.
    expect(share(tallies["fp · public key"]!)).toBeGreaterThanOrEqual(0.86);
    // Every private key and secret key file beside the public ones.
    expect(share(tallies["tp · private key"]!)).toBe(1);
    expect(share(tallies["tp · allow-listed by configuration"]!)).toBe(1);
    // pre-commit-hooks' `foo`/`bar` values are placeholders by the project's rule.
    expect(share(tallies.tp!)).toBeGreaterThanOrEqual(0.87);
  });
});
