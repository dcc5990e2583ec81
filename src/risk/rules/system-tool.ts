/**
 * The shape of most system administration rules (rules/system.ts, rules/packages.ts): listed
 * sub-commands and query options only read; anything else changes the system (critical).
 */
import { hasOption, positionals } from "../command/argv.js";
import type { Rule } from "../command/rule.js";

/** Sub-commands that change whatever the options say (`launchctl submit -l label`). */
export const CHANGING =
  /^(install|reinstall|remove|erase|purge|submit|load|unload|bootstrap|bootout|enable|disable|start|stop|restart|kill|kickstart|mask|unmask|set[\w-]*|add|delete|create|config)$/;

/** System tools whose bare run changes what they manage (the linker's cache, the boot files). */
const BARE_CHANGES = /^(ldconfig|update-grub|update-initramfs|grub-install)$/;

export function systemChange(what: string): Rule {
  return (invocation, { signals }) => {
    signals.score.raise("critical", `${invocation.program}: ${what}`, "system_modification");
  };
}

/** A command whose listed sub-commands only read; anything else changes the system. */
export function systemTool(readOnly: RegExp, what: string): Rule {
  return (invocation, context) => {
    const sub = positionals(invocation.args, ["-c", "-o", "-t", "--root", "-r"])[0]?.value ?? "";
    // a query option lists, unless the sub-command is one that changes (`launchctl submit -l x`)
    const query =
      !CHANGING.test(sub) &&
      invocation.args.some(
        (word, i) =>
          /^-(Q|Ss|Si|l|L|-list|-status|-help|-version|-info|-query|-failed|-display|-get-selections|-print)/.test(
            word.value,
          ) ||
          (invocation.program === "ldconfig" && word.value === "-p") ||
          // dpkg's status, search and available-version queries
          (invocation.program === "dpkg" && /^(-s|-S|-p|--search|--print-avail)$/.test(word.value)) ||
          (i === 0 && invocation.program === "rpm" && /^-q[a-zA-Z]*$/.test(word.value)),
      );
    // `systemctl --type=service`: no sub-command lists the units; `hostnamectl --static`,
    // `timedatectl`, `localectl`: with no sub-command they show their status
    const lists = /^(systemctl|hostnamectl|timedatectl|localectl)$/.test(invocation.program) && sub === "";
    // `auditctl -s`, `auditctl -l`: a tool whose reading forms are options, every one of them listed
    const readingOptions =
      sub === "" && invocation.args.length > 0 && invocation.args.every((word) => readOnly.test(word.value));
    // `ldconfig`, `update-grub` run bare rebuild what they manage; the rest show their status
    const bare = invocation.args.length === 0 && !BARE_CHANGES.test(invocation.program);
    if (readOnly.test(sub) || query || lists || readingOptions || bare) {
      context.signals.score.raise("none", "");
      return;
    }
    // `systemctl --user restart app`: the user's own services, not the system's
    if (invocation.program === "systemctl" && hasOption(invocation.args, ["--user"])) {
      context.signals.score.raise("medium", `systemctl --user ${sub} changes the user's services`);
      return;
    }
    systemChange(`${sub ? `${sub} ` : ""}${what}`)(invocation, context);
  };
}
