/**
 * Redaction measured on public browser keys, KSUIDs where ids go, Ethereum's addresses and
 * hashes and what else an agent's actions carry that is random-looking and no credential, with
 * the same vendors' secret keys, private keys and signed URLs beside them
 * (test/vectors/secret-tuning-fp6.jsonl, tuning material; origin note beside it), carried as
 * scanner-vectors.mjs carries every set, on the built CLI's redaction (dist/). The assertions
 * hold the floors of the last recorded run (the origin note and docs/export.md have each
 * batch's first run and this one), by family.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { measureFile, type Tallies } from "./built.js";
import { share } from "./scanner-vectors.mjs";

describe("redaction on browser keys, KSUIDs and chains' ids", () => {
  let tallies: Tallies;
  beforeAll(async () => {
    tallies = await measureFile("secret-tuning-fp6.jsonl", "browser keys, KSUIDs and chains' ids", true);
  }, 300_000);

  it("leaves the public values and redacts every secret beside them", () => {
    // After the seventh rules: batch 1 135 / 147, batch 2 87 / 90, batch 3 60 / 69, batch 4 42 / 51,
    // batch 5 54 / 60, batch 6 24 / 24, batch 7 36 / 36; the origin note has each batch's first run.
    expect(share(tallies.fp!)).toBeGreaterThanOrEqual(0.918);
    for (const family of [
      "evm address",
      "app id",
      "content id",
      "chain hash",
      "integrity",
      "lock file",
      "digest",
      "chain id",
    ])
      expect(share(tallies[`fp · ${family}`]!)).toBe(1);
    // A log topic given to `cast logs` (no name says hash), batch 5.
    expect(share(tallies["fp · evm hash"]!)).toBeGreaterThanOrEqual(0.909);
    // A KSUID in a path or in prose has no id's name beside it.
    expect(share(tallies["fp · ksuid id"]!)).toBeGreaterThanOrEqual(0.894);
    // Next.js's build id (21 characters under an id's name: not taken, redaction-literals.md).
    expect(share(tallies["fp · build output"]!)).toBeGreaterThanOrEqual(0.857);
    // A Solana signature in a documentation table, with no context that names it.
    expect(share(tallies["fp · solana id"]!)).toBeGreaterThanOrEqual(0.833);
    // A NanoID and a CUID2 under ids (random by construction: redaction-literals.md).
    expect(share(tallies["fp · resource id"]!)).toBeGreaterThanOrEqual(0.5);
    // A ULID of 1970 (an example's output): no time an id is made at.
    expect(share(tallies["fp · ulid id"]!)).toBeGreaterThanOrEqual(0.923);
    // A Google API key, a Supabase anon key or a Mapbox token alone, without its documented
    // context; a CAPTCHA site key behind a ternary; Square's application id (scanners' positive);
    // batch 5's abbreviated google-services.json (no mobilesdk_app_id).
    expect(share(tallies["fp · public browser key"]!)).toBeGreaterThanOrEqual(0.888);
    for (const family of ["private key", "vendor secret key", "signed url", "registry credential"])
      expect(share(tallies[`tp · ${family}`]!)).toBe(1);
    expect(share(tallies.tp!)).toBe(1);
  });
});
