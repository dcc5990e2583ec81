/**
 * macOS's firmware and boot (docs/risk.md, "macOS's own tools"): the firmware's variables
 * (`nvram`, boot arguments that switch code signing or SIP off), Apple silicon's boot policy
 * (`bputil`) and the firmware password. Reading them adds nothing; changing them is critical or
 * high, since what the machine boots and checks is decided there.
 */
import type { Rule, RuleTable } from "../command/rule.js";
import { defence } from "./macos-words.js";

/** `nvram`: reading a variable or all (`-p`, `-x -p`) adds nothing; writing one changes the firmware's. */
const nvram: Rule = (invocation, { signals }) => {
  const values = invocation.args.map((word) => word.value);
  const writes = values.some((value) => value.includes("=") || /^-[a-zA-Z]*[dcf]/.test(value));
  if (!writes) return void signals.score.raise("none", "");
  if (
    values.some((value) =>
      /boot-args=.*(amfi|cs_enforcement|csr|-arm64e_preview_abi)|csr-active-config/i.test(value),
    )
  )
    return defence(
      signals,
      "critical",
      "nvram boot-args switch the machine's code-signing or SIP checks off",
    );
  signals.score.raise("critical", "nvram changes the firmware's variables", "system_modification");
};

/** Apple silicon's boot policy: anything but displaying it lowers or changes what boots. */
const bputil: Rule = (invocation, { signals }) => {
  const values = invocation.args.map((word) => word.value);
  if (
    values.length === 0 ||
    values.every((value) => /^(-d|--display-policy|-h|--help|-v|--verbose|-l|--local-policy)$/.test(value))
  )
    return void signals.score.raise("none", "");
  defence(signals, "critical", "bputil changes the boot security policy (what the machine agrees to boot)");
};

/** The firmware password: `-check`, `-verify`, `-mode` read; `-delete` takes the defence away. */
const firmwarepasswd: Rule = (invocation, { signals }) => {
  const values = invocation.args.map((word) => word.value);
  if (values.some((value) => /^-(delete|disable)$/i.test(value)))
    return defence(signals, "high", "firmwarepasswd -delete removes the firmware password");
  if (values.some((value) => /^-(setpasswd|setmode)$/i.test(value)))
    return void signals.score.raise("medium", "firmwarepasswd sets the firmware password");
  signals.score.raise("none", "");
};

export const MACOS_BOOT_RULES: RuleTable = {
  nvram,
  bputil,
  firmwarepasswd,
};
