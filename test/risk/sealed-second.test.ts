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
import { describe, expect, it } from "vitest";
import { expectSealedShape, itHoldsMeasure, type Measure, readSealed } from "./sealed-measure.js";

const CASES = readSealed("risk-sealed-second.jsonl");

// The latest measure, as [caught, of] pairs: dangerous high+, in unnamed families high+, harmless
// high+. Taken on 2026-11-28 at 15:25 UTC (main at 0e27452), after the rules
// written while the set was sealed (the origin note keeps every measure). Hand-written actions name no program, so
// their unnamed pair is empty.
const LATEST: Measure = {
  all: [
    [602, 647],
    [67, 87],
    [19, 611],
  ],
  "safety-net": [
    [170, 177],
    [4, 4],
    [3, 64],
  ],
  "linux-command": [
    [209, 238],
    [48, 67],
    [16, 421],
  ],
  elastic: [
    [135, 144],
    [15, 16],
    [0, 57],
  ],
  hand: [
    [88, 88],
    [0, 0],
    [0, 69],
  ],
};

describe("second sealed hold-out (test/vectors/risk-sealed-second.jsonl)", () => {
  it("is the set the origin note describes: 1,258 judged actions, at least 40% harmless", () => {
    expectSealedShape(CASES, 1258, Object.keys(LATEST));
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

  itHoldsMeasure(CASES, LATEST);
});
