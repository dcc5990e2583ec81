/**
 * System modification commands (critical, docs/risk.md): services, users, mounts, kernel and
 * firewall settings, disks, scheduled jobs, power (package managers: rules/packages.ts; stopping
 * processes with kill/pkill/killall: rules/processes.ts; macOS's own tools: rules/macos.ts). Their
 * read-only forms (`systemctl status`, `crontab -l`) add nothing.
 */
import { hasOption, positionals } from "../command/argv.js";
import { fromList, type Rule } from "../command/rule.js";
import { systemChange, systemTool } from "./system-tool.js";

const SERVICES = systemTool(
  /^(status|show|list|list-[\w-]+|show-[\w-]+|is-[\w-]+|get-[\w-]+|cat|help|--version|print|blame)$/,
  "changes system services",
);

const crontab: Rule = (invocation, context) => {
  if (hasOption(invocation.args, ["-l"])) return void context.signals.score.raise("none", "");
  if (hasOption(invocation.args, ["-r"])) {
    return void context.signals.score.raise(
      "critical",
      "crontab -r deletes scheduled jobs",
      "system_modification",
      "destructive_command",
    );
  }
  systemChange("changes scheduled jobs")(invocation, context);
};

const sysctl: Rule = (invocation, context) => {
  const writes =
    hasOption(invocation.args, ["-w", "--write", "-p", "--load", "--system"]) ||
    invocation.args.some((word) => word.value.includes("="));
  if (writes) systemChange("changes kernel parameters")(invocation, context);
  else context.signals.score.raise("none", "");
};

/** `service NAME ACTION`: the action comes second; `service --status-all` lists. */
const service: Rule = (invocation, context) => {
  const words = positionals(invocation.args);
  const action = words[1]?.value ?? "";
  if (
    hasOption(invocation.args, ["--status-all", "--help", "--version"]) ||
    /^(status|configtest|--full-restart-help)?$/.test(action)
  ) {
    return void context.signals.score.raise("none", "");
  }
  systemChange(`${action} changes system services`)(invocation, context);
};

/**
 * Listing forms of the tools that change mounts, firewalls and disks: `mount` alone,
 * `iptables -L`, `ufw status`, `nft list …`, `fdisk -l`, `parted -l`. They
 * print the current state and change nothing (many need root only to read it).
 */
function listsOnly(program: string, args: string[]): boolean {
  const options = args.filter((value) => value.startsWith("-"));
  const words = args.filter((value) => !value.startsWith("-"));
  switch (program) {
    case "mount":
      return (
        words.length === 0 && options.every((value) => /^(-l|-t|-v|--show-labels|--verbose)$/.test(value))
      );
    case "swapon":
      // `swapon` alone prints the swap areas in use, as `--show` does
      return args.length === 0 || options.some((value) => /^(-s|--show|--summary)/.test(value));
    case "modprobe":
      // `-n`/`--dry-run`/`--show` go through the motions without loading or unloading anything;
      // `-D`/`--show-depends` and `-c`/`--showconfig` print
      return options.some((value) =>
        /^(-[a-zA-Z]*[nDc][a-zA-Z]*|--dry-run|--show|--show-depends|--showconfig|--show-config|--show-modversions|--dump-modversions)$/.test(
          value,
        ),
      );
    case "iptables":
    case "ip6tables":
    case "ebtables":
    case "arptables":
      // listing: -L/-S (and -n, -v, --line-numbers, -t TABLE); anything else edits rules
      return (
        options.some((value) => /^(-[a-zA-Z]*[LS][a-zA-Z]*|--list|--list-rules)$/.test(value)) &&
        options.every((value) =>
          /^(-[LSnvxt]+|--list|--list-rules|--line-numbers|--numeric|--verbose|--table)$/.test(value),
        )
      );
    case "nft":
      return words[0] === "list";
    case "ufw":
      // `ufw app list`, `ufw app info NAME`: the application profiles shown (`app update` changes)
      return (
        /^(status|show|version)$/.test(words[0] ?? "") ||
        (words[0] === "app" && /^(list|info)$/.test(words[1] ?? "")) ||
        options.includes("--version")
      );
    case "firewall-cmd":
      return (
        options.length > 0 &&
        options.every((value) => /^--(state|list-|get-|query-|zone=|permanent$)/.test(value))
      );
    case "pfctl": {
      // `-s` shows; `-a ANCHOR`, `-v`, `-g`, `-q` only say which anchor and how much to print
      const shows = options.filter((value) => !/^-(a|v+|g|q)$/.test(value));
      return shows.length > 0 && shows.every((value) => /^-s/.test(value));
    }
    case "passwd":
      return options.some((value) => /^(-S|--status)$/.test(value));
    case "sgdisk":
      return (
        options.length > 0 && options.every((value) => /^(-p|--print|-i|--info.*|-v|--verify)$/.test(value))
      );
    case "fdisk":
    case "sfdisk":
    case "gdisk":
      return options.some((value) => /^(-l|--list|-d|--dump|-s|--show-size)$/.test(value));
    case "parted":
      return options.some((value) => /^(-l|--list)$/.test(value)) || words.at(-1) === "print";
    default:
      return false;
  }
}

/** A rule that is `rule` unless the command only lists (see listsOnly). */
function unlessListing(rule: Rule): Rule {
  return (invocation, context) => {
    const args = invocation.args.map((word) => word.value);
    if (listsOnly(invocation.program, args)) {
      return void context.signals.score.raise("none", "");
    }
    rule(invocation, context);
  };
}

export const SYSTEM_RULES: Record<string, Rule> = {
  // `history -c`, `history -d N`: the shell's record of what ran is erased (rewriting history)
  history: (invocation, { signals }) => {
    if (invocation.args.some((word) => /^-[a-zA-Z]*[cd]/.test(word.value)))
      return void signals.score.raise(
        "high",
        "history -c/-d erases the shell's history",
        "destructive_command",
      );
    signals.score.raise("none", "");
  },
  // `systemctl daemon-reload`: the manager re-reads the unit files already on the disk and starts
  // or stops nothing (writing a unit is the change, judged as that write): medium
  systemctl: (invocation, context) => {
    if (positionals(invocation.args)[0]?.value === "daemon-reload")
      return void context.signals.score.raise("medium", "systemctl daemon-reload re-reads the unit files");
    SERVICES(invocation, context);
  },
  ...fromList("rc-update update-rc.d chkconfig initctl", SERVICES),
  service,
  "rc-service": service,
  // Windows's `mount \\server\share Z:` (its NFS client) maps a share to a drive letter for the
  // user, as `net use Z: \\server\share` does: medium; every other mount changes the machine's
  mount: (invocation, context) => {
    const words = positionals(invocation.args, ["-o", "-u", "-p"]).map((word) => word.value);
    // (a Windows line reaches here with forward slashes, `//server/share`; no Unix mount point is
    // a drive letter, so a Linux CIFS mount of `//server/share /mnt` stays a change)
    if (words.length === 2 && /^(\\|\/\/)[^\\/]/.test(words[0]!) && /^([a-z]:|\*)$/i.test(words[1]!))
      return void context.signals.score.raise("medium", `mount maps the share ${words[0]} to a drive letter`);
    unlessListing(systemChange("changes mounts or kernel modules"))(invocation, context);
  },
  // `umount /Volumes/USB`, `umount /media/alice/STICK`: one removable volume taken offline, as
  // ejecting it does (medium); `-f`, `-a`, the root or any other mount point changes the machine's
  umount: (invocation, context) => {
    const words = positionals(invocation.args).map((word) => word.value);
    const options = invocation.args.filter((word) => word.value.startsWith("-"));
    if (
      words.length === 1 &&
      options.length === 0 &&
      /^(\/Volumes\/|\/media\/|\/run\/media\/)[^/]+/.test(words[0]!)
    )
      return void context.signals.score.raise(
        "medium",
        `umount ${words[0]} takes one removable volume offline`,
      );
    unlessListing(systemChange("changes mounts or kernel modules"))(invocation, context);
  },
  ...fromList(
    "swapon swapoff modprobe insmod rmmod depmod",
    unlessListing(systemChange("changes mounts or kernel modules")),
  ),
  ...fromList(
    "iptables ip6tables nft ufw firewall-cmd pfctl iptables-restore ip6tables-restore ebtables arptables",
    unlessListing(systemChange("changes the firewall")),
  ),
  ...fromList(
    "useradd userdel usermod groupadd groupdel groupmod adduser deluser addgroup delgroup passwd chpasswd visudo vipw chsh pw",
    unlessListing(systemChange("changes users or their credentials")),
  ),
  ...fromList("reboot halt poweroff", systemChange("stops or restarts the machine")),
  // `kexec -e`: boots the loaded kernel now, as a reboot (`-l` loads one for the next)
  kexec: (invocation, context) => {
    if (invocation.args.every((word) => /^(--help|-h|--version|-v)$/.test(word.value)))
      return void context.signals.score.raise("none", "");
    systemChange("loads or boots another kernel (the machine restarts into it)")(invocation, context);
  },
  // `shutdown -c` cancels a pending shutdown; init/telinit: rules/host.ts
  shutdown: (invocation, context) => {
    if (hasOption(invocation.args, ["-c", "--cancel", "/a", "/A"]))
      return void context.signals.score.raise("low", "shutdown -c cancels a pending shutdown");
    systemChange("stops or restarts the machine")(invocation, context);
  },
  // their status, list and show forms only read (`localectl list-keymaps`); macOS's: rules/macos.ts
  ...fromList(
    "hostnamectl timedatectl localectl update-alternatives ldconfig grub-install update-grub update-initramfs setenforce",
    systemTool(
      /^(status|show|show-[\w-]+|timesync-status|list[\w-]*|get[\w-]*|print|info|query|dump|check|verify|--status)$/,
      "changes system configuration",
    ),
  ),
  // the package sources, the locales built, the trust store of certificate authorities: what
  // every program of the host installs from, speaks and trusts (`add-apt-repository ppa:x`,
  // `locale-gen`, `update-ca-certificates`); run bare they change, their help and listings read
  ...fromList(
    "add-apt-repository apt-add-repository locale-gen update-locale update-ca-certificates update-ca-trust",
    (invocation, context) => {
      if (
        invocation.args.length > 0 &&
        invocation.args.every((word) => /^(-h|--help|--version|-V|-L|--list)$/.test(word.value))
      )
        return void context.signals.score.raise("none", "");
      systemChange("changes system configuration (package sources, locales or trusted authorities)")(
        invocation,
        context,
      );
    },
  ),
  // Debian's switches for the web server's modules, sites and configuration (`a2enmod rewrite`)
  // and for the package files of another package (`dpkg-divert --add`): what the host serves
  // and which file a package owns; `--list`, `-q` read
  ...fromList("a2enmod a2dismod a2enconf a2disconf a2ensite a2dissite dpkg-divert", (invocation, context) => {
    if (
      invocation.args.some((word) =>
        /^(-q|--list|--listpackage|--truename|--help|--version)$/.test(word.value),
      )
    )
      return void context.signals.score.raise("none", "");
    systemChange("changes system configuration")(invocation, context);
  }),
  // `mknod /dev/x c 1 3`: a block or character device node is raw access to a device, made where
  // the line says; a named pipe (`mknod fifo p`) is a file of the user's
  mknod: (invocation, context) => {
    const device = invocation.args.some((word) => /^[bcu]$/.test(word.value));
    if (device)
      return void systemChange("creates a device node (raw access to a device)")(invocation, context);
    context.signals.score.raise("low", "mknod makes a named pipe");
  },
  // security products and the audit system: their settings are the machine's defences
  ...fromList(
    "mdatp auditctl aa-disable aa-complain",
    systemTool(
      /^(health|connectivity|version|definitions|diagnostic|help|-l|-s|--list|--status)$/,
      "changes the machine's defences (security product or audit rules)",
    ),
  ),
  // `apparmor_parser -R PROFILE` unloads a profile (its program runs unconfined); `-r`/`-a` load
  // or replace one, `-p`/`-Q`/`-N`/`-S` only parse or print
  apparmor_parser: (invocation, context) => {
    const remove = invocation.args.some((word) => /^(-[a-zA-Z]*R[a-zA-Z]*|--remove)$/.test(word.value));
    if (remove)
      return void systemChange("unloads an AppArmor profile (the machine's defences)")(invocation, context);
    context.signals.score.raise("medium", "apparmor_parser loads or checks an AppArmor profile");
  },
  // `pam-auth-update --enable X`: the authentication stack every login goes through
  "pam-auth-update": (invocation, context) => {
    if (
      invocation.args.every((word) => /^(--help|-h|--version)$/.test(word.value)) &&
      invocation.args.length > 0
    )
      return void context.signals.score.raise("none", "");
    systemChange("changes how every login is authenticated (PAM)")(invocation, context);
  },
  // `realm join DOMAIN`: who may log in is then the domain's to say; `list`/`discover` read
  realm: (invocation, context) => {
    const verb = invocation.args.find((word) => !word.value.startsWith("-"))?.value ?? "list";
    if (/^(list|discover)$/.test(verb)) return void context.signals.score.raise("none", "");
    systemChange(`realm ${verb} changes which accounts may log in`)(invocation, context);
  },
  // `aa-teardown` unloads every AppArmor profile: it takes no arguments
  "aa-teardown": systemChange("unloads every AppArmor profile (the machine's defences)"),
  // `chattr -i /var/spool/cron/root`: attributes decide who may change a file; judged as a write of it
  chattr: (invocation, { signals }) => {
    for (const file of positionals(invocation.args).filter((word) => !/^[+=-]/.test(word.value)))
      signals.write(file, "changes the attributes of");
  },
  // `journalctl --vacuum-time=1s`: deletes the system journal (reading it adds nothing)
  journalctl: (invocation, { signals }) => {
    const vacuum = invocation.args.find((word) => /^--(vacuum-[\w-]+|setup-keys)/.test(word.value));
    // `--flush` moves the runtime journal to disk, `--rotate` starts new files: nothing is deleted
    const moves = invocation.args.find((word) => /^--(flush|rotate|sync|relinquish-var)$/.test(word.value));
    if (moves && !vacuum)
      return void signals.score.raise(
        "medium",
        `journalctl ${moves.value} changes where the journal is kept`,
      );
    // `journalctl --user --vacuum-size=…`: the user's own journal, not the system's
    if (vacuum && invocation.args.some((word) => word.value === "--user"))
      return void signals.score.raise(
        "medium",
        `journalctl --user ${vacuum.value} trims the user's own journal`,
      );
    if (vacuum)
      return void signals.score.raise(
        "critical",
        `journalctl ${vacuum.value} changes the system journal`,
        "system_modification",
        "destructive_command",
      );
    signals.score.raise("none", "");
  },
  crontab,
  sysctl,
  // sudoedit edits files as root: privilege escalation, whatever the file
  sudoedit: (invocation, { signals }) => {
    signals.score.raise("critical", "sudoedit edits files as root", "privilege_escalation");
    for (const file of positionals(invocation.args, ["-u", "-g", "-C", "-D", "-h"]))
      signals.write(file, "edits");
  },
};
