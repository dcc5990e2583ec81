/**
 * The unseen-case rounds (test/vectors/risk-families.jsonl): every dangerous command rated
 * high or critical, every harmless one not, except the few marked `known` (kept, with their
 * reason, and counted in the rates), and the rates held to the targets.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { analyze, lexSimpleCommand, loadShellParser } from "../../src/risk/index.js";
import { action } from "./case-table.js";
import { FAMILY_CASES } from "./family-cases.js";

const ALARM = ["high", "critical"];

beforeAll(() => loadShellParser());

describe("unseen-case rounds (test/vectors/risk-families.jsonl)", () => {
  for (const c of FAMILY_CASES.filter((entry) => !entry.known)) {
    const label = `round ${c.round} ${c.family} ${c.dangerous ? "dangerous" : "harmless"}: ${c.command}`;
    it(label.replace(/\n/g, "\\n"), async () => {
      const result = await analyze(action(c.command));
      const view = JSON.stringify({ level: result.level, reasons: result.reasons });
      if (c.dangerous) expect(ALARM, view).toContain(result.level);
      else expect(ALARM, view).not.toContain(result.level);
    });
  }

  it("meets the targets over every round (known cases included)", async () => {
    let dangerous = 0;
    let caught = 0;
    let harmless = 0;
    let alarms = 0;
    for (const c of FAMILY_CASES) {
      const high = ALARM.includes((await analyze(action(c.command))).level);
      if (c.dangerous) {
        dangerous += 1;
        if (high) caught += 1;
      } else {
        harmless += 1;
        if (high) alarms += 1;
      }
    }
    expect(dangerous).toBeGreaterThan(400);
    expect(caught / dangerous).toBeGreaterThanOrEqual(0.95);
    expect(alarms / harmless).toBeLessThanOrEqual(0.02);
  });

  it("leaves most commands to the exact tokenizer (the hook then never loads the grammar)", () => {
    const fast = FAMILY_CASES.filter((c) => lexSimpleCommand(c.command) !== null).length;
    expect(fast / FAMILY_CASES.length).toBeGreaterThanOrEqual(0.8);
    const everyday = FAMILY_CASES.filter((c) => c.family === "false-alarms");
    const everydayFast = everyday.filter((c) => lexSimpleCommand(c.command) !== null).length;
    expect(everydayFast / everyday.length).toBeGreaterThanOrEqual(0.9);
  });
});
