/**
 * macOS's own tools, by effect (docs/risk.md, "macOS's own tools"): the machine's defences
 * (System Integrity Protection, Gatekeeper, FileVault, the application firewall, automatic
 * security updates, system extensions, configuration profiles, the unified log, privacy grants)
 * switched off or weakened are high or critical; their read forms (status, list, print, show,
 * info, get, assess, verify, display) add nothing, as `ls` adds nothing. Settings that are only
 * preferences (`defaults write com.apple.dock autohide`) stay medium. Disks, backups, accounts
 * and services: rules/macos-system.ts.
 */
import { hasOption, positionals } from "../command/argv.js";
import type { Rule, RuleTable } from "../command/rule.js";
import type { Word } from "../shell-model.js";
import type { Signals } from "../signals.js";
import { shellQuote } from "../wrappers.js";
import { MACOS_ACCOUNT_RULES } from "./macos-accounts.js";
import { MACOS_DISK_RULES } from "./macos-disks.js";
import { MACOS_SYSTEM_RULES, READS } from "./macos-system.js";

function defence(signals: Signals, level: "high" | "critical", reason: string): void {
  signals.score.raise(level, reason, "system_modification");
}

/** The first word that is not an option: the sub-command (`csrutil disable`, `fdesetup status`). */
function verbOf(args: Word[]): string {
  return positionals(args)[0]?.value ?? "";
}

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

/** `log erase`, `log config --mode level:off`: what the machine recorded destroyed or no longer kept. */
const log: Rule = (invocation, { signals }) => {
  const words = invocation.args.map((word) => word.value);
  const verb = verbOf(invocation.args);
  if (verb === "erase")
    return void signals.score.raise("high", "log erase deletes the unified log", "destructive_command");
  if (verb === "config" && words.some((value) => /level:off|persist:off/i.test(value)))
    return defence(signals, "high", "log config switches the unified log off");
  if (verb === "config" && !hasOption(invocation.args, ["--status"]))
    return void signals.score.raise("medium", "log config changes what is logged");
  // show, stream, stats, collect, repack: read
  signals.score.raise("none", "");
};

/** `tccutil reset All`: every app's privacy grants revoked; one service or one app: medium. */
const tccutil: Rule = (invocation, { signals }) => {
  const [verb = "", service = "", bundle = ""] = positionals(invocation.args).map((word) => word.value);
  if (verb === "reset" && (/^all$/i.test(service) || service === "") && bundle === "")
    return void signals.score.raise(
      "high",
      "tccutil reset All revokes every app's privacy grants",
      "destructive_command",
    );
  signals.score.raise(
    verb === "reset" ? "medium" : "none",
    verb === "reset" ? `tccutil reset ${service}` : "",
  );
};

/** Signing: an installed or system program re-signed or stripped of its signature. */
const codesign: Rule = (invocation, { signals }) => {
  const values = invocation.args.map((word) => word.value);
  const changes = values.some((value) => /^(-s|--sign|--remove-signature|-f|--force)$/.test(value));
  if (!changes) return void signals.score.raise("none", "");
  const targets = positionals(invocation.args, [
    "-s",
    "--sign",
    "--entitlements",
    "-i",
    "--identifier",
    "--options",
    "-o",
    "--keychain",
    "-r",
    "--requirements",
    "--timestamp",
    "--prefix",
  ]);
  for (const target of targets) {
    if (/^\/(Applications|System|usr|bin|sbin|Library)\//.test(target.value))
      return void signals.score.raise(
        "high",
        `codesign changes the signature of the installed program ${target.value} (what Gatekeeper and the kernel check)`,
        "system_modification",
      );
  }
  signals.score.raise("low", "codesign signs a build");
};

/**
 * `scutil --set HostName x` renames the machine; `--get`, `--dns`, `--proxy`, `--nwi`, `-r` read.
 * Commands on its input edit the dynamic store, or with `--prefs` the stored network
 * configuration (`remove Sets`: every network location gone).
 */
const scutil: Rule = (invocation, { signals }) => {
  const stdin = invocation.command.stdinText ?? "";
  if (/^\s*(remove|set|add|commit|apply|d\.remove|notify)\b/im.test(stdin))
    return void signals.score.raise(
      hasOption(invocation.args, ["--prefs"]) ? "high" : "medium",
      `scutil ${hasOption(invocation.args, ["--prefs"]) ? "--prefs changes the stored network configuration" : "changes the dynamic store"}`,
      "system_modification",
    );
  if (hasOption(invocation.args, ["--set"]))
    return void signals.score.raise("medium", "scutil --set changes the machine's names");
  signals.score.raise("none", "");
};

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

/** The BSD audit system: `audit -t` stops auditing; `-s` re-reads its settings, `-n` starts a new trail. */
const audit: Rule = (invocation, { signals }) => {
  const values = invocation.args.map((word) => word.value);
  if (values.includes("-t")) return defence(signals, "high", "audit -t stops the audit system");
  signals.score.raise(
    values.length === 0 ? "none" : "medium",
    values.length === 0 ? "" : "audit changes the audit trail",
  );
};

/**
 * Jamf, the management agent: `removeFramework` and `removeMdmProfile` take the machine out of
 * management (its enforced settings and security policies with it); the rest reports or runs policies.
 */
const jamf: Rule = (invocation, { signals }) => {
  const verb = verbOf(invocation.args);
  if (
    /^(removeFramework|removeMdmProfile|uninstall|disableRemoteDesktop|deleteAccount|flushPolicyHistory)$/i.test(
      verb,
    )
  )
    return defence(
      signals,
      "high",
      `jamf ${verb} takes the machine out of its management (and its enforced settings)`,
    );
  if (
    verb === "" ||
    /^(version|help|about|checkJSSConnection|listUsers|recon|getComputerName|log)$/i.test(verb)
  )
    return void signals.score.raise("none", "");
  signals.score.raise("medium", `jamf ${verb}`);
};

/** `sntp HOST` asks a time server for the clock's offset; `-S`/`-s` set the clock from it. */
const sntp: Rule = (invocation, { signals }) => {
  if (hasOption(invocation.args, ["--settod", "--slew"], "S") || hasOption(invocation.args, [], "s"))
    return void signals.score.raise(
      "critical",
      "sntp sets the system clock (logs, certificates and schedules shift)",
      "system_modification",
    );
  signals.score.raise("none", "");
};

/**
 * `xcrun TOOL …` runs a developer tool of the selected Xcode: judged as `TOOL …`. Its simulator
 * control (`xcrun simctl boot|shutdown|erase|delete …`) acts on simulated devices, which hold
 * nothing of the machine's: medium, whatever the verb (`shutdown all` stops no real machine);
 * `list`, `help`, `getenv` read.
 */
const xcrun: Rule = (invocation, context) => {
  const words = positionals(invocation.args, ["--sdk", "--toolchain", "-sdk", "-toolchain"]);
  const [tool, ...rest] = words;
  if (
    !tool ||
    invocation.args.some((word) => /^(-f|--find|--show-sdk-[\w-]+|--version|-h|--help)$/.test(word.value))
  )
    return void context.signals.score.raise("none", "");
  if (tool.value === "simctl") {
    const verb = rest[0]?.value ?? "";
    const reads = /^(list|help|getenv|get_app_container|listapps|appinfo|diagnose)?$/.test(verb);
    return void context.signals.score.raise(
      reads ? "none" : "medium",
      reads ? "" : `xcrun simctl ${verb} changes a simulated device`,
    );
  }
  const at = invocation.args.indexOf(tool);
  const command = invocation.args.slice(at);
  context.nested(
    {
      value: command.map((word) => shellQuote(word.value)).join(" "),
      dynamic: command.some((word) => word.dynamic),
      inner: [],
    },
    "xcrun runs",
  );
};

/** `vsdbutil -d VOL`: the volume's owners and permissions ignored (anyone reads and writes all); `-c` reads. */
const vsdbutil: Rule = (invocation, { signals }) => {
  const values = invocation.args.map((word) => word.value);
  if (values.includes("-d"))
    return defence(signals, "high", "vsdbutil -d makes the volume ignore its owners and permissions");
  signals.score.raise(values.some((value) => /^-[ai]$/.test(value)) ? "medium" : "none", "vsdbutil");
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
  log,
  tccutil,
  codesign,
  scutil,
  nvram,
  bputil,
  firmwarepasswd,
  audit,
  jamf,
  sntp,
  xcrun,
  vsdbutil,
  ...MACOS_SYSTEM_RULES,
  ...MACOS_DISK_RULES,
  ...MACOS_ACCOUNT_RULES,
};
