import { describe, expect, it } from "vitest";
import { computeEventHash, GENESIS_HASH } from "../../src/chain/index.js";

describe("event hash", () => {
  it("hashes the JCS form without the hash member", () => {
    const event = {
      seq: 0,
      ts: "2026-01-01T00:00:00.000Z",
      prev: GENESIS_HASH,
      risk: { level: "none", flags: [] },
    };
    expect(computeEventHash(event)).toBe(computeEventHash({ ...event, hash: "sha256:x" }));
  });
});
