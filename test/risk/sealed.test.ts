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
// high+. Taken at the end of the 2026-11-28 afternoon session (main at ad12d55) by someone who had not tuned the rules (the
// origin note keeps every measure: the first run, the end of the round, and this one).
const LATEST: Measure = {
  all: [
    [351, 410],
    [101, 145],
    [20, 432],
  ],
  sigma: [
    [122, 141],
    [21, 37],
    [2, 122],
  ],
  payloadsallthethings: [
    [89, 96],
    [9, 12],
    [1, 51],
  ],
  hacktricks: [
    [55, 58],
    [4, 7],
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
