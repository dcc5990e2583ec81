/**
 * Redaction measured on everyday non-secrets an agent's actions carry (test/vectors/
 * secret-everyday.jsonl: lock files' integrity hashes, commit and tree ids, image digests,
 * pinned actions, UUIDs, inlined media, minified JavaScript, references and templates,
 * placeholders, flags and prompts, names of secrets, certificates, public keys and signatures; origin note beside it), carried as
 * scanner-vectors.mjs carries every set, on the built CLI's redaction (dist/). A few values
 * given to password names in the same files are kept as true positives: the project decided
 * they are credentials (docs/decisions/redaction-everyday.md). The assertions hold the floors of
 * the last recorded run, overall and by family (docs/export.md has the first run and this one).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { measureFile, type Tallies } from "./built.js";
import { share } from "./scanner-vectors.mjs";

/** The floor of each family's share of false positives left alone (examples × 3 carriers). */
const FAMILY_FLOORS: Record<string, number> = {
  lockfile: 1,
  "git-id": 1,
  "image-digest": 1,
  "action-pin": 1,
  uuid: 1,
  "data-uri": 1,
  minified: 1,
  reference: 1,
  placeholder: 1,
  "prompt-flag": 1,
  "public-key": 1,
  "terraform-lock": 1,
  "notebook-image": 1,
  "lockfile-second": 1,
  // `clusterSecretKey: "cluster"`: a word given to a secret key's name stays redacted.
  "secret-name": 0.9,
};

describe("redaction on everyday non-secrets", () => {
  let tallies: Tallies;
  beforeAll(async () => {
    tallies = await measureFile("secret-everyday.jsonl", "everyday non-secrets", true);
    for (const family of Object.keys(FAMILY_FLOORS)) {
      const tally = tallies[`fp · ${family}`]!;
      console.log(`  ${family.padEnd(14)} ${tally.good}/${tally.total}`);
    }
  }, 300_000);

  it("leaves the false positives alone, by carrier and by family", () => {
    expect(share(tallies.fp!)).toBeGreaterThanOrEqual(0.996);
    for (const carrier of ["command", "file", "mcp"])
      expect(share(tallies[`fp ${carrier}`]!)).toBeGreaterThanOrEqual(0.996);
    for (const [family, floor] of Object.entries(FAMILY_FLOORS))
      expect(share(tallies[`fp · ${family}`]!), family).toBeGreaterThanOrEqual(floor);
  });

  it("redacts the values the project decided are credentials", () => {
    expect(share(tallies.tp!)).toBe(1);
  });
});
