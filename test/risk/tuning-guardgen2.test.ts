/**
 * The operations round's tuning set (test/vectors/risk-tuning-guardgen2.jsonl, origin beside it):
 * 246 commands (two batches) of programs no rule table names, from the reference documentation of cluster and
 * service managers (Nomad, Consul, Vault, etcd, kubeadm), systemd's manual pages, PostgreSQL's
 * and MongoDB's administration tools, RabbitMQ, storage tools and platform CLIs, judged by the
 * level table before the round's rules (rules/operations.ts). Every dangerous command rated high
 * or critical, every harmless one not, except those marked `known` (with the reason; counted in
 * the rates). The rates are held at the figures reached (docs/risk.md).
 */
import { describeJudgedSet } from "./judged.js";

// first run 83 / 120, 6 / 80; after the round 105 / 120, 3 / 80 (every case unnamed); the second
// batch (46 cases, `batch: 2`, run once after the round's rules) 15 / 26, 0 / 20, then 22 / 26
// after its own widening; the whole file 127 / 146, 3 / 100
describeJudgedSet("operations-round tuning set", "risk-tuning-guardgen2.jsonl", {
  dangerous: 146,
  caught: 0.869,
  unnamed: 0.869,
  alarms: 0.03,
});
