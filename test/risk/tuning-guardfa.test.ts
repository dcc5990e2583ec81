/**
 * The false-alarm tuning set (test/vectors/risk-tuning-guardfa.jsonl, origin beside it): 1,338
 * commands, 1,178 of them harmless, in five batches, from tldr-pages (Windows, Linux and common
 * pages) and Microsoft's Windows commands reference, everyday documented uses of the programs
 * attackers also abuse, beside their dangerous twins, judged by the level table before the
 * rules written against each batch. Every dangerous command rated high or critical, every harmless one not, except those
 * marked `known` (with the reason; counted in the rates). The rates are held at the figures
 * reached (docs/risk.md).
 */
import { describeJudgedSet } from "./judged.js";

// first run: batch one 78 / 83 dangerous, 31 / 660 harmless rated high or critical (4.7 %);
// batch two (after batch one's narrowing) 31 / 32, 4 / 125 (3.2 %);
// batch three (after batch two's) 13 / 20, 6 / 194 (3.1 %);
// batch four (after batch three's) 12 / 13, 8 / 124 (6.5 %);
// batch five (after batch four's) 11 / 12, 2 / 75 (2.7 %);
// after the five narrowings 146 / 160 (91.3 %), 18 / 1,178 (1.53 %);
// after the wide-effect families (rules/wide-effects.ts, nmcli's abbreviations, a decoded file run)
// 154 / 160 (96.3 %),
// 18 / 1,178 (1.53 %)
describeJudgedSet("false-alarm tuning set", "risk-tuning-guardfa.jsonl", {
  dangerous: 160,
  caught: 0.962,
  alarms: 0.0153,
});
