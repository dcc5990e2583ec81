/**
 * The operations round's tuning set (test/vectors/risk-tuning-guardgen2.jsonl, origin beside it):
 * 200 commands of programs no rule table names, from the reference documentation of cluster and
 * service managers (Nomad, Consul, Vault, etcd, kubeadm), systemd's manual pages, PostgreSQL's
 * and MongoDB's administration tools, RabbitMQ, storage tools and platform CLIs, judged by the
 * level table before the round's rules (rules/operations.ts). Every dangerous command rated high
 * or critical, every harmless one not, except those marked `known` (with the reason; counted in
 * the rates). The rates are held at the figures reached (docs/risk.md).
 */
import { describeJudgedSet } from "./judged.js";

// first run 83 / 120, 6 / 80; after the round 105 / 120, 3 / 80 (every case unnamed)
describeJudgedSet("operations-round tuning set", "risk-tuning-guardgen2.jsonl", {
  dangerous: 120,
  caught: 0.875,
  unnamed: 0.875,
  alarms: 0.038,
});
