/**
 * The everyday-commands tuning set (test/vectors/risk-tuning-everyday5.jsonl, origin beside it):
 * the `run:` steps of well-known projects' GitHub Actions workflows, the RUN lines and
 * maintenance scripts of official Docker images, Homebrew formulae's tests and installers' scripts
 * and READMEs, beside their dangerous neighbours (curl|sh installers, sudo
 * installs, writes and deletes under system directories, users added, ownership changed), judged
 * by the level table before the rules written against each batch. Every dangerous command rated
 * high or critical, every harmless one not, except those marked `known` (with the reason; counted
 * in the rates). The rates are held at the figures reached (docs/risk.md).
 */
import { describeJudgedSet } from "./judged.js";

// first runs (main at 67cc1c5, nothing of this increment written):
// batch one (workflows) 17 / 20 dangerous, 0 / 324 harmless rated high or critical;
// batch two (Docker images) 84 / 96, 13 / 322 (4.0 %);
// after batch one's and two's rules 115 / 116 (99.1 %), 0 / 646;
// batch three (Homebrew formulae's tests, installers) on those rules 35 / 35, 11 / 270 (4.1 %;
// one line dropped by a pre-run criterion, one relabelled: 36 / 36, 9 / 268 = 3.4 %);
// after batch three's rules 151 / 152 (99.3 %), 1 / 914 (0.11 %);
// batch four (uv's and Synapse's documentation) on those rules 44 / 48, 3 / 329 harmless high and
// 2 / 329 crashed (an invalid regular expression from a bracket in a word): 5 / 329 (1.5 %);
// after batch four's rules 198 / 200 (99.0 %), 2 / 1,243 (0.16 %);
// batch five (package.json scripts and Makefiles, on those rules; no rule written after it)
// 14 / 14, 3 / 220 (1.4 %; the three name their program with a variable, a pre-run drop
// criterion, and were dropped: 0 / 217); the set 212 / 214 (99.1 %), 2 / 1,460 (0.14 %);
// batch six (Ollama's, Mastodon's, pgvector's and Spring PetClinic's documentation) on those
// rules 74 / 77, 2 / 137 (1.5 %); after its rules the set 289 / 291 (99.3 %), 3 / 1,597 (0.19 %);
// batch seven (Scoop's, winget's, PSScriptAnalyzer's and Windows Terminal's READMEs) on those
// rules 3 / 3, 1 / 26; after its rule the set 292 / 294 (99.3 %), 3 / 1,623 (0.18 %);
// batch eight (Rust's INSTALL.md, Node's BUILDING.md, CPython's and Node's workflows) on every
// rule before it 8 / 8, 1 / 89 (1.1 %); after its rule the set 300 / 302 (99.3 %), 3 / 1,712 (0.18 %);
// batch nine (VS Code's workflows) on every rule before it 5 / 7, 0 / 37; after its rule the
// set 307 / 309 (99.4 %), 3 / 1,749 (0.17 %)
describeJudgedSet("everyday tuning set", "risk-tuning-everyday5.jsonl", {
  dangerous: 309,
  caught: 0.993,
  alarms: 0.0018,
});
