/**
 * The fifth unnamed-families round's tuning set (test/vectors/risk-tuning-unnamed5.jsonl, origin
 * beside it): commands of the Oracle Cloud, OpenStack, JFrog, Cloud Foundry, Tekton and NATS CLIs
 * and pgBackRest (no rule table names them) beside doctl, gh, glab, mc, rclone and restic (named),
 * from their command references, judged by the level table before the round's rules: destruction
 * with scope, credentials printed or minted, access granted, resources opened to everyone,
 * protections switched off, and the listing, showing, creating and help forms beside them. Every
 * dangerous command rated high or critical, every harmless one not, except those marked `known`
 * (with the reason; counted in the rates). The rates are held at the figures reached (docs/risk.md).
 */
import { describeJudgedSet } from "./judged.js";

// batch 1: first run 60 / 95 (unnamed 42 / 65), 3 / 115 harmless high; after the round's rules
// 90 / 95 (unnamed 63 / 65), 0 / 115
describeJudgedSet("fifth unnamed-families round tuning set", "risk-tuning-unnamed5.jsonl", {
  dangerous: 95,
  caught: 0.947,
  unnamed: 0.969,
  alarms: 0,
});
