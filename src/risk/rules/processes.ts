/**
 * Stopping processes by signal (kill, pkill, killall, killall5, skill): one idea apart from the
 * rest of system administration (rules/system.ts). What is stopped decides the level: a system
 * daemon, PID 1, root's processes, every process of a user or every process the caller may
 * signal are high, others medium; signal 0 only asks whether a process exists. Split from
 * rules/system.ts to keep each under the ~400-line limit; the table stays inert (src/risk/commands.ts).
 */
import { hasOption, optionValue, positionals } from "../command/argv.js";
import type { Rule, RuleTable } from "../command/rule.js";
import type { Word } from "../shell-model.js";
import { killsUserProcesses } from "./admin.js";
import { killsDaemon } from "./host.js";

/** kill/pkill/killall: stopping system processes (sshd, pid 1, root's) is high, others medium. */
const SYSTEM_PROCESSES = new Set(
  (
    "init systemd launchd sshd ssh-agent cron crond atd dockerd containerd kubelet journald systemd-journald " +
    "udevd systemd-udevd dbus-daemon networkmanager NetworkManager rsyslogd syslogd xorg Xorg gdm sddm " +
    "loginwindow windowserver WindowServer kernel_task polkitd auditd firewalld sudo login getty agetty " +
    // macOS's defences: the application firewall, Gatekeeper, the keychain, privacy grants, logging
    "socketfilterfw syspolicyd securityd endpointsecurityd XProtect XprotectService tccd logd"
  ).split(" "),
);

const kill: Rule = (invocation, { signals }) => {
  // signal 0 only asks whether the process exists
  if (
    invocation.args.some(
      (word, i, all) =>
        word.value === "-0" || (word.value === "0" && /^(-s|-n|--signal)$/.test(all[i - 1]?.value ?? "")),
    )
  )
    return void signals.score.raise("none", "");
  // a pattern's anchors are not part of the name (`pkill ^cron$`); `kill $(pgrep cron)` kills by name
  const targets = positionals(invocation.args, [
    "-s",
    "-n",
    "-u",
    "-U",
    "-g",
    "-G",
    "-P",
    "-t",
    "--signal",
  ]).map((word) => ({ ...word, value: word.value.replace(/^\^|\$$/g, "") }));
  const byName = targets.flatMap((word) =>
    word.inner
      .filter((inner) => /^(pgrep|pidof)$/.test(inner.words[0]?.value ?? ""))
      .flatMap((inner) => inner.words.slice(1).filter((name) => !name.value.startsWith("-"))),
  );
  const program = invocation.program;
  // `kill -9 -1`, `kill -s KILL -1`, `kill -- -1`: once the signal is given, -1 is a process id
  // meaning every process the caller may signal (its own session and agent included)
  const signalGiven = (i: number, all: Word[]) =>
    /^(-\d+|-[A-Z][A-Z0-9+-]*|--)$/.test(all[i - 1]?.value ?? "") ||
    /^(-s|-n|--signal)$/.test(all[i - 2]?.value ?? "");
  if (
    program === "kill" &&
    invocation.args.some((word, i, all) => word.value === "-1" && signalGiven(i, all))
  )
    return void signals.score.raise(
      "high",
      "kill … -1 signals every process the user may signal",
      "destructive_command",
    );
  const system =
    targets.find((target) =>
      program === "kill"
        ? /^-?1$/.test(target.value)
        : SYSTEM_PROCESSES.has(target.value.toLowerCase()) || SYSTEM_PROCESSES.has(target.value),
    ) ??
    // a daemon by name (`killall -9 postgres`, `pkill mysqld`): a service of the host stops
    byName.find((target) => SYSTEM_PROCESSES.has(target.value) || killsDaemon([target.value]) !== null) ??
    (program === "kill" ? undefined : targets.find((target) => killsDaemon([target.value]) !== null));
  // `pkill -u postgres`, `skill -KILL -u alice`, `killall5`: every process of a user (a service
  // account's is the service), or every process there is
  const everyone =
    program === "kill"
      ? null
      : killsUserProcesses(
          program,
          invocation.args.map((word) => word.value),
        );
  if (everyone)
    return void signals.score.raise("high", `${program} stops ${everyone}`, "destructive_command");
  if (
    system ||
    (hasOption(invocation.args, ["-u"]) && /root/.test(optionValue(invocation.args, ["-u"]) ?? ""))
  ) {
    signals.score.raise("high", `${program} stops system processes (${system?.value ?? "root's"})`);
  } else {
    signals.score.raise("medium", `${program} stops processes`);
  }
};

export const PROCESS_RULES: RuleTable = {
  kill,
  pkill: kill,
  killall: kill,
  killall5: kill,
  skill: kill,
};
