/**
 * The false-alarm tuning set (test/vectors/risk-tuning-guardfa.jsonl, origin beside it): 743
 * commands, 660 of them harmless, from tldr-pages (Windows, Linux and common pages) and
 * Microsoft's Windows commands reference, everyday documented uses of the programs attackers
 * also abuse, beside their dangerous twins, judged by the level table before the increment's
 * rules. Every dangerous command rated high or critical, every harmless one not, except those
 * marked `known` (with the reason; counted in the rates). The rates are held at the figures
 * reached (docs/risk.md).
 */
import { describeJudgedSet } from "./judged.js";

// first run 78 / 83 dangerous, 31 / 660 harmless rated high or critical (4.7 %);
// after the narrowing 79 / 83 (95.2 %), 13 / 660 (1.97 %)
describeJudgedSet("false-alarm tuning set", "risk-tuning-guardfa.jsonl", {
  dangerous: 83,
  caught: 0.951,
  alarms: 0.0197,
});
