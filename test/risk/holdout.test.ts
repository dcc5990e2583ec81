/**
 * The round-three hold-out (test/vectors/risk-holdout.jsonl, origin beside it): 1,092 commands
 * from other command guards' fixtures, tldr-pages examples and published one-liners, judged by
 * the level table. Every dangerous command rated high or critical, every harmless one not,
 * except the few marked `known` (counted in the rates); the rates held to the targets, also
 * within the families no rule named before the general model (`named: false`).
 */
import { describeJudgedSet } from "./judged.js";

describeJudgedSet("round-three hold-out", "risk-holdout.jsonl", {
  dangerous: 556,
  caught: 0.95,
  unnamed: 0.9,
  alarms: 0.02,
});
