import { describe, expect, it } from "vitest";
import { AGE_PATTERN, minusAge } from "../../src/time/index.js";

const END = new Date("2026-11-27T12:00:00.000Z");

describe("retention ages", () => {
  it("reads the long and the short spelling alike, in calendar units", () => {
    for (const [long, short, expected] of [
      ["30 days", "30d", "2026-10-28T12:00:00.000Z"],
      ["2 weeks", "2w", "2026-11-13T12:00:00.000Z"],
      ["6 months", "6mo", "2026-05-27T12:00:00.000Z"],
      ["1 year", "1y", "2025-11-27T12:00:00.000Z"],
    ] as const) {
      expect(AGE_PATTERN.test(long) && AGE_PATTERN.test(short)).toBe(true);
      expect(minusAge(END, long).toISOString()).toBe(expected);
      expect(minusAge(END, short).toISOString()).toBe(expected);
    }
  });

  it("refuses what is not an age: minutes, no unit, zero, a sign, a space too many", () => {
    for (const bad of ["30m", "30", "0d", "0 days", "-1d", "1.5y", "30  days", "30 d", "1 fortnight", ""]) {
      expect(AGE_PATTERN.test(bad), bad).toBe(false);
    }
  });
});
