/**
 * The sealed hold-out (test/vectors/risk-sealed.jsonl, origin beside it): 842 commands from
 * Sigma's Linux and macOS process-creation rules, HackTricks, PayloadsAllTheThings and LOLBAS,
 * judged by the level table before the first run and kept away from whoever tunes the rules.
 * Only the rates are checked, never a case on its own, so that no failure names a miss: the
 * floors are the latest measure's figures one point down (rounded down; the harmless ceiling one
 * point up, rounded up), overall and per source. `node scripts/risk-sealed-figures.mjs` prints them.
 */
import { describe, it } from "vitest";
import { expectSealedShape, itHoldsMeasure, type Measure, readSealed } from "./sealed-measure.js";

const CASES = readSealed("risk-sealed.jsonl");

// The latest measure, as [caught, of] pairs: dangerous high+, in unnamed families high+, harmless
// high+. Taken on 2026-11-28 at 15:25 UTC (main at 0e27452) by someone who had not tuned the rules
// (the origin note keeps every measure). 5 of the 24 harmless alarms run a program of the
// attack-tool table (docs/decisions/risk-attack-tools.md), which the set judged by sub-command.
const LATEST: Measure = {
  all: [
    [361, 410],
    [111, 145],
    [24, 432],
  ],
  sigma: [
    [130, 141],
    [29, 37],
    [1, 122],
  ],
  payloadsallthethings: [
    [90, 96],
    [10, 12],
    [6, 51],
  ],
  hacktricks: [
    [56, 58],
    [5, 7],
    [0, 115],
  ],
  lolbas: [
    [85, 115],
    [67, 89],
    [17, 144],
  ],
};

describe("sealed hold-out (test/vectors/risk-sealed.jsonl)", () => {
  it("is the set the origin note describes: 842 judged commands, at least 40% harmless", () => {
    expectSealedShape(CASES, 842, Object.keys(LATEST));
  });
  itHoldsMeasure(CASES, LATEST);
});
