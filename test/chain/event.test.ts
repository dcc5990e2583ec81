import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  ChainVerifier,
  chainEvent,
  computeEventHash,
  GENESIS_HASH,
  serializeEvent,
} from "../../src/chain/index.js";

const vectors = JSON.parse(readFileSync(new URL("../vectors/event-hash.json", import.meta.url), "utf8")) as {
  events: { line: string; hash: string }[];
};

describe("event hash golden vectors (test/vectors/event-hash.py, an independent implementation)", () => {
  it("recomputes every hash from the stored line", () => {
    for (const { line, hash } of vectors.events) expect(computeEventHash(JSON.parse(line))).toBe(hash);
  });

  it("serializes events byte for byte as the independent JCS", () => {
    for (const { line } of vectors.events) expect(serializeEvent(JSON.parse(line))).toBe(line);
  });

  it("rebuilds the same chain from the event bodies", () => {
    let prev = GENESIS_HASH;
    vectors.events.forEach(({ line, hash }, seq) => {
      const { seq: _s, ts, prev: _p, hash: _h, ...body } = JSON.parse(line);
      const event = chainEvent(body, seq, prev, ts);
      expect(event.hash).toBe(hash);
      prev = event.hash;
    });
  });

  it("verifies the vector chain and ends at its tip", () => {
    const verifier = new ChainVerifier();
    for (const { line } of vectors.events) expect(verifier.push(line)).toBeNull();
    expect(verifier.state).toEqual({ tip: vectors.events.at(-1)!.hash, count: vectors.events.length });
  });

  it("ignores the hash member when hashing", () => {
    const event = JSON.parse(vectors.events[0]!.line);
    expect(computeEventHash({ ...event, hash: "sha256:x" })).toBe(event.hash);
  });
});

describe("ChainVerifier on hostile lines", () => {
  const first = vectors.events[0]!.line;
  it.each([
    ["not JSON", "{", "unparsable"],
    ["a JSON string", '"x"', "invalid_shape"],
    [
      "missing risk",
      JSON.stringify({ seq: 0, ts: "x", prev: GENESIS_HASH, hash: GENESIS_HASH }),
      "invalid_shape",
    ],
    ["wrong seq", first.replace('"seq":0', '"seq":1'), "gap"],
    [
      "wrong prev",
      first.replace(`"prev":"${GENESIS_HASH}"`, `"prev":"sha256:${"1".repeat(64)}"`),
      "broken_link",
    ],
    ["edited field", first.replace('"decision":"allow"', '"decision":"deny"'), "hash_mismatch"],
  ])("reports %s", (_name, line, reason) => {
    const verifier = new ChainVerifier();
    expect(verifier.push(line)?.reason).toBe(reason);
    expect(verifier.broken?.seq).toBe(0);
  });
});
