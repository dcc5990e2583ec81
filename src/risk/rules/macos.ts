/**
 * macOS's own tools, by effect (docs/risk.md, "macOS's own tools"): the machine's defences
 * (System Integrity Protection, Gatekeeper, FileVault, the application firewall, automatic
 * security updates, system extensions, configuration profiles, the unified log, privacy grants)
 * switched off or weakened are high or critical; their read forms (status, list, print, show,
 * info, get, assess, verify, display) add nothing, as `ls` adds nothing. Settings that are only
 * preferences (`defaults write com.apple.dock autohide`) stay medium. Firmware and boot:
 * macos-boot.ts; logs, audit, management and privacy grants: macos-oversight.ts; signatures,
 * names, the clock and Xcode's tools: macos-settings.ts; disks, backups, accounts and services:
 * macos-system.ts (and macos-disks.ts, macos-accounts.ts).
 */
import { positionals } from "../command/argv.js";
import type { Rule, RuleTable } from "../command/rule.js";
import { MACOS_ACCOUNT_RULES } from "./macos-accounts.js";
import { MACOS_BOOT_RULES } from "./macos-boot.js";
import { MACOS_DISK_RULES } from "./macos-disks.js";
import { MACOS_OVERSIGHT_RULES } from "./macos-oversight.js";
import { MACOS_SETTINGS_RULES } from "./macos-settings.js";
import { MACOS_SYSTEM_RULES, READS } from "./macos-system.js";
import { defence, verbOf } from "./macos-words.js";

/** `csrutil disable`, `enable --without fs`, `authenticated-root disable`: SIP switched off. */
const csrutil: Rule = (invocation, { signals }) => {
  const words = invocation.args.map((word) => word.value);
  if (words.length === 0 || words.some((value) => READS.test(value)))
    return void signals.score.raise("none", "");
  if (words.includes("disable") || words.includes("--without") || words.includes("--no-internal"))
    return defence(
      signals,
      "critical",
      `csrutil ${words.join(" ")} switches System Integrity Protection off`,
    );
  // `enable`, `clear` (back to the default): protection on
  signals.score.raise("medium", `csrutil ${words.join(" ")} changes System Integrity Protection`);
};

/** Gatekeeper: `--master-disable`/`--global-disable` let any program run unchecked. */
const spctl: Rule = (invocation, { signals }) => {
  const words = invocation.args.map((word) => word.value);
  if (
    words.some((value) => /^--(master|global)-disable$/.test(value)) ||
    (words.length === 1 && words[0] === "--disable")
  )
    return defence(signals, "critical", "spctl switches Gatekeeper off (any program runs unchecked)");
  if (
    words.some((value) =>
      /^--(add|remove|enable|disable|master-enable|global-enable|reset-default)$/.test(value),
    )
  )
    return void signals.score.raise("medium", "spctl changes Gatekeeper's rules");
  // `spctl developer-mode enable-terminal`: programs the Terminal starts skip Gatekeeper;
  // `kext-consent disable`: any kernel extension loads without the user's consent
  const [verb = "", setting = ""] = positionals(invocation.args).map((word) => word.value);
  if (
    (verb === "developer-mode" && /^enable/.test(setting)) ||
    (verb === "kext-consent" && /^(disable|add)$/.test(setting))
  )
    return defence(signals, "high", `spctl ${verb} ${setting} lets code past Gatekeeper's checks`);
  if (/^(developer-mode|kext-consent)$/.test(verb) && !/^(status|list)?$/.test(setting))
    return void signals.score.raise("medium", `spctl ${verb} ${setting}`);
  // `--status`, `--assess`/`-a`, `--list`, `-v`, `developer-mode status`: read
  signals.score.raise("none", "");
};

/** FileVault: `disable` decrypts the disk; `authrestart` restarts past the unlock. */
const fdesetup: Rule = (invocation, { signals }) => {
  const verb = verbOf(invocation.args);
  if (verb === "" || READS.test(verb)) return void signals.score.raise("none", "");
  if (verb === "disable")
    return defence(signals, "critical", "fdesetup disable switches FileVault off (the disk decrypted)");
  if (/^(add|remove|removerecovery|changerecovery|authrestart)$/.test(verb))
    return defence(
      signals,
      "high",
      verb === "authrestart"
        ? "fdesetup authrestart restarts the machine past FileVault's unlock"
        : `fdesetup ${verb} changes who can unlock the disk`,
    );
  signals.score.raise("medium", `fdesetup ${verb}`);
};

/** The application firewall: `--setglobalstate off`, `--setblockall off`, `--setallowsigned…`, `-k`. */
const socketfilterfw: Rule = (invocation, { signals }) => {
  const words = invocation.args.map((word) => word.value);
  const off = words.findIndex(
    (value, i) =>
      /^--(setglobalstate|setstealthmode|setblockall|setloggingmode)$/.test(value) &&
      /^(off|0)$/i.test(words[i + 1] ?? ""),
  );
  if (off >= 0 || words.includes("-k") || words.includes("--kill"))
    return defence(signals, "critical", `socketfilterfw ${words[off] ?? "--kill"} switches the firewall off`);
  if (words.some((value) => /^--(set|add|remove|block|unblock)/.test(value)))
    return void signals.score.raise("medium", "socketfilterfw changes the firewall's rules");
  signals.score.raise("none", "");
};

/** Automatic updates switched off is a defence off; listing and installing updates are routine. */
const softwareupdate: Rule = (invocation, { signals }) => {
  const words = invocation.args.map((word) => word.value);
  const schedule = words.findIndex((value) => /^--schedule$/.test(value));
  if (schedule >= 0 && /^off$/i.test(words[schedule + 1] ?? ""))
    return defence(signals, "high", "softwareupdate --schedule off stops security updates");
  if (
    words.length === 0 ||
    words.every((value) =>
      /^(-l|--list|--history|--all|-a|--help|-h|--dump-state|--list-full-installers|--no-scan|--product-types?|--verbose|--schedule)$/.test(
        value,
      ),
    )
  )
    return void signals.score.raise("none", "");
  signals.score.raise("medium", "softwareupdate installs or changes updates");
};

/** Configuration profiles carry trusted roots, proxies and the machine's enforced settings. */
const profiles: Rule = (invocation, { signals }) => {
  const verb = verbOf(invocation.args);
  const flags = invocation.args.map((word) => word.value).filter((value) => value.startsWith("-"));
  if (/^(remove)$/.test(verb) || flags.some((value) => /^-[a-zA-Z]*[RD][a-zA-Z]*$/.test(value)))
    return defence(
      signals,
      flags.includes("-all") || flags.some((value) => /^-[a-zA-Z]*D/.test(value)) ? "critical" : "high",
      "profiles removes configuration profiles (the settings they enforce go with them)",
    );
  if (/^(install)$/.test(verb) || flags.some((value) => /^-[a-zA-Z]*I[a-zA-Z]*$/.test(value)))
    return void signals.score.raise(
      "high",
      "profiles installs a configuration profile (trusted roots, proxies, VPN, enforced settings)",
      "system_modification",
    );
  if (verb === "" || READS.test(verb) || flags.some((value) => /^-[a-zA-Z]*[PLCe][a-zA-Z]*$/.test(value)))
    return void signals.score.raise("none", "");
  signals.score.raise("medium", `profiles ${verb}`);
};

/** System extensions (endpoint security, network filters): removed or developer mode switched on. */
const systemextensionsctl: Rule = (invocation, { signals }) => {
  const [verb = "", setting = ""] = positionals(invocation.args).map((word) => word.value);
  if (verb === "developer" && /^on$/i.test(setting))
    return defence(
      signals,
      "critical",
      "systemextensionsctl developer on lets unsigned system extensions load",
    );
  if (/^(uninstall|reset)$/.test(verb))
    return defence(
      signals,
      "high",
      `systemextensionsctl ${verb} removes system extensions (security products, network filters)`,
    );
  if (verb === "" || READS.test(verb) || verb === "developer") return void signals.score.raise("none", "");
  signals.score.raise("medium", `systemextensionsctl ${verb}`);
};

/**
 * macOS's defence databases: the privacy grants (`TCC.db`: which apps may read the screen, the
 * disk, the camera) and Gatekeeper's policy (`SystemPolicy`). A statement that writes to one
 * grants or removes what the system asks the user for.
 */
export function defenceDatabase(file: string): string | null {
  if (/(^|\/)TCC\.db$/.test(file))
    return "the privacy database TCC.db (which apps may read the screen, files, camera)";
  if (/(^|\/)SystemPolicy(Configuration)?(\/|$)|\/var\/db\/SystemPolicy$/.test(file))
    return "Gatekeeper's policy database";
  return null;
}

export const MACOS_RULES: RuleTable = {
  csrutil,
  spctl,
  fdesetup,
  socketfilterfw,
  softwareupdate,
  profiles,
  systemextensionsctl,
  ...MACOS_BOOT_RULES,
  ...MACOS_OVERSIGHT_RULES,
  ...MACOS_SETTINGS_RULES,
  ...MACOS_SYSTEM_RULES,
  ...MACOS_DISK_RULES,
  ...MACOS_ACCOUNT_RULES,
};
