/**
 * The sixth round's tuning set (test/vectors/risk-tuning-guardgen.jsonl, origin beside it): 588
 * commands from cheat.sh's sheets (chubin/cheat.sheets), the AWS CLI's examples, the Docker CLI
 * reference and the manuals of administration tools no rule named (message brokers, backup
 * tools, CI servers, secret managers, platform CLIs, registries, volume managers, search engines'
 * HTTP APIs, the clock, quotas, SELinux, process supervisors), judged by the level table before
 * the round's rules. Every dangerous command rated high or critical, every harmless one not,
 * except those marked `known` (with the reason; counted in the rates). The rates are held at the
 * figures reached (docs/risk.md).
 */
import { describeJudgedSet } from "./judged.js";

// first run 240 / 338, 85 / 168, 15 / 250; after the round 322 / 338, 156 / 168, 6 / 250
describeJudgedSet("sixth-round tuning set", "risk-tuning-guardgen.jsonl", {
  dangerous: 338,
  caught: 0.95,
  unnamed: 0.92,
  alarms: 0.024,
});
