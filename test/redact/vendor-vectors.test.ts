/**
 * Redaction measured on credentials in their vendors' contexts (test/vectors/secret-tuning-tp3.jsonl,
 * origin note beside it: shhgit's vendor signatures, repo-supervisor's fixtures, DevSkim's rule
 * tests, lines written from vendors' documentation, and negatives of the same contexts), carried
 * as scanner-vectors.mjs describes. Tuning material, measured on the built CLI's redaction
 * (dist/, `npm run build` first). The assertions hold the floors of the last recorded run
 * (docs/export.md), overall and on each carrier.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { measureFile, type Tallies } from "./built.js";
import { share } from "./scanner-vectors.mjs";

describe("redaction on credentials in their vendors' contexts", () => {
  let tallies: Tallies;
  beforeAll(async () => {
    tallies = await measureFile(
      "secret-tuning-tp3.jsonl",
      "shhgit + repo-supervisor + DevSkim + vendors' documentation",
    );
  }, 600_000);

  it("true positives redacted on every carrier", () => {
    expect(share(tallies.tp!)).toBeGreaterThanOrEqual(0.975);
    for (const carrier of ["command", "file", "mcp"])
      expect(share(tallies[`tp ${carrier}`]!)).toBeGreaterThanOrEqual(0.96);
    expect(share(tallies["tp env"]!)).toBeGreaterThanOrEqual(1);
  });

  it("false positives left alone on every carrier", () => {
    expect(share(tallies.fp!)).toBeGreaterThanOrEqual(0.91);
    for (const carrier of ["command", "file", "mcp"])
      expect(share(tallies[`fp ${carrier}`]!)).toBeGreaterThanOrEqual(0.91);
  });
});
