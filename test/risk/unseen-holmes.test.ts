/**
 * The fifth round's last set (test/vectors/risk-unseen-holmes.jsonl, origin beside it): 150
 * commands from HolmesGPT's command-safety tests, judged by the level table and run once after the
 * round's rules (13 / 19 dangerous high+, 1 / 131 harmless on that run), then read as families.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { itJudgesEach, judgedRates, readJudged } from "./judged.js";

const CASES = readJudged("risk-unseen-holmes.jsonl");

beforeAll(() => loadShellParser());

describe("fifth-round last set (test/vectors/risk-unseen-holmes.jsonl)", () => {
  itJudgesEach(CASES);

  it("holds the rates reached", async () => {
    const count = await judgedRates(CASES);
    expect(count.dangerous).toBe(19);
    expect(count.caught).toBe(19);
    expect(count.alarms).toBe(0);
  });
});
