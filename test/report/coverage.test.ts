import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { coveredSpans, notYetDue, totalLength, uncoveredSpans } from "../../src/report/index.js";

describe("coverage spans", () => {
  it("covers [s - I, s] for each seal, merged and clipped to the period", () => {
    expect(coveredSpans([15, 30, 60], 15, 0, 60)).toEqual([
      { start: 0, end: 30 },
      { start: 45, end: 60 },
    ]);
    expect(uncoveredSpans(coveredSpans([15, 30, 60], 15, 0, 60), 0, 60)).toEqual([{ start: 30, end: 45 }]);
  });

  it("counts a seal after the period for the period's last interval, and ignores seals far outside", () => {
    expect(coveredSpans([70], 15, 0, 60)).toEqual([{ start: 55, end: 60 }]);
    expect(coveredSpans([-5, 200], 15, 0, 60)).toEqual([]);
  });

  it("marks only the part of a gap less than one interval old as not yet due", () => {
    expect(notYetDue({ start: 30, end: 60 }, 15, 60)).toBe(15);
    expect(notYetDue({ start: 50, end: 60 }, 15, 60)).toBe(10);
    expect(notYetDue({ start: 0, end: 20 }, 15, 60)).toBe(0);
  });

  it("covered + uncovered = period, for any seal times", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -100, max: 1100 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 0, max: 1000 }),
        (seals, interval, length) => {
          const covered = coveredSpans(seals, interval, 0, length);
          const gaps = uncoveredSpans(covered, 0, length);
          expect(totalLength(covered) + totalLength(gaps)).toBe(length);
          for (const span of [...covered, ...gaps]) expect(span.end).toBeGreaterThan(span.start);
        },
      ),
    );
  });
});
