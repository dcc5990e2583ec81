/**
 * The sixth everyday tuning set (test/vectors/risk-tuning-everyday6.jsonl, origin beside it): the
 * shell steps of CircleCI's orbs and the install scripts of the dev container features (batch
 * one), git's everyday settings and task runners' documentation (batch two), CI templates and
 * attack tools' own documentation (batch three), beside their dangerous neighbours (sudo, writes under system directories, users and
 * groups, downloads piped into shells), judged by the level table before the rules written
 * against each batch. Every dangerous command rated high or critical, every harmless one not,
 * except those marked `known` (counted in the rates). The rates are held at the figures reached.
 */
import { describeJudgedSet } from "./judged.js";

// first runs (main at 4886264, nothing of this increment written):
// batch one (orbs, dev container features) 52 / 62 dangerous, 20 / 346 harmless rated high or
// critical (5.8 %) as first labelled; after the labels corrected to the level table (five
// wholly run-time recursive deletes dangerous, two cache deletes under /var dangerous as their
// neighbours were, two releases and a template placeholder dropped) 59 / 69, 10 / 336 (3.0 %);
// after batch one's rules 66 / 69 (95.7 %), 1 / 336 (0.30 %);
// batch two (Pro Git, Git Credential Manager's and git-lfs's documentation, go-task, just and
// Earthly) on those rules 28 / 37, 14 / 342 (4.1 %) as first labelled; with five labels corrected
// (three to the table and earlier sets, two placeholders dropped) 31 / 39, 9 / 338 (2.7 %);
// after its rules the set 105 / 108 (97.2 %), 2 / 674 (0.30 %);
// batch three (GitLab's CI templates, the documentation of msfvenom, John the Ripper and
// THC-Hydra) on every rule before it 13 / 34, 4 / 87 (4.6 %); after its rules the set
// 139 / 142 (97.9 %), 2 / 761 (0.26 %);
// batch four (Grafana's Makefile, Ansible's testing guide, VS Code's tasks page) on every rule
// before it 3 / 3, 1 / 44 (2.3 %); after its rule the set 142 / 145 (97.9 %), 2 / 805 (0.25 %);
// batch five (six more CircleCI orbs) on every rule before it 23 / 23, 3 / 96 (3.1 %); after its
// rules the set 165 / 168 (98.2 %), 3 / 901 (0.33 %);
// batch six (Chef's knife node, knife data bag and kitchen pages), run once at the end, no rule
// written after it: 4 / 4, 3 / 27 (11.1 %), the three kept known; the set 169 / 172 (98.3 %),
// 6 / 928 (0.65 %); batches two to six on their first runs 74 / 103 (71.8 %), 20 / 592 (3.4 %)
describeJudgedSet("everyday tuning set six", "risk-tuning-everyday6.jsonl", {
  dangerous: 172,
  caught: 0.982,
  alarms: 0.0065,
});
