import { describe, expect, it } from "vitest";
import { createSeal, type StoredSeal } from "../../../src/seal/index.js";
import { publishSealWith } from "../../../src/witness/client/index.js";
import { countWitnesses, type ReceiptCheck } from "../../../src/witness/client/verify.js";
import { type WitnessClient, witnessIdentity } from "../../../src/witness/protocol/index.js";

describe("one witness, however its URL is spelled", () => {
  it("folds loopback spellings, queries, fragments, default ports and the anchor path", () => {
    const spellings = [
      "http://127.0.0.1:8080",
      "http://localhost:8080/",
      "http://LOCALHOST:8080/api/v1/anchor",
      "http://127.0.0.1:8080/?x=1",
      "http://127.0.0.1:8080/api/v1/anchor?x=2#frag",
      "http://[::ffff:127.0.0.1]:8080",
      "http://[::1]:8080",
    ];
    expect(new Set(spellings.map(witnessIdentity)).size).toBe(1);
    expect(witnessIdentity("https://w.example")).toBe(witnessIdentity("https://w.example:443/api/v1/anchor"));
  });

  it("keeps different witnesses apart", () => {
    const distinct = [
      "http://127.0.0.1:8080",
      "http://127.0.0.1:8081",
      "https://127.0.0.1:8080",
      "http://127.0.0.1:8080/other",
      "https://w.example",
      "/srv/log.git",
    ];
    expect(new Set(distinct.map(witnessIdentity)).size).toBe(distinct.length);
  });

  it("counts matches once per witness: by URL identity and by anchor id within one log", () => {
    const check = (url: string, anchor_id: string, origin?: string): ReceiptCheck => ({
      name: url,
      url,
      anchor_id,
      status: "match",
      ms: 1,
      ...(origin ? { log: { origin, tree_size: 3, log_index: 1, pin: "same" as const } } : {}),
    });
    expect(
      countWitnesses([
        check("http://127.0.0.1:8080/api/v1/anchor", "wit_a"),
        check("http://localhost:8080/api/v1/anchor?x=1", "wit_a"),
        check("http://[::ffff:127.0.0.1]:8080/api/v1/anchor", "wit_b"),
      ]),
    ).toBe(1);
    // one log, reached over HTTP and cloned directly: the same anchor id in the same log
    expect(
      countWitnesses([
        check("http://127.0.0.1:9000/api/v1/anchor", "wit_1_00", "log.example/a"),
        check("/srv/log.git", "wit_1_00", "log.example/a"),
      ]),
    ).toBe(2 - 1);
    // two logs are two witnesses
    expect(
      countWitnesses([
        check("http://127.0.0.1:9000/api/v1/anchor", "wit_1_00", "log.example/a"),
        check("/srv/other.git", "wit_1_00", "log.example/b"),
      ]),
    ).toBe(2);
  });

  it("refuses to publish to one witness twice under two spellings (it would count twice)", async () => {
    const fake = (url: string): WitnessClient => ({
      name: url,
      url,
      kind: "http",
      publish: async () => ({ anchor_id: "wit_x", witnessed_at: new Date().toISOString() }),
      fetchAnchor: async () => {
        throw new Error("unused");
      },
      fetchLatest: async () => {
        throw new Error("unused");
      },
    });
    const stored: StoredSeal = {
      id: "seal-1",
      seal: createSeal(
        { keyId: "ts-test", key: Buffer.alloc(32, 9) },
        `sha256:${"c".repeat(64)}`,
        5,
        "2026-01-01T00:00:00.000Z",
      ),
      receipts: [],
    };
    await expect(
      publishSealWith(
        {
          home: "/nonexistent",
          stored,
          endpoints: [],
          quorum: 2,
          clients: [
            fake("http://127.0.0.1:8080/api/v1/anchor"),
            fake("http://localhost:8080/api/v1/anchor?x=1"),
          ],
        },
        { createClient: async () => fake("unused") },
      ),
    ).rejects.toMatchObject({ code: "WITNESS_DUPLICATE_ENDPOINT" });
  });
});
