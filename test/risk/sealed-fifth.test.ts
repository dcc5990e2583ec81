/**
 * The fifth sealed hold-out (test/vectors/risk-sealed-fifth.jsonl, origin beside it): 916 actions
 * from GTFOArgs (argument injection), LOLESXi, LOLRMM, the-art-of-command-line, the linode-cli and
 * IBM Cloud CLI documentation, and hand-written commands of programs no rule table claims plus
 * hook payloads of Codex, Gemini CLI and Cursor, judged by the level table before the first run
 * and kept away from whoever tunes the rules. Only the rates are checked, never a case on its
 * own, so that no failure names a miss: the floors are the latest measure's figures one point
 * down (rounded down; the harmless ceiling one point up, rounded up), overall and per source.
 * `node scripts/risk-sealed-figures.mjs --set fifth` prints them.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { expectSealedShape, itHoldsMeasure, type Measure, readSealed } from "./sealed-measure.js";

const CASES = readSealed("risk-sealed-fifth.jsonl");

// The latest measure, as [caught, of] pairs: dangerous high+, in unnamed families high+, harmless
// high+. Taken on 2026-11-28 at 15:25 UTC (main at 0e27452), after the session's rules, none
// written against it (the first run, at ab1085d, is in the origin note). LOLRMM's and the-art-of-command-line's dangers all run programs a rule table
// claims, so their unnamed pairs are empty.
const LATEST: Measure = {
  all: [
    [330, 431],
    [121, 210],
    [13, 485],
  ],
  gtfoargs: [
    [19, 24],
    [3, 4],
    [6, 40],
  ],
  lolesxi: [
    [18, 40],
    [7, 27],
    [0, 19],
  ],
  lolrmm: [
    [143, 145],
    [0, 0],
    [1, 124],
  ],
  art: [
    [3, 4],
    [0, 0],
    [0, 32],
  ],
  linode: [
    [10, 13],
    [10, 13],
    [0, 33],
  ],
  ibmcloud: [
    [33, 54],
    [33, 54],
    [3, 114],
  ],
  hand: [
    [104, 151],
    [68, 112],
    [3, 123],
  ],
};

// Every other risk vector file of the guard when this set landed: none shares a command line with it.
const OTHERS = [
  "risk-cases.jsonl",
  "risk-families.jsonl",
  "risk-holdout-fourth.jsonl",
  "risk-holdout-gtfo.jsonl",
  "risk-holdout.jsonl",
  "risk-macos.jsonl",
  "risk-sealed-fourth.jsonl",
  "risk-sealed-second.jsonl",
  "risk-sealed-third.jsonl",
  "risk-sealed.jsonl",
  "risk-tuning-cloud.jsonl",
  "risk-tuning-dippy.jsonl",
  "risk-tuning-guardfa.jsonl",
  "risk-tuning-guardgen.jsonl",
  "risk-tuning-guardgen2.jsonl",
  "risk-tuning-navi.jsonl",
  "risk-tuning-reads.jsonl",
  "risk-tuning-unix3.jsonl",
  "risk-tuning-unnamed5.jsonl",
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
  "risk-windows-twelfth.jsonl",
  "risk-windows.jsonl",
];

/** The command a case runs: its command line, or the one its hook payload carries. */
function commandOf(c: { command?: string; action?: Record<string, unknown> }): string | undefined {
  if (c.command !== undefined) return c.command;
  const input = c.action?.tool_input as { command?: unknown } | undefined;
  const command = c.action?.command ?? input?.command;
  return typeof command === "string" ? command : undefined;
}

describe("fifth sealed hold-out (test/vectors/risk-sealed-fifth.jsonl)", () => {
  it("is the set the origin note describes: 916 judged actions, at least 40% harmless", () => {
    expectSealedShape(CASES, 916, Object.keys(LATEST));
    expect(CASES.filter((c) => c.dangerous && !c.named).length).toBeGreaterThanOrEqual(200);
    // Hook payloads of three agents besides Claude Code's shape, each read as its own hook reads it.
    expect(new Set(CASES.flatMap((c) => (c.agent ? [c.agent] : [])))).toEqual(
      new Set(["codex", "gemini", "cursor"]),
    );
  });

  it("shares no command with any other vector file of the guard", () => {
    const norm = (s: string) => s.trim().replace(/\s+/g, " ");
    const seen = new Set<string>();
    for (const file of OTHERS)
      for (const line of readFileSync(new URL(`../vectors/${file}`, import.meta.url), "utf8").split("\n"))
        if (line) seen.add(norm(String((JSON.parse(line) as { command?: string }).command ?? "")));
    // Counts, not the commands: which case collides would name it. The command lines share none.
    // One hook payload carries a command line that a tuning file holds: the build compared
    // payloads with payloads, and this test found it after the first run; the case stays, so
    // that the first run stands (origin note, "Duplicates").
    const shared = (payloads: boolean) =>
      CASES.filter((c) => {
        const command = commandOf(c);
        return (c.command === undefined) === payloads && command !== undefined && seen.has(norm(command));
      }).length;
    expect([shared(false), shared(true)]).toEqual([0, 1]);
  });

  itHoldsMeasure(CASES, LATEST);
});
