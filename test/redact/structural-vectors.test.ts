/**
 * Redaction measured on credentials and public values that say what they are by structure
 * (test/vectors/secret-tuning-tp4.jsonl, origin note beside it: PASETO and PASERK test vectors,
 * Fernet's spec, BIP-32 and BIP-38 test vectors, NIP-19, a macaroon, vendors' documented token
 * formats, connection strings, URLs with a credential, private and public key blocks), each in a
 * neutral context with no name that says secret or id, carried as scanner-vectors.mjs carries
 * every set, on the built CLI's redaction (dist/). Tuning material in three batches; the
 * assertions hold the floors of the last recorded run, per batch.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { builtRedactor, type Tallies } from "./built.js";
import { measure, readVectors, report, share } from "./scanner-vectors.mjs";

describe("redaction on tokens that say what they are", () => {
  const tallies: Record<string, Tallies> = {};
  beforeAll(async () => {
    const redactEventBody = await builtRedactor();
    const vectors = readVectors("secret-tuning-tp4.jsonl");
    for (const batch of [1, 2, 3]) {
      tallies[batch] = await measure(
        vectors.filter((vector) => (vector.batch ?? 1) === batch),
        redactEventBody,
      );
      console.log(report(`structural tokens, batch ${batch}`, tallies[batch]!));
    }
  }, 300_000);

  it("the first batch: true positives redacted, false positives left alone", () => {
    expect(share(tallies[1]!.tp!)).toBe(1);
    expect(share(tallies[1]!.fp!)).toBeGreaterThanOrEqual(0.936);
  });

  it("the third batch (one-case keys)", () => {
    expect(share(tallies[3]!.tp!)).toBe(1);
    expect(share(tallies[3]!.fp!)).toBeGreaterThanOrEqual(0.916);
  });

  it("the second batch", () => {
    expect(share(tallies[2]!.tp!)).toBeGreaterThanOrEqual(0.947);
    expect(share(tallies[2]!.fp!)).toBeGreaterThanOrEqual(0.852);
  });
});
