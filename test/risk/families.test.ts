/**
 * The unseen-case rounds (test/vectors/risk-families.jsonl): every dangerous command rated
 * high or critical, every harmless one not, except the few marked `known` (kept, with their
 * reason, and counted in the rates), and the rates held to the targets.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { lexSimpleCommand, loadShellParser } from "../../src/risk/index.js";
import { FAMILY_CASES } from "./family-cases.js";
import { itJudgesEach, judgedRates } from "./judged.js";

beforeAll(() => loadShellParser());

describe("unseen-case rounds (test/vectors/risk-families.jsonl)", () => {
  itJudgesEach(FAMILY_CASES, (c) => `round ${c.round}`);

  it("meets the targets over every round (known cases included)", async () => {
    const { dangerous, caught, harmless, alarms } = await judgedRates(FAMILY_CASES);
    expect(dangerous).toBeGreaterThan(400);
    expect(caught / dangerous).toBeGreaterThanOrEqual(0.95);
    expect(alarms / harmless).toBeLessThanOrEqual(0.02);
  });

  it("leaves most commands to the exact tokenizer (the hook then never loads the grammar)", () => {
    const fast = FAMILY_CASES.filter((c) => lexSimpleCommand(c.command) !== null).length;
    expect(fast / FAMILY_CASES.length).toBeGreaterThanOrEqual(0.8);
    const everyday = FAMILY_CASES.filter((c) => c.family === "false-alarms");
    const everydayFast = everyday.filter((c) => lexSimpleCommand(c.command) !== null).length;
    expect(everydayFast / everyday.length).toBeGreaterThanOrEqual(0.9);
  });
});
