/**
 * The unnamed-families round's tuning set (test/vectors/risk-tuning-unix3.jsonl, origin beside
 * it): commands of programs no rule table names (a few through curl, httpie and java), from the
 * command references of platform, cluster, backup, message-broker, secret-store, registry and
 * release CLIs, database tools, HTTP APIs and the host's manual pages, judged by the level table
 * before the round's rules (rules/credential-output.ts and the widened general model). Every
 * dangerous command rated high or critical, every harmless one not, except those marked `known`
 * (with the reason; counted in the rates). The rates are held at the figures reached (docs/risk.md).
 */
import { describeJudgedSet } from "./judged.js";

// first run 75 / 113 (unnamed 68 / 104), 9 / 125; after the round 110 / 113 (unnamed 101 / 104), 5 / 125;
// the second batch (129 cases, `batch: 2`, run once after the first batch's rules) 58 / 70 (unnamed
// 52 / 63), 1 / 59, then 68 / 70, 0 / 59 after its own widening; the whole file 178 / 183 (unnamed
// 162 / 167), 5 / 184; the third batch (62 cases, `batch: 3`, run once after every earlier rule of
// the round) 25 / 33 (unnamed 24 / 32), 1 / 29, then 29 / 33, 0 / 29; the whole file 207 / 216
// (unnamed 190 / 199), 5 / 213
describeJudgedSet("unnamed-families round tuning set", "risk-tuning-unix3.jsonl", {
  dangerous: 216,
  caught: 0.958,
  unnamed: 0.954,
  alarms: 0.024,
});
