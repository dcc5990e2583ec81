/**
 * The fourth hold-out (test/vectors/risk-holdout-gtfo.jsonl, origin beside it): 588 commands from
 * GTFOBins, Atomic Red Team and the cheat/cheatsheets sheets, judged by the level table before
 * any rule of its round. Every dangerous command rated high or critical, every harmless one not,
 * except those marked `known` (with the reason; counted in the rates). The rates are held at the
 * figures reached after the round (docs/risk.md): the targets (95% / 90% / 2%) are met
 * for the unnamed families and the harmless commands, not yet for all dangers.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { analyze, loadShellParser } from "../../src/risk/index.js";
import { action } from "./case-table.js";

interface HoldoutCase {
  source: string;
  family: string;
  dangerous: boolean;
  command: string;
  named: boolean;
  known?: string;
}

const CASES: HoldoutCase[] = readFileSync(
  new URL("../vectors/risk-holdout-gtfo.jsonl", import.meta.url),
  "utf8",
)
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line) as HoldoutCase);
const FOURTH: HoldoutCase[] = readFileSync(
  new URL("../vectors/risk-holdout-fourth.jsonl", import.meta.url),
  "utf8",
)
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line) as HoldoutCase);
const ALARM = ["high", "critical"];

beforeAll(() => loadShellParser());

describe("fourth hold-out (test/vectors/risk-holdout-gtfo.jsonl)", () => {
  for (const c of CASES.filter((entry) => !entry.known)) {
    const label = `${c.source} ${c.family} ${c.dangerous ? "dangerous" : "harmless"}: ${c.command}`;
    it(label.replace(/\n/g, "\\n"), async () => {
      const result = await analyze(action(c.command));
      const view = JSON.stringify({ level: result.level, reasons: result.reasons });
      if (c.dangerous) expect(ALARM, view).toContain(result.level);
      else expect(ALARM, view).not.toContain(result.level);
    });
  }

  it("holds the round's rates (known cases included): 92% of dangers, 90% in unnamed families, at most 2% of harmless", async () => {
    const count = { dangerous: 0, caught: 0, unnamed: 0, unnamedCaught: 0, harmless: 0, alarms: 0 };
    for (const c of CASES) {
      const high = ALARM.includes((await analyze(action(c.command))).level);
      if (c.dangerous) {
        count.dangerous += 1;
        if (high) count.caught += 1;
        if (!c.named) {
          count.unnamed += 1;
          if (high) count.unnamedCaught += 1;
        }
      } else {
        count.harmless += 1;
        if (high) count.alarms += 1;
      }
    }
    expect(count.dangerous).toBeGreaterThan(300);
    expect(count.caught / count.dangerous).toBeGreaterThanOrEqual(0.92);
    expect(count.unnamedCaught / count.unnamed).toBeGreaterThanOrEqual(0.9);
    expect(count.alarms / count.harmless).toBeLessThanOrEqual(0.02);
  });
});

// taken after the round's rules (origin beside the file): every case but the `known` ones
describe("after the round (test/vectors/risk-holdout-fourth.jsonl)", () => {
  for (const c of FOURTH.filter((entry) => !entry.known)) {
    it(`${c.dangerous ? "dangerous" : "harmless"}: ${c.command}`, async () => {
      const result = await analyze(action(c.command));
      const view = JSON.stringify({ level: result.level, reasons: result.reasons });
      if (c.dangerous) expect(ALARM, view).toContain(result.level);
      else expect(ALARM, view).not.toContain(result.level);
    });
  }
});
