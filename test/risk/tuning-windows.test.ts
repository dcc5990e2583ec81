/**
 * The Windows round's tuning set (test/vectors/risk-windows.jsonl, origin beside it): 631
 * commands from Atomic Red Team's Windows tests, the PowerShell reference's examples, the
 * Windows command reference and the programs' own pages, judged by the level table before the
 * round's rules. Every dangerous command rated high or critical, every harmless one not, except
 * those marked `known` (with the reason; counted in the rates). The rates are held at the
 * figures reached (docs/risk.md). The second set, run once after the round's first rules, is
 * held the same way, and so is the third, run once after the second set's fixes. The fourth
 * (test/vectors/risk-windows-fourth.origin.md) is a tuning set from other sources (attack
 * write-ups for the dangers, Microsoft's module and command references for the everyday side),
 * built when a hold-out showed the earlier rules did not carry over; the fifth, run once after
 * the fourth set's rules, is held the same way, and so are the sixth to the ninth, each run
 * once after the rules before it (the ninth, from Sysinternals', the .NET Framework's, WSL's and
 * the driver kit's references and two attack cheat sheets, built for the harmless side; the
 * tenth, from Microsoft's support articles, run once after the ninth's rules; the eleventh, from
 * their storage and backup articles, run once after the tenth's; the twelfth, from GhostPack's,
 * Snaffler's, PowerSploit's, SharpHound's and Inveigh's READMEs and Microsoft's Windows security
 * documentation, its second batch run once after the first batch's rules).
 */
import { describeJudgedSet } from "./judged.js";

describeJudgedSet("Windows tuning set", "risk-windows.jsonl", {
  dangerous: 241,
  caught: 0.97,
  unnamed: 0.95,
  alarms: 0.031,
});
describeJudgedSet("second Windows set", "risk-windows-second.jsonl", {
  dangerous: 45,
  caught: 0.955,
  alarms: 0.07,
});
describeJudgedSet("third Windows set", "risk-windows-third.jsonl", {
  dangerous: 66,
  caught: 0.954,
  alarms: 0.087,
});
describeJudgedSet("fourth Windows set", "risk-windows-fourth.jsonl", {
  dangerous: 201,
  caught: 0.974,
  unnamed: 0.955,
  alarms: 0.013,
});
describeJudgedSet("fifth Windows set", "risk-windows-fifth.jsonl", {
  dangerous: 112,
  caught: 0.851,
  unnamed: 0.797,
  // the same two alarms over 84 harmless cases once four attack-tool runs were relabelled dangerous
  alarms: 0.025,
});
describeJudgedSet("sixth Windows set", "risk-windows-sixth.jsonl", {
  dangerous: 58,
  caught: 1,
  unnamed: 1,
  alarms: 0.045,
});
describeJudgedSet("seventh Windows set", "risk-windows-seventh.jsonl", {
  dangerous: 41,
  caught: 1,
  unnamed: 1,
  alarms: 0.02,
});
describeJudgedSet("eighth Windows set", "risk-windows-eighth.jsonl", {
  dangerous: 33,
  caught: 0.969,
  unnamed: 0.94,
  alarms: 0.023,
});
describeJudgedSet("ninth Windows set", "risk-windows-ninth.jsonl", {
  dangerous: 95,
  caught: 0.866,
  unnamed: 0.685,
  alarms: 0.006,
});
describeJudgedSet("tenth Windows set", "risk-windows-tenth.jsonl", {
  dangerous: 21,
  caught: 1,
  unnamed: 1,
  alarms: 0,
});
describeJudgedSet("eleventh Windows set", "risk-windows-eleventh.jsonl", {
  dangerous: 40,
  caught: 0.975,
  unnamed: 0.8,
  alarms: 0.018,
});
describeJudgedSet("twelfth Windows set", "risk-windows-twelfth.jsonl", {
  dangerous: 195,
  caught: 1,
  unnamed: 1,
  // Snaffler's sample configuration and two labelling slips (a README's RFC 1918 address), kept as known
  alarms: 0.016,
});
