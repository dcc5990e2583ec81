/**
 * The fifth round's second set (test/vectors/risk-tuning-dippy.jsonl, origin beside it): 378
 * commands sampled from the test tables of Dippy, another agent command guard, judged by the level
 * table and run once after the round's first rules (the round's unseen measure), then tuned on.
 * Every dangerous command rated high or critical, every harmless one not, except those marked
 * `known` (with the reason; counted in the rates). The rates are held at the figures reached.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { itJudgesEach, judgedRates, readJudged } from "./judged.js";

const CASES = readJudged("risk-tuning-dippy.jsonl");

beforeAll(() => loadShellParser());

describe("fifth-round second set (test/vectors/risk-tuning-dippy.jsonl)", () => {
  itJudgesEach(CASES);

  it("holds the rates reached (known cases included)", async () => {
    const count = await judgedRates(CASES);
    expect(count.dangerous).toBe(49);
    // first run 33 / 49, 4 / 12, 4 / 329; after tuning 47 / 49, 11 / 12, 0 / 329
    expect(count.caught / count.dangerous).toBeGreaterThanOrEqual(0.95);
    expect(count.unnamedCaught / count.unnamed).toBeGreaterThanOrEqual(0.91);
    expect(count.alarms / count.harmless).toBeLessThanOrEqual(0.0);
  });
});
