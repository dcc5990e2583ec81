/**
 * The macOS round's tuning set (test/vectors/risk-macos.jsonl, origin beside it): macOS's own
 * tools used in their documented, harmless ways and dangerously (defences switched off,
 * keychains printed or deleted, disks erased, backups deleted, persistence, accounts), and
 * read-only system-information commands on Linux and macOS, from awesome-macos-command-line,
 * mathiasbynens' .macos, drduh's macOS security guide and kevinSuttle's macOS-Defaults
 * reference, judged by the level table before the round's rules (rules/macos.ts,
 * macos-system.ts). The rates are held at the figures reached (docs/risk.md).
 */
import { describeJudgedSet } from "./judged.js";

// first run 83 / 109, 13 / 205 (as run with 68 commands other files hold: 99 / 125, 13 / 257);
// after the round 108 / 109, 0 / 205; the second batch (201 cases, `batch: 2`, run once after the
// first batch's rules) 55 / 65, 7 / 136, then 65 / 65, 0 / 136; the third (122, `batch: 3`, run
// once after the second's rules) 21 / 27, 0 / 95, then 25 / 27, 0 / 95; the fourth (72 Linux
// system-information commands, `batch: 4`) 9 / 10, 2 / 62, then 10 / 10, 0 / 62; the fifth (54
// commands of Mac administration scripts, `batch: 5`) 19 / 19, 4 / 35, then 19 / 19, 0 / 35; the
// sixth (35 of mOSL's audits, fixes and their reverses, `batch: 6`, no change after it) 6 / 6, 0 /
// 29; the seventh (50 from Apple's system_cmds and network_cmds manuals, `batch: 7`) 10 / 10,
// 2 / 40, then 10 / 10, 0 / 40; the eighth (28 from Apple's diskdev_cmds and configd manuals,
// `batch: 8`) 6 / 8, 2 / 20, then 8 / 8, 1 / 20 (fdisk DEVICE kept known); the ninth (35 of
// security(1), `batch: 9`) 10 / 11, 1 / 24, then 11 / 11, 0 / 24; the whole file 262 / 265, 65 / 66
// unnamed, 1 / 646
describeJudgedSet("macOS tuning set", "risk-macos.jsonl", {
  dangerous: 265,
  caught: 0.988,
  unnamed: 0.984,
  alarms: 0.002,
});
