/**
 * The round-three hold-out (test/vectors/risk-holdout.jsonl, origin beside it): 1,092 commands
 * from other command guards' fixtures, tldr-pages examples and published one-liners, judged by
 * the level table. Every dangerous command rated high or critical, every harmless one not,
 * except the few marked `known` (counted in the rates); the rates held to the targets, also
 * within the families no rule named before the general model (`named: false`).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { itJudgesEach, judgedRates, readJudged } from "./judged.js";

const CASES = readJudged("risk-holdout.jsonl");

beforeAll(() => loadShellParser());

describe("round-three hold-out (test/vectors/risk-holdout.jsonl)", () => {
  itJudgesEach(CASES);

  it("meets the targets (known cases included): 95% of dangers, 90% in unnamed families, at most 2% of harmless", async () => {
    const count = await judgedRates(CASES);
    expect(count.dangerous).toBeGreaterThan(400);
    expect(count.caught / count.dangerous).toBeGreaterThanOrEqual(0.95);
    expect(count.unnamedCaught / count.unnamed).toBeGreaterThanOrEqual(0.9);
    expect(count.alarms / count.harmless).toBeLessThanOrEqual(0.02);
  });
});
