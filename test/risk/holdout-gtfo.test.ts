/**
 * The fourth hold-out (test/vectors/risk-holdout-gtfo.jsonl, origin beside it): 588 commands from
 * GTFOBins, Atomic Red Team and the cheat/cheatsheets sheets, judged by the level table before
 * any rule of its round. Every dangerous command rated high or critical, every harmless one not,
 * except those marked `known` (with the reason; counted in the rates). The rates are held at the
 * figures reached after the round (docs/risk.md): the targets (95% / 90% / 2%) are met
 * for the unnamed families and the harmless commands, not yet for all dangers.
 */
import { beforeAll, describe } from "vitest";
import { loadShellParser } from "../../src/risk/index.js";
import { describeJudgedSet, itJudgesEach, readJudged } from "./judged.js";

describeJudgedSet("fourth hold-out", "risk-holdout-gtfo.jsonl", {
  dangerous: 339,
  caught: 0.92,
  unnamed: 0.9,
  alarms: 0.02,
});

// taken after the round's rules (origin beside the file): every case but the `known` ones
describe("after the round (test/vectors/risk-holdout-fourth.jsonl)", () => {
  beforeAll(() => loadShellParser());
  itJudgesEach(readJudged("risk-holdout-fourth.jsonl"));
});
