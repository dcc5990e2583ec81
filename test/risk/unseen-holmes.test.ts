/**
 * The fifth round's last set (test/vectors/risk-unseen-holmes.jsonl, origin beside it): 150
 * commands from HolmesGPT's command-safety tests, judged by the level table and run once after the
 * round's rules (13 / 19 dangerous high+, 1 / 131 harmless on that run), then read as families.
 */
import { describeJudgedSet } from "./judged.js";

describeJudgedSet("fifth-round last set", "risk-unseen-holmes.jsonl", {
  dangerous: 19,
  caught: 1,
  alarms: 0,
});
