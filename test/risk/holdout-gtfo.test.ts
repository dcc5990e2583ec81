/**
 * The fourth hold-out (test/vectors/risk-holdout-gtfo.jsonl, origin beside it): 588 commands from
 * GTFOBins, Atomic Red Team and the cheat/cheatsheets sheets, judged by the level table before
 * any rule of its round. Every dangerous command rated high or critical, every harmless one not,
 * except those marked `known` (with the reason; counted in the rates). The rates are held at the
 * figures reached after the round (docs/risk.md): the targets (95% / 90% / 2%) are met
 * for the unnamed families and the harmless commands, not yet for all dangers.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { itJudgesEach, judgedRates, readJudged } from "./judged.js";

const CASES = readJudged("risk-holdout-gtfo.jsonl");
const FOURTH = readJudged("risk-holdout-fourth.jsonl");

beforeAll(() => loadShellParser());

describe("fourth hold-out (test/vectors/risk-holdout-gtfo.jsonl)", () => {
  itJudgesEach(CASES);

  it("holds the round's rates (known cases included): 92% of dangers, 90% in unnamed families, at most 2% of harmless", async () => {
    const count = await judgedRates(CASES);
    expect(count.dangerous).toBeGreaterThan(300);
    expect(count.caught / count.dangerous).toBeGreaterThanOrEqual(0.92);
    expect(count.unnamedCaught / count.unnamed).toBeGreaterThanOrEqual(0.9);
    expect(count.alarms / count.harmless).toBeLessThanOrEqual(0.02);
  });
});

// taken after the round's rules (origin beside the file): every case but the `known` ones
describe("after the round (test/vectors/risk-holdout-fourth.jsonl)", () => {
  itJudgesEach(FOURTH);
});
