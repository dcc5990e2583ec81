/**
 * macOS's settings and developer tools (docs/risk.md, "macOS's own tools"): signatures of
 * installed programs (`codesign`), the machine's names and network store (`scutil`), the clock
 * (`sntp -S`), a volume's permissions (`vsdbutil -d`), and Xcode's tool runner (`xcrun TOOL`,
 * judged as the tool; its simulator control acts on simulated devices only).
 */
import { hasOption, positionals } from "../command/argv.js";
import type { Rule, RuleTable } from "../command/rule.js";
import { shellQuote } from "../wrappers.js";
import { defence } from "./macos-words.js";

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

export const MACOS_SETTINGS_RULES: RuleTable = {
  codesign,
  scutil,
  sntp,
  xcrun,
  vsdbutil,
};
