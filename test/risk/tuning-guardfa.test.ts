/**
 * The false-alarm tuning set (test/vectors/risk-tuning-guardfa.jsonl, origin beside it): 900
 * commands, 785 of them harmless, in two batches, from tldr-pages (Windows, Linux and common
 * pages) and Microsoft's Windows commands reference, everyday documented uses of the programs
 * attackers also abuse, beside their dangerous twins, judged by the level table before the
 * rules written against each batch. Every dangerous command rated high or critical, every harmless one not, except those
 * marked `known` (with the reason; counted in the rates). The rates are held at the figures
 * reached (docs/risk.md).
 */
import { describeJudgedSet } from "./judged.js";

// first run: batch one 78 / 83 dangerous, 31 / 660 harmless rated high or critical (4.7 %);
// batch two (after batch one's narrowing) 31 / 32, 4 / 125 (3.2 %);
// after both narrowings 110 / 115 (95.7 %), 13 / 785 (1.66 %)
describeJudgedSet("false-alarm tuning set", "risk-tuning-guardfa.jsonl", {
  dangerous: 115,
  caught: 0.956,
  alarms: 0.0166,
});
