import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSeal } from "../../../src/seal/index.js";
import {
  anchorRequestFromSeal,
  anchorRequestSchema,
  ERROR_STATUS,
  isGitWitnessUrl,
  lenientHealthSchema,
  lenientReceiptSchema,
  PROTOCOL,
  toAnchorLookupUrl,
  toAnchorUrl,
  toHealthUrl,
} from "../../../src/witness/protocol/index.js";

describe("witness URLs", () => {
  it.each([
    ["/srv/log", true],
    ["./log", true],
    ["log-repo", true],
    ["file:///srv/log", true],
    ["ssh://git@example.com/log.git", true],
    ["git@github.com:org/log.git", true],
    ["git+https://example.com/log", true],
    ["git+http://example.com/log", true],
    ["git+ssh://example.com/log", true],
    ["https://github.com/org/log.git", true],
    ["https://github.com/org/log.git/", true],
    ["https://witness.example.com", false],
    ["http://127.0.0.1:8080/api/v1/anchor", false],
    ["https://example.com/git/witness", false],
  ])("%s is a git witness: %s", (url, git) => {
    expect(isGitWitnessUrl(url)).toBe(git);
  });

  it("appends /api/v1/anchor to a base URL and keeps a full anchor URL", () => {
    expect(toAnchorUrl("http://127.0.0.1:8080")).toBe("http://127.0.0.1:8080/api/v1/anchor");
    expect(toAnchorUrl("https://w.example/prefix/")).toBe("https://w.example/prefix/api/v1/anchor");
    expect(toAnchorUrl("https://w.example/prefix/api/v1/anchor")).toBe(
      "https://w.example/prefix/api/v1/anchor",
    );
    expect(toAnchorLookupUrl("https://w.example/p/api/v1/anchor", "wit_a-b")).toBe(
      "https://w.example/p/api/v1/anchors/wit_a-b",
    );
    expect(toAnchorLookupUrl("https://w.example", "wit_../x")).toBe(
      "https://w.example/api/v1/anchors/wit_..%2Fx",
    );
    expect(toHealthUrl("https://w.example/api/v1/anchor")).toBe("https://w.example/api/v1/health");
  });

  it("refuses non-http URLs and URLs with credentials", () => {
    for (const url of ["ftp://x", "not a url", "http://user:pw@x"]) {
      expect(() => toAnchorUrl(url)).toThrow(expect.objectContaining({ code: "WITNESS_URL_INVALID" }));
    }
  });
});

describe("schemas", () => {
  const seal = createSeal(
    { keyId: "ts-abc", key: Buffer.alloc(32, 1) },
    `sha256:${"a".repeat(64)}`,
    12,
    "2026-01-01T00:00:00.000Z",
  );

  it("maps a seal onto an anchor request that the strict schema accepts", () => {
    const request = anchorRequestFromSeal(seal);
    expect(request).toEqual({
      protocol: PROTOCOL,
      tip_hash: seal.chain_tip,
      chained_events: 12,
      seal_signature: seal.signature,
      key_id: "ts-abc",
      requested_at: seal.timestamp,
    });
    expect(anchorRequestSchema.parse(JSON.parse(JSON.stringify(request)))).toEqual(request);
  });

  it("parses leniently what other witnesses may answer", () => {
    expect(
      lenientReceiptSchema.safeParse({ anchor_id: "wit_1", witnessed_at: "2026-01-01T00:00:00Z" }).success,
    ).toBe(true);
    expect(
      lenientReceiptSchema.parse({ anchor_id: "x", witnessed_at: "2026-01-01T00:00:00.000Z", index: 3 }),
    ).toEqual({
      anchor_id: "x",
      witnessed_at: "2026-01-01T00:00:00.000Z",
      index: 3,
    });
    for (const bad of [
      {},
      { anchor_id: "" },
      { anchor_id: "a", witnessed_at: "yesterday" },
      "<html>",
      null,
    ]) {
      expect(lenientReceiptSchema.safeParse(bad).success).toBe(false);
    }
    expect(lenientHealthSchema.safeParse({ status: "ok" }).success).toBe(true);
  });

  it("maps every error code to a 4xx or 503/500 status", () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(code).toMatch(/^WITNESS_/);
      expect(status === 500 || status === 503 || (status >= 400 && status < 500)).toBe(true);
    }
  });

  it("property: every well-formed request round-trips through JSON and the strict schema", () => {
    const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);
    fc.assert(
      fc.property(
        hex64,
        hex64,
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.date({ min: new Date(0), max: new Date(Date.UTC(9999, 0)), noInvalidDate: true }),
        fc.stringMatching(/^[A-Za-z0-9._-]{1,40}$/),
        (tip, sig, n, date, keyId) => {
          const request = {
            protocol: PROTOCOL,
            tip_hash: `sha256:${tip}`,
            chained_events: n,
            seal_signature: `hmac-sha256:${sig}`,
            key_id: keyId,
            requested_at: date.toISOString(),
          };
          expect(anchorRequestSchema.parse(JSON.parse(JSON.stringify(request)))).toEqual(request);
        },
      ),
    );
  });

  it("property: a mutated digest (uppercase or wrong length) is rejected", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{1,80}$/), fc.boolean(), (hex, upper) => {
        fc.pre(hex.length !== 64 || (upper && /[a-f]/.test(hex)));
        const tip = `sha256:${upper ? hex.toUpperCase() : hex}`;
        const request = anchorRequestFromSeal({ ...seal, chain_tip: tip });
        expect(anchorRequestSchema.safeParse(request).success).toBe(false);
      }),
    );
  });
});
