/**
 * The cloud round's tuning set (test/vectors/risk-tuning-cloud.jsonl, origin beside it): commands
 * of the Google Cloud CLI and gsutil (named: the cloud table of rules/ops.ts) and of the Scaleway,
 * STACKIT and Equinix Metal CLIs (no rule names them), from their reference documentation, judged
 * by the level table before the round's rules (rules/cloud-shapes.ts): credentials printed or
 * minted, access granted, resources opened to everyone, protections switched off, destruction with
 * scope, and the reading forms beside them. Every dangerous command rated high or critical, every
 * harmless one not, except those marked `known` (with the reason; counted in the rates). The rates
 * are held at the figures reached (docs/risk.md).
 */
import { describeJudgedSet } from "./judged.js";

// batch 1: first run 119 / 172 (unnamed 72 / 106), 15 / 172 harmless high; after the round
// 171 / 172 (105 / 106), 2 / 172. Batch 2 (run once on batch 1's rules): 42 / 62 (all unnamed),
// 5 / 47; after its own widening 62 / 62, 1 / 47. Batch 3 (run once on batches 1 and 2's rules):
// 26 / 35 (all unnamed), 3 / 37; after its widening 34 / 35, 0 / 37. Batch 4 (run once on
// everything before it): 4 / 9, 4 / 27; after 8 / 9, 1 / 27. Batch 5 (run once at the round's
// end, no change after it): 12 / 13, 0 / 19. The whole file 287 / 291, 221 / 225 unnamed, 4 / 302
describeJudgedSet("cloud-round tuning set", "risk-tuning-cloud.jsonl", {
  dangerous: 291,
  caught: 0.986,
  unnamed: 0.982,
  alarms: 0.014,
});
