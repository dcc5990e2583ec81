import { describe, expect, it } from "vitest";
import { parseInstant } from "../../src/time/index.js";

const now = new Date("2026-11-22T12:00:00.000Z");

function codeOf(text: string): string | undefined {
  try {
    parseInstant(text, now);
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe("parseInstant", () => {
  it("takes ISO dates (UTC midnight), ISO date-times and ages", () => {
    expect(parseInstant("2026-11-01", now).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(parseInstant("2026-11-01T12:30:00Z", now).toISOString()).toBe("2026-11-01T12:30:00.000Z");
    expect(parseInstant("2026-11-01T12:30:00.5+02:00", now).toISOString()).toBe("2026-11-01T10:30:00.500Z");
    expect(parseInstant("2h", now).toISOString()).toBe("2026-11-22T10:00:00.000Z");
    expect(parseInstant(" 7d ", now).toISOString()).toBe("2026-11-15T12:00:00.000Z");
  });

  it('refuses what new Date would misread ("1" as 2001, "Nov 1" as 2001-11-01)', () => {
    for (const text of ["1", "Nov 1", "2026", "next tuesday", "12/01/2026", ""]) {
      expect(codeOf(text)).toBe("TIME_INVALID_INSTANT");
    }
  });
});
