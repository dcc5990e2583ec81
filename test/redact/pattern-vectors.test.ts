/**
 * Redaction measured on examples generated from three public regex lists (secrets-patterns-db,
 * RegHex, secret-regex-list; test/vectors/secret-patterns.jsonl, origin note beside it): vendor
 * keys beside a vendor word or in a vendor's format, mostly with no secret name next to them,
 * carried as scanner-vectors.mjs describes. Tuning material, measured on the built CLI's
 * redaction (dist/, `npm run build` first). The assertions hold the floors of the last recorded
 * run (docs/export.md), overall and on each carrier.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { measureFile, type Tallies } from "./built.js";
import { share } from "./scanner-vectors.mjs";

describe("redaction on examples generated from regex lists", () => {
  let tallies: Tallies;
  beforeAll(async () => {
    tallies = await measureFile("secret-patterns.jsonl", "secrets-patterns-db + RegHex + secret-regex-list");
  }, 600_000);

  it("true positives redacted on every carrier", () => {
    expect(share(tallies.tp!)).toBeGreaterThanOrEqual(0.905);
    for (const carrier of ["command", "file", "mcp"])
      expect(share(tallies[`tp ${carrier}`]!)).toBeGreaterThanOrEqual(0.872);
    expect(share(tallies["tp env"]!)).toBeGreaterThanOrEqual(1);
  });
});
