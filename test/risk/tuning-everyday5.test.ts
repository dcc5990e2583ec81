/**
 * The everyday-commands tuning set (test/vectors/risk-tuning-everyday5.jsonl, origin beside it):
 * the `run:` steps of well-known projects' GitHub Actions workflows and the RUN lines and
 * maintenance scripts of official Docker images, beside their dangerous neighbours (sudo
 * installs, writes and deletes under system directories, users added, ownership changed), judged
 * by the level table before the rules written against each batch. Every dangerous command rated
 * high or critical, every harmless one not, except those marked `known` (with the reason; counted
 * in the rates). The rates are held at the figures reached (docs/risk.md).
 */
import { describeJudgedSet } from "./judged.js";

// first runs (main at 67cc1c5, nothing of this increment written):
// batch one (workflows) 17 / 20 dangerous, 0 / 324 harmless rated high or critical;
// batch two (Docker images) 84 / 96, 13 / 322 (4.0 %);
// after batch one's and two's rules 115 / 116 (99.1 %), 0 / 646
describeJudgedSet("everyday tuning set", "risk-tuning-everyday5.jsonl", {
  dangerous: 116,
  caught: 0.991,
  alarms: 0,
});
