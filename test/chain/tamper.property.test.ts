import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ChainVerifier,
  chainEvent,
  type EventBody,
  GENESIS_HASH,
  serializeEvent,
} from "../../src/chain/index.js";

const bodyArb: fc.Arbitrary<EventBody> = fc.record({
  risk: fc.record({
    level: fc.constantFrom("none", "low", "medium", "high", "critical"),
    flags: fc.constant([]),
  }),
  agent: fc.string({ maxLength: 8 }),
  session: fc.option(fc.string({ maxLength: 8 }), { nil: null }),
  cwd: fc.constant(null),
  phase: fc.constant("record"),
  action: fc.record({
    kind: fc.constant("command"),
    tool: fc.constant("Bash"),
    command: fc.string({ maxLength: 20 }),
  }),
  decision: fc.constantFrom("allow", "deny", "logged"),
  reasons: fc.array(fc.string({ maxLength: 6 }), { maxLength: 2 }),
}) as fc.Arbitrary<EventBody>;

function buildTrail(bodies: EventBody[]): string[] {
  let prev = GENESIS_HASH;
  return bodies.map((body, seq) => {
    const event = chainEvent(body, seq, prev, new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString());
    prev = event.hash;
    return serializeEvent(event);
  });
}

function firstBreak(lines: string[]): number | null {
  const verifier = new ChainVerifier();
  for (const line of lines) if (verifier.push(line)) return verifier.broken!.seq;
  return null;
}

const trailArb = fc.array(bodyArb, { minLength: 2, maxLength: 12 }).map(buildTrail);

describe("verify finds every single tampering at the right seq", () => {
  it("accepts untouched trails", () => {
    fc.assert(fc.property(trailArb, (lines) => firstBreak(lines) === null));
  });

  it("finds a modified event at its seq", () => {
    fc.assert(
      fc.property(trailArb, fc.nat(), fc.string({ minLength: 1, maxLength: 5 }), (lines, pick, text) => {
        const i = pick % lines.length;
        const event = JSON.parse(lines[i]!);
        event.reasons = [...event.reasons, text];
        const tampered = [...lines];
        tampered[i] = JSON.stringify(event);
        expect(firstBreak(tampered)).toBe(i);
      }),
    );
  });

  it("finds a modified and re-hashed event at the next seq", () => {
    fc.assert(
      fc.property(trailArb, fc.nat(), (lines, pick) => {
        const i = pick % (lines.length - 1);
        const { hash: _h, seq, ts, prev, ...body } = JSON.parse(lines[i]!);
        const forged = chainEvent(
          { ...body, decision: body.decision === "deny" ? "allow" : "deny" },
          seq,
          prev,
          ts,
        );
        const tampered = [...lines];
        tampered[i] = serializeEvent(forged);
        expect(firstBreak(tampered)).toBe(i + 1);
      }),
    );
  });

  it("finds a deleted event at its seq", () => {
    fc.assert(
      fc.property(trailArb, fc.nat(), (lines, pick) => {
        const i = pick % (lines.length - 1);
        expect(firstBreak(lines.filter((_, j) => j !== i))).toBe(i);
      }),
    );
  });

  it("finds an inserted event at its position", () => {
    fc.assert(
      fc.property(trailArb, fc.nat(), bodyArb, (lines, pick, body) => {
        const i = pick % lines.length;
        const prev = i === 0 ? GENESIS_HASH : JSON.parse(lines[i - 1]!).hash;
        const inserted = serializeEvent(chainEvent(body, i, prev, "2026-01-01T00:00:00.000Z"));
        const tampered = [...lines.slice(0, i), inserted, ...lines.slice(i)];
        expect(firstBreak(tampered)).toBe(i + 1);
      }),
    );
  });

  it("finds two swapped events at the first of them", () => {
    fc.assert(
      fc.property(trailArb, fc.nat(), fc.nat(), (lines, a, b) => {
        const i = a % lines.length;
        const j = b % lines.length;
        fc.pre(i !== j);
        const tampered = [...lines];
        [tampered[i], tampered[j]] = [tampered[j]!, tampered[i]!];
        expect(firstBreak(tampered)).toBe(Math.min(i, j));
      }),
    );
  });
});
