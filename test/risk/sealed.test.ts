/**
 * The sealed hold-out (test/vectors/risk-sealed.jsonl, origin beside it): 842 commands from
 * Sigma's Linux and macOS process-creation rules, HackTricks, PayloadsAllTheThings and LOLBAS,
 * judged by the level table before the first run and kept away from whoever tunes the rules.
 * Only the rates are checked, never a case on its own, so that no failure names a miss: the
 * floors are the latest measure's figures one point down (rounded down; the harmless ceiling one
 * point up, rounded up), overall and per source. `node scripts/risk-sealed-figures.mjs` prints them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { type JudgedCase, type JudgedRates, judgedRates, readJudged } from "./judged.js";

interface SealedCase extends JudgedCase {
  source: string;
  origin: string;
  family: string;
  named: boolean;
}

const CASES = readJudged<SealedCase>("risk-sealed.jsonl");

// The latest measure (origin note: the first run before the round's rules, and this one after
// them, taken once by someone who had not tuned them), as [caught, of] pairs: dangerous high+, in
// unnamed families high+, harmless high+.
type Pair = [caught: number, of: number];
type Measure = Record<string, [danger: Pair, unnamed: Pair, harmless: Pair]>;
const END_OF_ROUND: Measure = {
  all: [
    [307, 410],
    [65, 145],
    [17, 432],
  ],
  sigma: [
    [115, 141],
    [17, 37],
    [3, 122],
  ],
  payloadsallthethings: [
    [88, 96],
    [9, 12],
    [1, 51],
  ],
  hacktricks: [
    [54, 58],
    [3, 7],
    [1, 115],
  ],
  lolbas: [
    [50, 115],
    [36, 89],
    [12, 144],
  ],
};

const floor = ([n, d]: Pair) => Math.floor((n / d) * 100 - 1) / 100;
const ceiling = ([n, d]: Pair) => Math.ceil((n / d) * 100 + 1) / 100;

beforeAll(() => loadShellParser());

describe("sealed hold-out (test/vectors/risk-sealed.jsonl)", () => {
  it("is the set the origin note describes: 842 judged commands, at least 40% harmless", () => {
    expect(CASES).toHaveLength(842);
    for (const c of CASES) {
      expect(Object.keys(END_OF_ROUND)).toContain(c.source);
      expect(typeof c.command === "string" && c.command.length > 0).toBe(true);
      expect(typeof c.dangerous).toBe("boolean");
      expect(typeof c.named).toBe("boolean");
      expect(c.origin.length).toBeGreaterThan(0);
    }
    expect(new Set(CASES.map((c) => c.command)).size).toBe(CASES.length);
    expect(CASES.filter((c) => !c.dangerous).length / CASES.length).toBeGreaterThanOrEqual(0.4);
  });

  for (const [source, [danger, unnamed, harmless]] of Object.entries(END_OF_ROUND)) {
    it(`${source}: holds the latest measure's rates (one point of slack)`, async () => {
      const rates: JudgedRates = await judgedRates(
        source === "all" ? CASES : CASES.filter((c) => c.source === source),
      );
      expect([rates.dangerous, rates.unnamed, rates.harmless]).toEqual([danger[1], unnamed[1], harmless[1]]);
      // Counts only in the messages: which case is missed stays sealed.
      expect(rates.caught / rates.dangerous).toBeGreaterThanOrEqual(floor(danger));
      expect(rates.unnamedCaught / rates.unnamed).toBeGreaterThanOrEqual(floor(unnamed));
      expect(rates.alarms / rates.harmless).toBeLessThanOrEqual(ceiling(harmless));
    });
  }
});
