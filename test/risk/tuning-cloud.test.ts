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
// 171 / 172 (105 / 106), 3 / 172
describeJudgedSet("cloud-round tuning set", "risk-tuning-cloud.jsonl", {
  dangerous: 172,
  caught: 0.994,
  unnamed: 0.99,
  alarms: 0.018,
});
