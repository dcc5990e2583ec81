/**
 * Words shared by the macOS rule files (macos.ts, macos-boot.ts, macos-oversight.ts,
 * macos-settings.ts): a defence switched off or weakened, and a tool's sub-command.
 */
import { positionals } from "../command/argv.js";
import type { Word } from "../shell-model.js";
import type { Signals } from "../signals.js";

/** A machine's defence switched off or weakened: high or critical, a system modification. */
export function defence(signals: Signals, level: "high" | "critical", reason: string): void {
  signals.score.raise(level, reason, "system_modification");
}

/** The first word that is not an option: the sub-command (`csrutil disable`, `fdesetup status`). */
export function verbOf(args: Word[]): string {
  return positionals(args)[0]?.value ?? "";
}
