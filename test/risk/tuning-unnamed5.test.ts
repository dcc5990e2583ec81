/**
 * The fifth unnamed-families round's tuning set (test/vectors/risk-tuning-unnamed5.jsonl, origin
 * beside it): commands of the Oracle Cloud, OpenStack, JFrog, Cloud Foundry, Tekton and NATS CLIs,
 * pgBackRest and (batch 2) govc, tea, sf, algolia, sanity, contentful, tccli and cloudflared (no rule
 * table names them) beside doctl, gh, glab, mc, rclone and restic (named),
 * from their command references, judged by the level table before the round's rules: destruction
 * with scope, credentials printed or minted, access granted, resources opened to everyone,
 * protections switched off, and the listing, showing, creating and help forms beside them. Every
 * dangerous command rated high or critical, every harmless one not, except those marked `known`
 * (with the reason; counted in the rates). The rates are held at the figures reached (docs/risk.md).
 */
import { describeJudgedSet } from "./judged.js";

// batch 1: first run 60 / 95 (unnamed 42 / 65), 3 / 115 harmless high; after the round's rules
// 90 / 95 (unnamed 63 / 65), 0 / 115. Batch 2 (govc, tea, sf, algolia, sanity, contentful, tccli,
// cloudflared; run once on batch 1's rules): 24 / 38 (all unnamed), 2 / 50; after its widening
// 36 / 38, 0 / 50. The whole file 126 / 133 (unnamed 99 / 103), 0 / 165
describeJudgedSet("fifth unnamed-families round tuning set", "risk-tuning-unnamed5.jsonl", {
  dangerous: 133,
  caught: 0.947,
  unnamed: 0.961,
  alarms: 0,
});
