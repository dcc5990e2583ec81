import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeEventHash, GENESIS_HASH, hashCanonicalEventLine } from "../../src/chain/index.js";
import { canonicalJson } from "../../src/encoding/index.js";

// Any JSON object with the chained fields; extra members of every JSON type and key shape.
const eventArb = fc
  .record({
    extra: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }),
    seq: fc.nat(),
  })
  .map(({ extra, seq }) => {
    const event: Record<string, unknown> = {
      ...extra,
      seq,
      ts: "2026-01-01T00:00:00.000Z",
      prev: GENESIS_HASH,
    };
    event.risk = { level: "low", flags: [] };
    delete event.hash;
    return { ...event, hash: computeEventHash(event) };
  });

describe("the verify fast path agrees with computeEventHash", () => {
  it("on canonical lines", () => {
    fc.assert(
      fc.property(eventArb, (event) => {
        const line = canonicalJson(event);
        const parsed = JSON.parse(line);
        const fast = hashCanonicalEventLine(line, parsed);
        expect(fast ?? computeEventHash(parsed)).toBe(computeEventHash(parsed));
        expect(fast ?? event.hash).toBe(event.hash);
      }),
    );
  });

  it("declines or agrees on non-canonical lines", () => {
    fc.assert(
      fc.property(eventArb, fc.boolean(), (event, pretty) => {
        const line = JSON.stringify(event, null, pretty ? 1 : 0);
        const parsed = JSON.parse(line);
        const fast = hashCanonicalEventLine(line, parsed);
        if (fast !== null) expect(fast).toBe(computeEventHash(parsed));
      }),
    );
  });
});
