/**
 * The fourth sealed hold-out (test/vectors/risk-sealed-fourth.jsonl, origin beside it): 1,050
 * actions from the command steps of MITRE's adversary emulation plans, the ired.team notes, the
 * Kubernetes documentation (kubectl cheat sheet, etcd operation), the Fly.io and Helm
 * documentation, and hand-written commands of programs no rule table claims plus Claude Code hook
 * payloads, judged by the level table before the first run and kept away from whoever tunes the
 * rules. Only the rates are checked, never a case on its own, so that no failure names a miss:
 * the floors are the latest measure's figures one point down (rounded down; the harmless ceiling
 * one point up, rounded up), overall and per source. `node scripts/risk-sealed-figures.mjs --set
 * fourth` prints them.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { expectSealedShape, itHoldsMeasure, type Measure, readSealed } from "./sealed-measure.js";

const CASES = readSealed("risk-sealed-fourth.jsonl");

// The latest measure, as [caught, of] pairs: dangerous high+, in unnamed families high+, harmless
// high+. Taken on 2026-11-28 at 15:25 UTC (main at 0e27452), after the rules written while the
// set was sealed; the origin note keeps the first run (main at 63b830d) and the landing measure
// (34ba71b) too. 13 of the 47 harmless alarms run a program of the attack-tool table
// (docs/decisions/risk-attack-tools.md), which the set judged by sub-command. The Fly.io and Helm programs have rule tables, so their unnamed pairs are empty.
const LATEST: Measure = {
  all: [
    [414, 509],
    [145, 205],
    [49, 541],
  ],
  emulation: [
    [108, 147],
    [21, 50],
    [21, 173],
  ],
  ired: [
    [170, 186],
    [39, 47],
    [23, 144],
  ],
  kubernetes: [
    [5, 10],
    [0, 2],
    [0, 44],
  ],
  flyctl: [
    [23, 35],
    [0, 0],
    [1, 87],
  ],
  helm: [
    [2, 2],
    [0, 0],
    [0, 31],
  ],
  hand: [
    [106, 129],
    [85, 106],
    [4, 62],
  ],
};

// Every other vector file of the guard when this set was built: none shares a command with it.
const OTHERS = [
  "risk-cases.jsonl",
  "risk-families.jsonl",
  "risk-holdout-fourth.jsonl",
  "risk-holdout-gtfo.jsonl",
  "risk-holdout.jsonl",
  "risk-macos.jsonl",
  "risk-sealed-second.jsonl",
  "risk-sealed-third.jsonl",
  "risk-sealed.jsonl",
  "risk-tuning-dippy.jsonl",
  "risk-tuning-guardfa.jsonl",
  "risk-tuning-guardgen.jsonl",
  "risk-tuning-guardgen2.jsonl",
  "risk-tuning-navi.jsonl",
  "risk-tuning-unix3.jsonl",
  "risk-unseen-holmes.jsonl",
  "risk-windows-eighth.jsonl",
  "risk-windows-eleventh.jsonl",
  "risk-windows-fifth.jsonl",
  "risk-windows-fourth.jsonl",
  "risk-windows-ninth.jsonl",
  "risk-windows-second.jsonl",
  "risk-windows-seventh.jsonl",
  "risk-windows-sixth.jsonl",
  "risk-windows-tenth.jsonl",
  "risk-windows-third.jsonl",
  "risk-windows.jsonl",
];

describe("fourth sealed hold-out (test/vectors/risk-sealed-fourth.jsonl)", () => {
  it("is the set the origin note describes: 1,050 judged actions, at least 40% harmless", () => {
    expectSealedShape(CASES, 1050, Object.keys(LATEST));
    expect(CASES.filter((c) => c.dangerous && !c.named).length).toBeGreaterThanOrEqual(200);
  });

  it("shares no command with any other vector file of the guard", () => {
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
