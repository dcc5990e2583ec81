/**
 * Redaction measured on keys whose only context is their vendor, client id and secret pairs,
 * and tokens in the URLs and headers of fetches (test/vectors/secret-tuning-tp5.jsonl, origin
 * note beside it: trufflehog3's vendor rules, ZAP's passive rules' tests, eslint-plugin-no-secrets'
 * tests, pre-commit-hooks' AWS fixtures, lines written from vendors' documentation), carried as
 * scanner-vectors.mjs carries every set, on the built CLI's redaction (dist/, `npm run build`
 * first). Tuning material in batches; the assertions hold the floors of the last recorded run
 * (docs/export.md), per batch.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { builtRedactor, mainTallies, type Tallies } from "./built.js";
import { measure, readVectors, report, share } from "./scanner-vectors.mjs";

describe("redaction on vendor names, id and secret pairs, fetched URLs", () => {
  const tallies: Record<number, Tallies> = {};
  beforeAll(async () => {
    const redactEventBody = await builtRedactor();
    const vectors = readVectors("secret-tuning-tp5.jsonl");
    for (const batch of [1, 2, 3, 4, 5]) {
      tallies[batch] = await measure(
        vectors.filter((vector) => (vector.batch ?? 1) === batch),
        redactEventBody,
      );
      console.log(report(`vendor names, pairs, fetches, batch ${batch}`, mainTallies(tallies[batch]!)));
    }
  }, 300_000);

  it("the first batch: true positives redacted on every carrier", () => {
    expect(share(tallies[1]!.tp!)).toBe(1);
    for (const carrier of ["command", "env", "file", "mcp"])
      expect(share(tallies[1]![`tp ${carrier}`]!)).toBe(1);
  });

  it("the first batch: false positives left alone", () => {
    expect(share(tallies[1]!.fp!)).toBeGreaterThanOrEqual(0.818);
  });

  it("the second batch: true positives redacted on every carrier, false positives left alone", () => {
    for (const carrier of ["command", "env", "file", "mcp"])
      expect(share(tallies[2]![`tp ${carrier}`]!)).toBe(1);
    expect(share(tallies[2]!.fp!)).toBeGreaterThanOrEqual(0.71);
  });

  it("the third batch (RPC URLs, fetches' headers in files, other vendors)", () => {
    expect(share(tallies[3]!.tp!)).toBeGreaterThanOrEqual(0.985);
    expect(share(tallies[3]!["tp env"]!)).toBe(1);
    expect(share(tallies[3]!.fp!)).toBeGreaterThanOrEqual(0.733);
  });

  it("the fourth batch (a generalisation check)", () => {
    expect(share(tallies[4]!.tp!)).toBeGreaterThanOrEqual(0.975);
    expect(share(tallies[4]!["tp env"]!)).toBe(1);
    expect(share(tallies[4]!.fp!)).toBeGreaterThanOrEqual(0.888);
  });

  it("the fifth batch (measured only: no rule was written for it)", () => {
    expect(share(tallies[5]!.tp!)).toBeGreaterThanOrEqual(0.937);
    expect(share(tallies[5]!["tp env"]!)).toBe(1);
    expect(share(tallies[5]!.fp!)).toBeGreaterThanOrEqual(0.846);
  });
});
