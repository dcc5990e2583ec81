/**
 * macOS's directory accounts and password policies (docs/risk.md, "macOS's own tools"): an
 * account created, promoted, hidden, disabled or deleted, a password or a password policy
 * changed or cleared is critical, as `useradd` and `passwd` are; root turned on is critical.
 * Their read forms add nothing: dscl's `read`/`list`/`search` (with or without a dash, after the
 * data source: `dscl . -read`, `dscl '/Local/Default' read`), `dseditgroup -o read|checkmember`,
 * `sysadminctl -secureTokenStatus` and `… status`, `pwpolicy -getaccountpolicies`.
 */
import { hasOption } from "../command/argv.js";
import type { Rule, RuleTable } from "../command/rule.js";
import { systemChange } from "./system-tool.js";

/** dscl's commands that only read (`-read`, `read`, `-list`, `ls`, `cat`, …). */
const DSCL_READS =
  /^-?(list|ls|read|readall|readpl|readpli|cat|search|diff|plist|q|url|raw|help|version|cd|h)$/i;
const ACCOUNT_READS = /^-(secureTokenStatus|help|version)$/;

const accounts: Rule = (invocation, context) => {
  const values = invocation.args.map((word) => word.value);
  const options = values.filter((value) => value.startsWith("-"));
  let reads = false;
  if (invocation.program === "dseditgroup") {
    // `-o` absent: dseditgroup reads the group
    reads = !values.includes("-o") || /^(read|checkmember)$/.test(values[values.indexOf("-o") + 1] ?? "");
  } else if (invocation.program === "dscl") {
    // `dscl [options] DATASOURCE COMMAND …`: the command is the first word after the data source
    const words = values.filter((value) => !/^-(plist|url|raw|q|u|P|p)$/.test(value));
    const command = words[0]?.startsWith("-") ? words[0] : words[1];
    reads = words.length > 0 && (command === undefined || DSCL_READS.test(command));
  } else if (invocation.program === "sysadminctl") {
    reads =
      values.at(-1) === "status" ||
      (options.length > 0 && options.every((value) => ACCOUNT_READS.test(value)));
  }
  // `dscl . -read /Users/alice ShadowHashData`: the password's hash (and Kerberos keys) read out
  if (reads && values.some((value) => /^(dsAttrTypeNative:)?(ShadowHashData|KerberosKeys)$/i.test(value)))
    return void context.signals.score.raise(
      "high",
      `dscl reads ${values.find((value) => /ShadowHashData|KerberosKeys/i.test(value))}, the password's hash`,
      "sensitive_file_access",
    );
  if (reads) return void context.signals.score.raise("none", "");
  systemChange("changes users or their credentials")(invocation, context);
};

/** `pwpolicy -getaccountpolicies` reads; setting, clearing or disabling changes who may log in. */
const pwpolicy: Rule = (invocation, context) => {
  const values = invocation.args.map((word) => word.value);
  // the command word, with or without its dash (`-getaccountpolicies`, `getaccountpolicies`),
  // never the value of -u/-a/-p/-n
  const verb = values.find(
    (value, i) =>
      !/^-(u|a|p|n)$/.test(values[i - 1] ?? "") &&
      /^-?(get|set|clear|disable|enable|delete|add|remove|authentication)/i.test(value),
  );
  if (verb === undefined || /^-?(get|authentication-allowed|help)/i.test(verb))
    return void context.signals.score.raise("none", "");
  systemChange(`${verb} changes who may log in and with what password`)(invocation, context);
};

/** `dsenableroot` turns the root account on; `-d` turns it off. */
const dsenableroot: Rule = (invocation, { signals }) => {
  if (hasOption(invocation.args, ["-d"]))
    return void signals.score.raise("medium", "dsenableroot -d turns the root account off");
  signals.score.raise("critical", "dsenableroot turns the root account on", "privilege_escalation");
};

/**
 * The machine's binding to a directory (Active Directory): `dsconfigad -show` reads; `-add`,
 * `-remove`, `-leave`, `-force` change which accounts can log in. `odutil show` reads.
 */
const dsconfigad: Rule = (invocation, context) => {
  const values = invocation.args.map((word) => word.value);
  if (values.length === 0 || values.every((value) => /^-(show|help|xml)$/.test(value)))
    return void context.signals.score.raise("none", "");
  systemChange("changes the machine's directory binding (who can log in)")(invocation, context);
};

const odutil: Rule = (invocation, { signals }) => {
  const verb = invocation.args[0]?.value ?? "";
  signals.score.raise(/^(show|help)?$/.test(verb) ? "none" : "medium", verb ? `odutil ${verb}` : "");
};

export const MACOS_ACCOUNT_RULES: RuleTable = {
  dscl: accounts,
  dseditgroup: accounts,
  sysadminctl: accounts,
  pwpolicy,
  dsenableroot,
  dsconfigad,
  odutil,
};
