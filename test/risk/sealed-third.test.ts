/**
 * The third sealed hold-out (test/vectors/risk-sealed-third.jsonl, origin beside it): 1,034
 * actions from MITRE Caldera's abilities, LOOBins' macOS use cases, Arsenal's cheats, the Azure
 * CLI's reference examples, and hand-written commands of tools no other vector file holds plus
 * Claude Code hook payloads and generic file and network actions, judged by the level table
 * before the first run and kept away from whoever tunes the rules. Only the rates are checked,
 * never a case on its own, so that no failure names a miss: the floors are the latest measure's
 * figures one point down (rounded down; the harmless ceiling one point up, rounded up), overall
 * and per source. `node scripts/risk-sealed-figures.mjs --set third` prints them.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { expectSealedShape, itHoldsMeasure, type Measure, readSealed } from "./sealed-measure.js";

const CASES = readSealed("risk-sealed-third.jsonl");

// The latest measure, as [caught, of] pairs: dangerous high+, in unnamed families high+, harmless
// high+. Taken on 2026-11-28 at 15:25 UTC (main at 0e27452), after the rules written while the set
// was sealed (the origin note keeps the first run, at 8126f8b, too). 22 of the 51 harmless alarms
// run a program of the attack-tool table (docs/decisions/risk-attack-tools.md): the set judged
// those runs by their sub-command, the project rates any run of such a tool high. The Azure CLI's program has a rule table, so its unnamed pair is empty.
const LATEST: Measure = {
  all: [
    [409, 478],
    [182, 210],
    [50, 556],
  ],
  stockpile: [
    [57, 62],
    [10, 10],
    [16, 84],
  ],
  loobins: [
    [35, 38],
    [2, 3],
    [2, 103],
  ],
  arsenal: [
    [215, 243],
    [135, 156],
    [28, 172],
  ],
  "azure-cli": [
    [38, 64],
    [0, 0],
    [4, 127],
  ],
  hand: [
    [64, 71],
    [35, 41],
    [0, 70],
  ],
};

// Every other vector file of the guard when this set was built: none shares a command with it.
const OTHERS = [
  "risk-cases.jsonl",
  "risk-families.jsonl",
  "risk-holdout.jsonl",
  "risk-holdout-fourth.jsonl",
  "risk-holdout-gtfo.jsonl",
  "risk-sealed.jsonl",
  "risk-sealed-second.jsonl",
  "risk-tuning-dippy.jsonl",
  "risk-tuning-guardfa.jsonl",
  "risk-tuning-guardgen.jsonl",
  "risk-tuning-guardgen2.jsonl",
  "risk-tuning-navi.jsonl",
  "risk-unseen-holmes.jsonl",
  "risk-windows.jsonl",
  "risk-windows-second.jsonl",
  "risk-windows-third.jsonl",
  "risk-windows-fourth.jsonl",
  "risk-windows-fifth.jsonl",
  "risk-windows-sixth.jsonl",
  "risk-windows-seventh.jsonl",
  "risk-windows-eighth.jsonl",
];

describe("third sealed hold-out (test/vectors/risk-sealed-third.jsonl)", () => {
  it("is the set the origin note describes: 1,034 judged actions, at least 40% harmless", () => {
    expectSealedShape(CASES, 1034, Object.keys(LATEST));
  });

  it("shares no command with any other vector file (each case is unseen by the other sets)", () => {
    const norm = (s: string) => s.trim().replace(/\s+/g, " ");
    const seen = new Set<string>();
    for (const file of OTHERS)
      for (const line of readFileSync(new URL(`../vectors/${file}`, import.meta.url), "utf8").split("\n"))
        if (line) seen.add(norm(String((JSON.parse(line) as { command?: string }).command ?? "")));
    // A count, not the commands: which case collides would name it.
    expect(CASES.filter((c) => c.command !== undefined && seen.has(norm(c.command))).length).toBe(0);
  });

  itHoldsMeasure(CASES, LATEST);
});
