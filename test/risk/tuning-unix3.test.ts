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

// first run 75 / 113 (unnamed 68 / 104), 9 / 125; after the round 109 / 113 (unnamed 100 / 104), 5 / 125
describeJudgedSet("unnamed-families round tuning set", "risk-tuning-unix3.jsonl", {
  dangerous: 113,
  caught: 0.964,
  unnamed: 0.961,
  alarms: 0.04,
});
