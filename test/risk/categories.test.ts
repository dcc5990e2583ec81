/**
 * The rule families of docs/risk.md, case by case: dangerous commands must be rated high or
 * critical, harmless near misses must not. The last test reports the rates over all tables.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { analyze, loadShellParser } from "../../src/risk/index.js";
import { action } from "./case-table.js";
import { type Category, GIT_DISCARD, RECURSIVE_DELETE, SECRETS, XARGS } from "./category-cases.js";
import { EVERYDAY } from "./category-cases-everyday.js";
import { FIFTH } from "./category-cases-fifth.js";
import { FOURTH } from "./category-cases-fourth.js";
import { FALSE_ALARMS, INDIRECTION, INTERPRETERS, SPELLINGS, WRAPPERS } from "./category-cases-more.js";
import { SECOND } from "./category-cases-second.js";
import { THIRD } from "./category-cases-third.js";

const CATEGORIES: Category[] = [
  GIT_DISCARD,
  XARGS,
  RECURSIVE_DELETE,
  SECRETS,
  INTERPRETERS,
  WRAPPERS,
  INDIRECTION,
  SPELLINGS,
  FALSE_ALARMS,
  SECOND,
  THIRD,
  EVERYDAY,
  FOURTH,
  FIFTH,
];
const ALARM = ["high", "critical"];

async function levelOf(command: string) {
  const result = await analyze(action(command));
  return { level: result.level, view: JSON.stringify({ level: result.level, reasons: result.reasons }) };
}

beforeAll(() => loadShellParser());

for (const category of CATEGORIES) {
  describe(category.name, () => {
    for (const command of category.dangerous) {
      it(`dangerous: ${command.replace(/\n/g, "\\n")}`, async () => {
        const { level, view } = await levelOf(command);
        expect(ALARM, view).toContain(level);
      });
    }
    for (const command of category.harmless) {
      it(`harmless: ${command.replace(/\n/g, "\\n")}`, async () => {
        const { level, view } = await levelOf(command);
        expect(ALARM, view).not.toContain(level);
      });
    }
  });
}

it("every dangerous case has a reason that names what it found", async () => {
  for (const category of CATEGORIES) {
    for (const command of category.dangerous) {
      const result = await analyze(action(command));
      expect(result.reasons.length, command).toBeGreaterThan(0);
    }
  }
});

it("bounds the work of loops and nested scripts built to multiply it", async () => {
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  let line = "echo x";
  for (let level = 0; level < 6; level += 1)
    line = `for a in 1 2 3 4 5 6 7 8; do bash -c ${quote(line)}; done`;
  const result = await analyze(action(line));
  expect(result.level).toBe("high");
  expect(result.commands.length).toBeLessThanOrEqual(600);
});
