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

// The latest measure (origin note: the first run before the round's rules, and this one after
// them, taken once by someone who had not tuned them), as [caught, of] pairs: dangerous high+, in
// unnamed families high+, harmless high+.
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

describe("sealed hold-out (test/vectors/risk-sealed.jsonl)", () => {
  it("is the set the origin note describes: 842 judged commands, at least 40% harmless", () => {
    expectSealedShape(CASES, 842, Object.keys(END_OF_ROUND));
  });
  itHoldsMeasure(CASES, END_OF_ROUND);
});
