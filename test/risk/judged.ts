// One judgement for every set of commands judged by the level table (case lists and the
// hold-outs in test/vectors): a dangerous command is rated high or critical, a harmless one is
// not; and the rates a whole set is held to, `known` misses included.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { ActionTarget } from "../../src/action/index.js";
import { analyze, loadShellParser } from "../../src/risk/index.js";
import { action } from "./case-table.js";

export const ALARM = ["high", "critical"];

export interface JudgedCase {
  source?: string;
  family?: string;
  dangerous: boolean;
  command: string;
  /** Whether a program rule table claimed the command's program before the general model. */
  named?: boolean;
  /** A case the rules still get wrong on purpose, with the reason. */
  known?: string;
}

export function readJudged<T extends JudgedCase = JudgedCase>(vector: string): T[] {
  return readFileSync(new URL(`../vectors/${vector}`, import.meta.url), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}

/** One test: the command's level against its label; a failure shows the level and the reasons. */
export function itJudges(label: string, command: string | ActionTarget, dangerous: boolean): void {
  it(label.replace(/\n/g, "\\n"), async () => {
    const result = await analyze(action(command));
    const view = JSON.stringify({ level: result.level, reasons: result.reasons });
    if (dangerous) expect(ALARM, view).toContain(result.level);
    else expect(ALARM, view).not.toContain(result.level);
  });
}

/** Families of dangerous cases and their harmless near misses, commands or other actions. */
export type JudgedFamilies<T extends string | ActionTarget = string> = Record<
  string,
  { dangerous: T[]; harmless: T[] }
>;

/** A describe per family: `dangerous: …` and `harmless: …` tests, an action shown as its JSON. */
export function describeFamilies<T extends string | ActionTarget>(families: JudgedFamilies<T>): void {
  beforeAll(() => loadShellParser());
  const show = (c: T) => (typeof c === "string" ? c : JSON.stringify(c));
  for (const [family, { dangerous, harmless }] of Object.entries(families)) {
    describe(family, () => {
      for (const c of dangerous) itJudges(`dangerous: ${show(c)}`, c, true);
      for (const c of harmless) itJudges(`harmless: ${show(c)}`, c, false);
    });
  }
}

export type Level = "none" | "low" | "medium" | "high" | "critical";

/** A describe per family (`<prefix><family>`), a test per row: the command's level, exactly. */
export function describeLevels(
  families: Record<string, [command: string, level: Level][]>,
  prefix = "",
): void {
  beforeAll(() => loadShellParser());
  for (const [family, rows] of Object.entries(families)) {
    describe(`${prefix}${family}`, () => {
      for (const [command, level] of rows) {
        it(`${level}: ${command}`, async () => {
          const result = await analyze(action(command));
          expect(result.level, JSON.stringify(result.reasons)).toBe(level);
        });
      }
    });
  }
}

/** A test per case not marked `known`, labelled by its source, family and label. */
export function itJudgesEach<T extends JudgedCase>(cases: T[], prefix: (c: T) => string = () => ""): void {
  for (const c of cases.filter((entry) => !entry.known)) {
    const label = [prefix(c), c.source, c.family, c.dangerous ? "dangerous:" : "harmless:", c.command];
    itJudges(label.filter(Boolean).join(" "), c.command, c.dangerous);
  }
}

export interface JudgedRates {
  dangerous: number;
  caught: number;
  unnamed: number;
  unnamedCaught: number;
  harmless: number;
  alarms: number;
}

/** Counts over a whole set of commands, `known` cases included (misses the rates must carry). */
export function judgedRates(cases: JudgedCase[]): Promise<JudgedRates> {
  return countRates(cases, async (c) => (await analyze(action(c.command))).level);
}

/** The same counts over any judged cases, `level` giving each case's level. */
export async function countRates<T extends Pick<JudgedCase, "dangerous" | "named">>(
  cases: T[],
  level: (c: T) => Promise<string>,
): Promise<JudgedRates> {
  const count = { dangerous: 0, caught: 0, unnamed: 0, unnamedCaught: 0, harmless: 0, alarms: 0 };
  for (const c of cases) {
    const high = ALARM.includes(await level(c));
    if (c.dangerous) {
      count.dangerous += 1;
      if (high) count.caught += 1;
      if (c.named === false) {
        count.unnamed += 1;
        if (high) count.unnamedCaught += 1;
      }
    } else {
      count.harmless += 1;
      if (high) count.alarms += 1;
    }
  }
  return count;
}

/** The rates a set is held to: its count of dangerous cases, and shares (0–1) of the whole set. */
export interface HeldRates {
  dangerous: number;
  caught: number;
  /** Of the dangers in families no rule names (`named: false`); absent where the set has few. */
  unnamed?: number;
  /** The most harmless cases rated high or critical. */
  alarms: number;
}

/** A set of judged commands: a test per case not marked `known`, and the rates of the whole set. */
export function describeJudgedSet(title: string, vector: string, held: HeldRates): void {
  describe(`${title} (test/vectors/${vector})`, () => {
    const cases = readJudged(vector);
    beforeAll(() => loadShellParser());
    itJudgesEach(cases);

    it("holds its rates (known cases included)", async () => {
      const count = await judgedRates(cases);
      expect(count.dangerous).toBe(held.dangerous);
      expect(count.caught / count.dangerous).toBeGreaterThanOrEqual(held.caught);
      if (held.unnamed !== undefined) {
        expect(count.unnamedCaught / count.unnamed).toBeGreaterThanOrEqual(held.unnamed);
      }
      expect(count.alarms / count.harmless).toBeLessThanOrEqual(held.alarms);
    });
  });
}
