/**
 * Host administration by family, for the families no earlier table named (docs/risk.md,
 * "Administration by family, with its read forms"): the system clock, disk quotas, the security
 * policy (SELinux booleans and labels), password databases beside `/etc/shadow` (Samba's,
 * password ageing, the shadow conversions), process supervisors (runit, s6, SMF, Supervisor,
 * monit), access control lists, and the processes of a whole user killed. Each changes the
 * machine for everyone on it (critical, as services and users are), or takes away what serves
 * them; their read forms (status, list, show, `-l`) add nothing.
 */
import { hasOption, positionals } from "../command/argv.js";
import type { Rule, RuleTable } from "../command/rule.js";
import { isBroadPath, isSystemPath } from "../paths.js";
import { systemChange } from "./system-tool.js";

/** A rule that reads when `reads` says so, and otherwise changes the system (critical). */
function unlessReading(reads: (words: string[], options: string[]) => boolean, what: string): Rule {
  return (invocation, context) => {
    const values = invocation.args.map((word) => word.value);
    const options = values.filter((value) => value.startsWith("-"));
    const words = values.filter((value) => !value.startsWith("-"));
    if (options.some((value) => /^(--help|-h|--version|-V)$/.test(value)) && words.length === 0)
      return void context.signals.score.raise("none", "");
    if (reads(words, options)) return void context.signals.score.raise("none", "");
    systemChange(what)(invocation, context);
  };
}

const READ_WORD = /^(status|show|list|ls|summary|info|query|check|get|print|help|version)$/;
const noOptionsOrListing = (words: string[], options: string[]) =>
  READ_WORD.test(words[0] ?? "") ||
  options.some((value) => /^(-l|-L|--list|-q|--query|--show|-s|--status)$/.test(value));

/** `date -s`, `date MMDDhhmm`: the clock is set; any other `date` prints it. */
const date: Rule = (invocation, context) => {
  const values = invocation.args.map((word) => word.value);
  const sets =
    values.some((value) => /^(-s|--set(=.*)?|-[a-zA-Z]*s)$/.test(value)) ||
    values.some((value) => /^\d{8}(\d{2}|\d{4})?(\.\d{2})?$/.test(value));
  if (sets)
    return void systemChange("sets the system clock (logs, certificates and schedules shift)")(
      invocation,
      context,
    );
  context.signals.score.raise("none", "");
};

/** Setting the clock: `hwclock --systohc/--set`, `ntpdate`, `rdate`, `chronyc makestep`. */
const clock = unlessReading(
  (words, options) =>
    (options.some((value) =>
      /^(-r|--show|--get|--test|--compare|-c|-q|--query|-d|--debug|-p|--print|-n)$/.test(value),
    ) &&
      !options.some((value) => /^(-w|--systohc|-s|--hctosys|--set|--adjust|-a)$/.test(value))) ||
    /^(tracking|sources|sourcestats|activity|ntpdata|clients|serverstats|authdata|selectdata|rtcdata|smoothing|help)$/.test(
      words[0] ?? "",
    ),
  "sets the system clock (logs, certificates and schedules shift)",
);

/** Every process of a user (`pkill -u postgres`, `skill -KILL -u alice`), or of everyone (`killall5`). */
export function killsUserProcesses(program: string, args: string[]): string | null {
  if (program === "killall5") return "every process on the machine but its own session";
  const at = args.findIndex((value) => /^(-u|-U|--user|--uid)$/.test(value));
  const user = at >= 0 ? args[at + 1] : args.find((value) => /^--(user|uid)=/.test(value))?.split("=")[1];
  return user ? `every process of ${user}` : null;
}

/** `setfacl -R -m u:nobody:rwx /etc`: an access list decides who may read and write, as a mode does. */
const setfacl: Rule = (invocation, { signals }) => {
  const targets = positionals(invocation.args, [
    "-m",
    "-x",
    "-M",
    "-X",
    "--modify",
    "--remove",
    "--set",
    "--set-file",
    "--modify-file",
    "--remove-file",
  ]);
  const recursive = hasOption(invocation.args, ["--recursive"], "R");
  for (const target of targets) {
    const path = signals.path(target);
    if (isSystemPath(path) || (recursive && path === "/"))
      signals.score.raise(
        "critical",
        `setfacl changes who may access the system path ${path}`,
        "system_modification",
      );
    else if (
      recursive &&
      (isBroadPath(path, { cwd: signals.cwd }) || !path.startsWith(`${signals.project ?? "\0"}/`))
    )
      signals.score.raise("high", `setfacl -R changes who may access everything under ${target.value}`);
    else signals.score.raise("low", `setfacl changes who may access ${target.value}`);
  }
};

/**
 * Process supervisors: `sv down nginx`, `s6-svc -d /run/service/x`, `svcadm disable ssh`,
 * `supervisorctl stop all`, `monit unmonitor all`: a service of the host stops. Their reads
 * take a count of lines as an option (`supervisorctl tail -100 worker stderr`).
 */
const supervisor = unlessReading(
  (words, options) =>
    /^(status|check|list|ls|avail|tail|pid|help|version|summary|svcs|reread|validate|report|export|listprop|describe)$/.test(
      words[0] ?? "",
    ) && options.every((value) => /^(-f|-l|-v|-a|-x|--verbose|--follow|-\d+)$/.test(value)),
  "stops, starts or changes the host's services",
);

/**
 * `resolvectl dns eth0 203.0.113.53`: the servers an interface's names resolve through (every
 * name the machine looks up then answered by them, high); other per-interface settings given a
 * value (`dnssec`, `llmnr`, `domain`) change resolution (medium); `status`, `query`, statistics,
 * a setting named without a value, and the caches flushed read or only refresh.
 */
const resolvectl: Rule = (invocation, { signals }) => {
  const words = invocation.args.map((word) => word.value).filter((value) => !value.startsWith("-"));
  const [verb = "status", , ...values] = words;
  const setting = /^(dns|domain|default-route|llmnr|mdns|dnssec|dnsovertls|nta|revert)$/.test(verb);
  if (setting && (values.length > 0 || verb === "revert")) {
    if (/^(dns|revert)$/.test(verb))
      return void signals.score.raise(
        "high",
        `resolvectl ${verb} changes the servers names resolve through`,
        "system_modification",
      );
    return void signals.score.raise("medium", `resolvectl ${verb} changes how an interface resolves names`);
  }
  signals.score.raise("none", "");
};

export const ADMIN_RULES: RuleTable = {
  date,
  resolvectl,
  ...Object.fromEntries("hwclock ntpdate rdate chronyc".split(" ").map((name) => [name, clock])),
  ...Object.fromEntries(
    "quotaon quotaoff edquota setquota quotacheck"
      .split(" ")
      .map((name) => [
        name,
        unlessReading(noOptionsOrListing, "changes disk quotas (what each user may store)"),
      ]),
  ),
  ...Object.fromEntries(
    "setsebool semanage restorecon chcon semodule"
      .split(" ")
      .map((name) => [
        name,
        unlessReading(
          (words, options) =>
            /^(list|-l|export)$/.test(words[1] ?? "") ||
            options.some((value) => /^(-l|--list|-n|--noaction|-E|--extract)$/.test(value)),
          "changes the security policy (the machine's defences)",
        ),
      ]),
  ),
  ...Object.fromEntries(
    "smbpasswd pdbedit chage pwconv pwunconv grpconv grpunconv"
      .split(" ")
      .map((name) => [
        name,
        unlessReading(
          (_, options) =>
            options.some((value) => /^(-l|-L|--list|-w|--list-users|-v|--verbose)$/.test(value)) &&
            !options.some((value) => /^-[axdeM]$/.test(value)),
          "changes users or their credentials",
        ),
      ]),
  ),
  ...Object.fromEntries(
    "sv svcadm svccfg s6-svc s6-rc supervisorctl monit runsvctl".split(" ").map((name) => [name, supervisor]),
  ),
  // `pmset -a sleep 30`, `pmset repeat wake …`: when the machine sleeps, wakes or powers off (`-g` reads)
  pmset: unlessReading(
    (words, options) =>
      options.some((value) => /^-g\w*$/.test(value)) ||
      (words.length === 1 && words[0] === "displaysleepnow"),
    "changes power management (when the machine sleeps or powers off)",
  ),
  setfacl,
  // login failures forgotten (`faillog -r`, `faillock --reset`, `pam_tally2 --reset`): the lockout
  // that stops password guessing is undone; users made in bulk (`newusers`), their details (`chfn`)
  ...Object.fromEntries(
    "faillog faillock pam_tally2 pam_tally newusers chfn"
      .split(" ")
      .map((name) => [
        name,
        unlessReading(
          (_, options) =>
            !options.some((value) => /^(-r|--reset(=.*)?|-l|--lock-secs|-m|--maximum)$/.test(value)) &&
            /^(faillog|faillock|pam_tally2|pam_tally)$/.test(name),
          "changes users, their credentials or their lockout",
        ),
      ]),
  ),
  // the package system's stored answers and reconfiguration (`dpkg-reconfigure`, debconf)
  ...Object.fromEntries(
    "dpkg-reconfigure debconf-set-selections"
      .split(" ")
      .map((name) => [name, unlessReading(() => false, "reconfigures installed system packages")]),
  ),
  // printers added or removed (`lpadmin -x`), PCI registers written (`setpci … =value`)
  lpadmin: unlessReading(() => false, "changes the system's printers"),
  setpci: (invocation, context) => {
    if (!invocation.args.some((word) => word.value.includes("=")))
      return void context.signals.score.raise("none", "setpci only reads registers");
    systemChange("writes hardware registers")(invocation, context);
  },
  // `umask 000`: every file made after it is writable by everyone (`umask` alone prints it)
  umask: (invocation, { signals }) => {
    const mask = invocation.args.find((word) => !word.value.startsWith("-"))?.value;
    if (mask && (/^0*[0-7]?[0-7]?[0145]$/.test(mask) || /o[=+][^,]*w/.test(mask)))
      return void signals.score.raise(
        "high",
        `umask ${mask}: every file made after it is writable by everyone`,
      );
    signals.score.raise("none", "");
  },
  // the kernel's keyring: printing a key is reading a secret, unlinking or revoking destroys one
  keyctl: (invocation, { signals }) => {
    const verb = invocation.args.find((word) => !word.value.startsWith("-"))?.value ?? "";
    if (/^(print|read|pipe)$/.test(verb))
      return void signals.score.raise(
        "high",
        `keyctl ${verb} prints a key from the kernel keyring`,
        "sensitive_file_access",
      );
    if (/^(unlink|clear|revoke|invalidate|purge|reap)$/.test(verb))
      return void signals.score.raise(
        "high",
        `keyctl ${verb} destroys keys in the kernel keyring`,
        "destructive_command",
      );
    signals.score.raise(
      /^(show|list|rlist|describe|rdescribe|search|request|id|--version)?$/.test(verb) ? "none" : "medium",
      verb ? `keyctl ${verb}` : "",
    );
  },
  // `capsh --uid=0 --`, `capsh --caps=… --`: a shell with chosen identities or capabilities
  capsh: (invocation, { signals }) => {
    const values = invocation.args.map((word) => word.value);
    if (
      values.every((value) =>
        /^(--print|--decode=.*|--supports=.*|--has-\w+=.*|--help|--version)$/.test(value),
      )
    )
      return void signals.score.raise("none", "");
    signals.score.raise(
      "high",
      "capsh runs a shell with chosen identities or capabilities",
      "privilege_escalation",
    );
  },
  // `bpftool prog load x.o /sys/fs/bpf/x`: code loaded into the kernel, as a module is (`show` reads)
  bpftool: unlessReading(
    (words) =>
      /^(show|list|dump|help|version|feature|pin)$/.test(words[1] ?? "") ||
      /^(help|version|feature|btf)$/.test(words[0] ?? ""),
    "loads or changes code running in the kernel",
  ),
  // traffic intercepted on the network (ARP or name poisoning) or credentials dumped from memory
  ...Object.fromEntries(
    "ettercap arpspoof bettercap responder dsniff mitm6 macof mimipenguin 3snake swap_digger"
      .split(" ")
      .map((name) => [
        name,
        ((invocation, { signals }) => {
          if (invocation.args.some((word) => /^(--help|-h|--version|-V)$/.test(word.value)))
            return void signals.score.raise("none", "");
          signals.score.raise(
            "high",
            `${invocation.program} intercepts other machines' traffic or dumps credentials`,
            "sensitive_file_access",
            "network_request",
          );
        }) as Rule,
      ]),
  ),
};
