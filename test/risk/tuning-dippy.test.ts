/**
 * The fifth round's second set (test/vectors/risk-tuning-dippy.jsonl, origin beside it): 378
 * commands sampled from the test tables of Dippy, another agent command guard, judged by the level
 * table and run once after the round's first rules (the round's unseen measure), then tuned on.
 * Every dangerous command rated high or critical, every harmless one not, except those marked
 * `known` (with the reason; counted in the rates). The rates are held at the figures reached.
 */
import { describeJudgedSet } from "./judged.js";

// first run 33 / 49, 4 / 12, 4 / 329; after tuning 47 / 49, 11 / 12, 0 / 329
describeJudgedSet("fifth-round second set", "risk-tuning-dippy.jsonl", {
  dangerous: 49,
  caught: 0.95,
  unnamed: 0.91,
  alarms: 0,
});
