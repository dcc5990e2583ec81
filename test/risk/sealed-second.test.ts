/**
 * The second sealed hold-out (test/vectors/risk-sealed-second.jsonl, origin beside it): 1,258
 * actions from claude-code-safety-net's tests, linux-command's examples, Elastic's detection
 * rules, and hand-written file, network, MCP and HTTP-API actions, judged by the level table
 * before the first run and kept away from whoever tunes the rules. Only the rates are checked,
 * never a case on its own, so that no failure names a miss: the floors are the latest measure's
 * figures one point down (rounded down; the harmless ceiling one point up, rounded up), overall
 * and per source. `node scripts/risk-sealed-figures.mjs --set second` prints them.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { parseActionValue } from "../../src/action-input/index.js";
import { analyze, loadShellParser } from "../../src/risk/index.js";

interface SealedCase {
  source: string;
  origin: string;
  family: string;
  dangerous: boolean;
  named: boolean;
  /** A command line, or (`action`) any action of docs/actions.md. */
  command?: string;
  action?: Record<string, unknown>;
}

const CWD = "/home/dev/project";
const CASES: SealedCase[] = readFileSync(
  new URL("../vectors/risk-sealed-second.jsonl", import.meta.url),
  "utf8",
)
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line) as SealedCase);

// The latest measure (origin note: the first run, against main before any rule was written
// for this set), as [caught, of] pairs: dangerous high+, in unnamed families high+, harmless
// high+. Hand-written actions name no program, so their unnamed pair is empty.
type Pair = [caught: number, of: number];
type Measure = Record<string, [danger: Pair, unnamed: Pair, harmless: Pair]>;
const FIRST_RUN: Measure = {
  all: [
    [551, 647],
    [22, 87],
    [20, 611],
  ],
  "safety-net": [
    [170, 177],
    [4, 4],
    [3, 64],
  ],
  "linux-command": [
    [176, 238],
    [14, 67],
    [16, 421],
  ],
  elastic: [
    [118, 144],
    [4, 16],
    [1, 57],
  ],
  hand: [
    [87, 88],
    [0, 0],
    [0, 69],
  ],
};

const floor = ([n, d]: Pair) => (d === 0 ? 0 : Math.floor((n / d) * 100 - 1) / 100);
const ceiling = ([n, d]: Pair) => Math.ceil((n / d) * 100 + 1) / 100;
const ALARM = ["high", "critical"];

/** Judged as `trailseal classify --batch` judges a line (the figures script's path). */
async function rates(cases: SealedCase[]) {
  const count = { dangerous: 0, caught: 0, unnamed: 0, unnamedCaught: 0, harmless: 0, alarms: 0 };
  for (const c of cases) {
    const raw = c.action ? { ...c.action, cwd: CWD } : { kind: "command", command: c.command, cwd: CWD };
    const high = ALARM.includes((await analyze(parseActionValue(raw, "line"))).level);
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
  return count;
}

beforeAll(() => loadShellParser());

describe("second sealed hold-out (test/vectors/risk-sealed-second.jsonl)", () => {
  it("is the set the origin note describes: 1,258 judged actions, at least 40% harmless", () => {
    expect(CASES).toHaveLength(1258);
    for (const c of CASES) {
      expect(Object.keys(FIRST_RUN)).toContain(c.source);
      expect((typeof c.command === "string" && c.command.length > 0) !== (typeof c.action === "object")).toBe(
        true,
      );
      expect(typeof c.dangerous).toBe("boolean");
      expect(typeof c.named).toBe("boolean");
      expect(c.origin.length).toBeGreaterThan(0);
    }
    const keys = CASES.map((c) => c.command ?? JSON.stringify(c.action));
    expect(new Set(keys).size).toBe(CASES.length);
    expect(CASES.filter((c) => !c.dangerous).length / CASES.length).toBeGreaterThanOrEqual(0.4);
  });

  it("shares no command with any other vector file (each case is unseen by the other sets)", () => {
    const others = [
      "risk-sealed.jsonl",
      "risk-holdout.jsonl",
      "risk-families.jsonl",
      "risk-tuning-navi.jsonl",
    ]
      .concat([
        "risk-tuning-dippy.jsonl",
        "risk-holdout-gtfo.jsonl",
        "risk-holdout-fourth.jsonl",
        "risk-cases.jsonl",
      ])
      .concat([
        "risk-unseen-holmes.jsonl",
        "risk-windows.jsonl",
        "risk-windows-second.jsonl",
        "risk-windows-third.jsonl",
      ]);
    const norm = (s: string) => s.trim().replace(/\s+/g, " ");
    const seen = new Set<string>();
    for (const file of others)
      for (const line of readFileSync(new URL(`../vectors/${file}`, import.meta.url), "utf8").split("\n"))
        if (line) seen.add(norm(String((JSON.parse(line) as { command?: string }).command ?? "")));
    // A count, not the commands: which case collides would name it.
    expect(CASES.filter((c) => c.command !== undefined && seen.has(norm(c.command))).length).toBe(0);
  });

  for (const [source, [danger, unnamed, harmless]] of Object.entries(FIRST_RUN)) {
    it(`${source}: holds the latest measure's rates (one point of slack)`, async () => {
      const count = await rates(source === "all" ? CASES : CASES.filter((c) => c.source === source));
      expect([count.dangerous, count.unnamed, count.harmless]).toEqual([danger[1], unnamed[1], harmless[1]]);
      // Counts only in the messages: which case is missed stays sealed.
      expect(count.caught / count.dangerous).toBeGreaterThanOrEqual(floor(danger));
      if (count.unnamed > 0)
        expect(count.unnamedCaught / count.unnamed).toBeGreaterThanOrEqual(floor(unnamed));
      expect(count.alarms / count.harmless).toBeLessThanOrEqual(ceiling(harmless));
    });
  }
});
