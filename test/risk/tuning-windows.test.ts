/**
 * The Windows round's tuning set (test/vectors/risk-windows.jsonl, origin beside it): 631
 * commands from Atomic Red Team's Windows tests, the PowerShell reference's examples, the
 * Windows command reference and the programs' own pages, judged by the level table before the
 * round's rules. Every dangerous command rated high or critical, every harmless one not, except
 * those marked `known` (with the reason; counted in the rates). The rates are held at the
 * figures reached (docs/risk.md). The second set, run once after the round's first rules, is
 * held the same way, and so is the third, run once after the second set's fixes.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { itJudgesEach, judgedRates, readJudged } from "./judged.js";

const CASES = readJudged("risk-windows.jsonl");

beforeAll(() => loadShellParser());

describe("Windows tuning set (test/vectors/risk-windows.jsonl)", () => {
  itJudgesEach(CASES);

  it("holds the rates reached (known cases included)", async () => {
    const count = await judgedRates(CASES);
    expect(count.dangerous).toBe(240);
    expect(count.caught / count.dangerous).toBeGreaterThanOrEqual(0.979);
    expect(count.unnamedCaught / count.unnamed).toBeGreaterThanOrEqual(0.97);
    expect(count.alarms / count.harmless).toBeLessThanOrEqual(0.031);
  });
});

describe("second Windows set (test/vectors/risk-windows-second.jsonl)", () => {
  const SECOND = readJudged("risk-windows-second.jsonl");
  itJudgesEach(SECOND);

  it("holds the rates reached (known cases included)", async () => {
    const count = await judgedRates(SECOND);
    expect(count.dangerous).toBe(45);
    expect(count.caught / count.dangerous).toBe(1);
    expect(count.alarms / count.harmless).toBeLessThanOrEqual(0.07);
  });
});

describe("third Windows set (test/vectors/risk-windows-third.jsonl)", () => {
  const THIRD = readJudged("risk-windows-third.jsonl");
  itJudgesEach(THIRD);

  it("holds the rates reached (known cases included)", async () => {
    const count = await judgedRates(THIRD);
    expect(count.dangerous).toBe(66);
    expect(count.caught / count.dangerous).toBeGreaterThanOrEqual(0.954);
    expect(count.alarms / count.harmless).toBeLessThanOrEqual(0.087);
  });
});
