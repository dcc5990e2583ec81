/**
 * The sealed hold-out (test/vectors/risk-sealed.jsonl, origin beside it): 842 commands from
 * Sigma's Linux and macOS process-creation rules, HackTricks, PayloadsAllTheThings and LOLBAS,
 * judged by the level table before the first run and kept away from whoever tunes the rules.
 * Only the rates are checked, never a case on its own, so that no failure names a miss: the
 * floors are the first run's figures one point down (rounded down; the harmless ceiling one point
 * up, rounded up), overall and per source. `node scripts/risk-sealed-figures.mjs` prints them.
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

// First run (origin note): dangerous high+, in unnamed families high+, harmless high+, as
// [caught, of] pairs, with the two labels corrected after it.
type Pair = [caught: number, of: number];
const FIRST_RUN: Record<string, [danger: Pair, unnamed: Pair, harmless: Pair]> = {
  all: [
    [269, 410],
    [31, 145],
    [6, 432],
  ],
  sigma: [
    [110, 141],
    [13, 37],
    [3, 122],
  ],
  payloadsallthethings: [
    [84, 96],
    [7, 12],
    [1, 51],
  ],
  hacktricks: [
    [53, 58],
    [3, 7],
    [1, 115],
  ],
  lolbas: [
    [22, 115],
    [8, 89],
    [1, 144],
  ],
};

const floor = ([n, d]: Pair) => Math.floor((n / d) * 100 - 1) / 100;
const ceiling = ([n, d]: Pair) => Math.ceil((n / d) * 100 + 1) / 100;

beforeAll(() => loadShellParser());

describe("sealed hold-out (test/vectors/risk-sealed.jsonl)", () => {
  it("is the set the origin note describes: 842 judged commands, at least 40% harmless", () => {
    expect(CASES).toHaveLength(842);
    for (const c of CASES) {
      expect(Object.keys(FIRST_RUN)).toContain(c.source);
      expect(typeof c.command === "string" && c.command.length > 0).toBe(true);
      expect(typeof c.dangerous).toBe("boolean");
      expect(typeof c.named).toBe("boolean");
      expect(c.origin.length).toBeGreaterThan(0);
    }
    expect(new Set(CASES.map((c) => c.command)).size).toBe(CASES.length);
    expect(CASES.filter((c) => !c.dangerous).length / CASES.length).toBeGreaterThanOrEqual(0.4);
  });

  for (const [source, [danger, unnamed, harmless]] of Object.entries(FIRST_RUN)) {
    it(`${source}: holds the first run's rates (one point of slack)`, async () => {
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
