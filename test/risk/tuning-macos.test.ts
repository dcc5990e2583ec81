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

// first run 99 / 125, 13 / 257; after the round 124 / 125, 0 / 257
describeJudgedSet("macOS tuning set", "risk-macos.jsonl", {
  dangerous: 125,
  caught: 0.99,
  alarms: 0,
});
