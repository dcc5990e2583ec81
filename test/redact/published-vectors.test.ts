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
    // Batch 1 318 / 333, batch 2 152 / 165, batch 3 71 / 78, batch 4 45 / 45, batch 5 24 / 24
    // (the origin note has each batch's first run).
    expect(share(tallies.fp!)).toBeGreaterThanOrEqual(0.945);
    for (const family of [
      "lock file",
      "commit id",
      "store path",
      "signature",
      "build output",
      "checksum",
      "resource id",
      "inlined media",
      "scanner negative",
      "excluded by the scanner",
    ])
      expect(share(tallies[`fp · ${family}`]!)).toBe(1);
    // JWK members without `kty` beside them (`x: '…'`, `n: '…'`) are left judged by look.
    expect(share(tallies["fp · public key"]!)).toBeGreaterThanOrEqual(0.9);
    // Nix's and jose's bare hashes on lines of their own (no label, no store path), a log's id.
    expect(share(tallies["fp · digest"]!)).toBeGreaterThanOrEqual(0.74);
    // Every private key, registry credential and allow-listed key beside the public ones.
    for (const family of ["private key", "registry credential", "allow-listed by configuration"])
      expect(share(tallies[`tp · ${family}`]!)).toBe(1);
    // pre-commit-hooks' `foo`/`bar` values are placeholders by the project's rule.
    expect(share(tallies.tp!)).toBeGreaterThanOrEqual(0.937);
  });
});
