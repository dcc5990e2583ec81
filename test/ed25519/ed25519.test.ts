import { createPublicKey, generateKeyPairSync, sign, verify } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ed25519PrivateKeyFromSeed,
  ed25519PublicKey,
  ed25519RawPublicKey,
  ed25519Seed,
} from "../../src/ed25519/index.js";
import { rawPublicKey } from "../../src/witness/gitlog/sshsig.js";

describe("raw Ed25519 keys", () => {
  it("seed → private key → raw public key → public key object verifies what the private key signs", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ maxLength: 64 }),
        (seed, data) => {
          const privateKey = ed25519PrivateKeyFromSeed(seed);
          expect(Buffer.from(ed25519Seed(privateKey))).toEqual(Buffer.from(seed));
          const raw = ed25519RawPublicKey(privateKey);
          expect(raw).toHaveLength(32);
          expect(ed25519RawPublicKey(createPublicKey(privateKey))).toEqual(raw);
          expect(verify(null, data, ed25519PublicKey(raw), sign(null, data, privateKey))).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("the git log's key reader refuses a key that is not Ed25519 with its code", () => {
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    expect(() => rawPublicKey(privateKey)).toThrow(expect.objectContaining({ code: "GITLOG_KEY_INVALID" }));
  });
});
