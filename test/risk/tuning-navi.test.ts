/**
 * The fifth round's tuning set (test/vectors/risk-tuning-navi.jsonl, origin beside it): 451
 * commands from navi cheat sheets, Bash-Oneliner, the book of secret knowledge and the manuals of
 * the programs they name, judged by the level table before the round's rules. Every dangerous
 * command rated high or critical, every harmless one not, except those marked `known` (with the
 * reason; counted in the rates). The rates are held at the figures reached (docs/risk.md).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { itJudgesEach, judgedRates, readJudged } from "./judged.js";

const CASES = readJudged("risk-tuning-navi.jsonl");

beforeAll(() => loadShellParser());

describe("fifth-round tuning set (test/vectors/risk-tuning-navi.jsonl)", () => {
  itJudgesEach(CASES);

  it("holds the rates reached (known cases included)", async () => {
    const count = await judgedRates(CASES);
    expect(count.dangerous).toBe(162);
    // first run 138 / 162, 38 / 56, 6 / 289; after the round 159 / 162, 53 / 56, 1 / 289
    expect(count.caught / count.dangerous).toBeGreaterThanOrEqual(0.98);
    expect(count.unnamedCaught / count.unnamed).toBeGreaterThanOrEqual(0.94);
    expect(count.alarms / count.harmless).toBeLessThanOrEqual(0.004);
  });
});
