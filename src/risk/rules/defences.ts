/**
 * Defences switched off (docs/risk.md, "The host and its storage, read from any call"): a
 * switching-off verb (stop, disable, suspend, pause, deactivate) and what watches, records or
 * protects (logging, auditing, a trail, a detector, monitoring, protection, encryption, MFA, a
 * firewall) in the sub-command words of any tool: nothing after it is recorded or stopped.
 * The general model (general.ts) asks this before its destroying verbs, with its own tokenizer.
 */
import type { Word } from "../shell-model.js";

/** Verbs that switch something off without deleting it. */
const SWITCH_OFF = /^(stop|disable|disabled|suspend|pause|deactivate|off|turn-off|unmonitor)$/;
/** What watches, records or protects: switched off, nothing after it is recorded or stopped. */
const DEFENCE =
  /^(logging|log|logs|audit|auditing|audits|trail|trails|detector|detectors|monitor|monitoring|protection|encryption|mfa|firewall|guardduty|antivirus|defender|scanning|alarm|alarms|flowlogs?|diagnostics?|auth|authentication|authorization)$/;

/**
 * What an option switches off (`mokutil --disable-validation`, `x --disable-firewall`): the
 * checks that decide what may run or connect. (Not the wider list: `--disable-logging` of a
 * development server only quiets it.)
 */
const OPTION_DEFENCE =
  /^(validation|verification|signature|signatures|secureboot|secure|selinux|apparmor|firewall|audit|auditing|antivirus|defender)$/;

/**
 * `aws cloudtrail stop-logging`, `aws guardduty disable-…`, `x audit disable`: a switching-off verb
 * and a defence in the sub-command words (or in one token), or null.
 */
export function turnsOffDefence(args: Word[], words: (token: string) => string[]): string | null {
  const tokens: string[] = [];
  for (const arg of args) {
    if (arg.value === "--") break;
    // an option that switches a check off: its own words (`--disable-validation`)
    if (arg.value.startsWith("--disable-")) {
      const own = words(arg.value);
      if (SWITCH_OFF.test(own[0] ?? "") && own.slice(1).some((part) => OPTION_DEFENCE.test(part)))
        return arg.value;
    }
    if (arg.dynamic || arg.value.startsWith("-") || !/^[A-Za-z][\w:-]*$/.test(arg.value)) continue;
    tokens.push(arg.value);
    if (tokens.length >= 4) break;
  }
  const parts = tokens.flatMap((token) => words(token));
  // `amtool silence add alertname=~".+"`: every alert silenced is monitoring switched off
  if (
    parts.some((part) => /^(silence|silences|mute|snooze)$/.test(part)) &&
    args.some((arg) => /=~?["']?\.[*+]["']?$|^--all$|^["']?\*["']?$/.test(arg.value))
  )
    return `${tokens.join(" ")} (every alert)`;
  const off = parts.findIndex((part) => SWITCH_OFF.test(part));
  if (off < 0 || !parts.some((part) => DEFENCE.test(part))) return null;
  return tokens.join(" ");
}
