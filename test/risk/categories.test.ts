/**
 * The rule families of docs/risk.md, case by case: dangerous commands must be rated high or
 * critical, harmless near misses must not. One test also holds the rates over all tables to the
 * targets (at least 95% of dangerous cases high or critical, at most 2% of harmless ones).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { analyze, loadShellParser } from "../../src/risk/index.js";
import { action } from "./case-table.js";
import { ALL_CATEGORIES as CATEGORIES } from "./categories.js";

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

it("meets the targets over all tables, and every alarm has a reason", async () => {
  let dangerous = 0;
  let caught = 0;
  let harmless = 0;
  let alarms = 0;
  for (const category of CATEGORIES) {
    for (const command of category.dangerous) {
      const result = await analyze(action(command));
      dangerous += 1;
      if (ALARM.includes(result.level)) caught += 1;
      expect(result.reasons.length, command).toBeGreaterThan(0);
    }
    for (const command of category.harmless) {
      harmless += 1;
      if (ALARM.includes((await analyze(action(command))).level)) alarms += 1;
    }
  }
  expect(caught / dangerous).toBeGreaterThanOrEqual(0.95);
  expect(alarms / harmless).toBeLessThanOrEqual(0.02);
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
