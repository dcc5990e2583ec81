/**
 * The fifth round's tuning set (test/vectors/risk-tuning-navi.jsonl, origin beside it): 451
 * commands from navi cheat sheets, Bash-Oneliner, the book of secret knowledge and the manuals of
 * the programs they name, judged by the level table before the round's rules. Every dangerous
 * command rated high or critical, every harmless one not, except those marked `known` (with the
 * reason; counted in the rates). The rates are held at the figures reached (docs/risk.md).
 */
import { describeJudgedSet } from "./judged.js";

// first run 138 / 162, 38 / 56, 6 / 289; after the round 159 / 162, 53 / 56, 1 / 289
describeJudgedSet("fifth-round tuning set", "risk-tuning-navi.jsonl", {
  dangerous: 162,
  caught: 0.98,
  unnamed: 0.94,
  alarms: 0.004,
});
