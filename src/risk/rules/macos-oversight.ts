/**
 * What watches a Mac (docs/risk.md, "macOS's own tools"): the unified log and the BSD audit
 * trail (erased or switched off: what the machine recorded is gone), the management agent (Jamf:
 * the machine taken out of management) and the privacy grants (`tccutil reset All`). Their read
 * forms add nothing.
 */
import { hasOption, positionals } from "../command/argv.js";
import type { Rule, RuleTable } from "../command/rule.js";
import { defence, verbOf } from "./macos-words.js";

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

export const MACOS_OVERSIGHT_RULES: RuleTable = {
  log,
  audit,
  jamf,
  tccutil,
};
