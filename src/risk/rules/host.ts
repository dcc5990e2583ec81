/**
 * The host or its network taken down (docs/risk.md, "The host taken down"): interfaces brought
 * down or deleted, routes and addresses flushed, NetworkManager switched off, run levels that
 * stop or reboot the machine, daemons killed by name — critical or high; their listing forms
 * add nothing; load generators without a time limit. Resource bombs and reverse shells are in
 * bombs.ts.
 */
import type { Rule, RuleTable } from "../command/rule.js";
import type { Signals } from "../signals.js";
import { shellQuote } from "../wrappers.js";

const down = (signals: Signals, what: string) =>
  signals.score.raise("critical", `${what}: takes the host or its network down`, "system_modification");

const IP_OBJECTS: [RegExp, string][] = [
  [/^(l|li|lin|link)$/, "link"],
  [/^(a|ad|add|addr|addre|addres|address)$/, "address"],
  [/^(r|ro|rou|rout|route)$/, "route"],
  [/^(n|ne|nei|neig|neigh|neighbor|neighbour)$/, "neigh"],
  [/^(ru|rule)$/, "rule"],
];

/** `ip OBJECT COMMAND …` (both abbreviated as ip accepts them). */
const ip: Rule = (invocation, { signals, nested }) => {
  const words = invocation.args.map((word) => word.value).filter((value) => !value.startsWith("-"));
  const object = IP_OBJECTS.find(([pattern]) => pattern.test(words[0] ?? ""))?.[1] ?? words[0] ?? "";
  const command = words[1] ?? "show";
  // `ip netns exec NS CMD…` (`ip -all netns exec CMD…`): CMD runs inside the namespace, judged as itself
  const at = invocation.args.findIndex((word) => word.value === "exec");
  if (object === "netns" && command === "exec" && at >= 0) {
    const all = invocation.args.some((word) => word.value === "-all");
    const run = invocation.args.slice(at + (all ? 1 : 2));
    const text = run.map((word) => shellQuote(word.value)).join(" ");
    return void nested(
      { value: text, dynamic: run.some((word) => word.dynamic), inner: [] },
      "ip netns exec runs",
    );
  }
  // `ip link help gre`, `ip route help`: the syntax printed
  if (command === "help" || words[2] === "help") return void signals.score.raise("none", "");
  // `ip xfrm policy` lists; `ip xfrm state` lists the security associations with their keys
  if (object === "xfrm" && /^(s|sh|sho|show|l|ls|lst|list|g|ge|get|count)$/.test(words[2] ?? "list")) {
    if (/^(s|st|sta|stat|state)$/.test(command) && words[2] !== "count")
      return void signals.score.raise("high", "ip xfrm state prints the IPsec keys", "sensitive_file_access");
    return void signals.score.raise("none", "");
  }
  if (
    /^(s|sh|sho|show|l|ls|lst|list|g|ge|get|mon|monitor)$/.test(command) &&
    !(object === "link" && command === "s")
  )
    return void signals.score.raise("none", "");
  const rest = words.slice(2);
  if (
    (object === "link" && (/^(d|del|dele|delete)$/.test(command) || rest.includes("down"))) ||
    /^(d|del|dele|delete|f|fl|flu|flus|flush)$/.test(command)
  )
    return down(signals, `ip ${object} ${command}`);
  signals.score.raise(
    "high",
    `ip ${object} ${command} changes the network configuration`,
    "system_modification",
  );
};

const ifconfig: Rule = (invocation, { signals }) => {
  const words = invocation.args.map((word) => word.value).filter((value) => !value.startsWith("-"));
  if (words.includes("down")) return down(signals, `ifconfig ${words[0] ?? ""} down`);
  // `ifconfig en0 inet6`: an interface and an address family with nothing after it prints that
  // family's addresses (BSD's and macOS's ifconfig)
  if (words.length <= 1 || (words.length === 2 && /^(inet6?|link|ether|lladdr)$/.test(words[1]!)))
    return void signals.score.raise("none", "");
  signals.score.raise("high", "ifconfig changes an interface", "system_modification");
};

const nmcli: Rule = (invocation, { signals }) => {
  const words = invocation.args.map((word) => word.value).filter((value) => !value.startsWith("-"));
  const action = words[1] ?? "";
  // nmcli takes any prefix of an object or a command (`nmcli c d` is `connection down`,
  // `nmcli d de` `device delete`): a prefix of a command that takes a connection down is one
  const object = words[0] ?? "";
  const abbreviated =
    action !== "" &&
    /^(c|co|con|conn|conne|connec|connect|connecti|connectio|connection|d|de|dev|devi|devic|device)$/.test(
      object,
    ) &&
    ["down", "delete", "disconnect"].some((command) => command.startsWith(action));
  if (
    abbreviated ||
    /^(down|del|delete|disconnect|off)$/.test(action) ||
    (/^(n|networking|r|radio)/.test(words[0] ?? "") && words.includes("off"))
  )
    return down(signals, `nmcli ${words.slice(0, 2).join(" ")}`);
  if (words.length <= 1 || /^(show|s|status|list|l)$/.test(action))
    return void signals.score.raise("none", "");
  signals.score.raise("medium", `nmcli ${words.slice(0, 2).join(" ")} changes a network connection`);
};

/** `init N`/`telinit N`: 0 halts, 6 reboots, 1/S drops to single user; q reloads. */
const runlevel: Rule = (invocation, { signals }) => {
  const level = invocation.args.find((word) => !word.value.startsWith("-"))?.value ?? "";
  if (/^[0156sS]$|^emergency$/.test(level)) return down(signals, `${invocation.program} ${level}`);
  signals.score.raise(
    /^[qQuU]$/.test(level) ? "medium" : "critical",
    `${invocation.program} ${level} changes the run level`,
    "system_modification",
  );
};

/** `route del default`, `route add …`: the routing table (`route -n` lists it). */
const route: Rule = (invocation, { signals }) => {
  const words = invocation.args.map((word) => word.value).filter((value) => !value.startsWith("-"));
  if (/^(del|delete|flush)$/.test(words[0] ?? "")) return down(signals, `route ${words[0]}`);
  // Windows' `route -f` clears every gateway route (alone, or before the command it precedes)
  if (invocation.args.some((word) => /^[-/]f$/i.test(word.value))) return down(signals, "route -f");
  // Windows' `route print` lists the table, as `route -n` does; BSD's and macOS's `route get
  // DEST` and `route monitor` print the route taken and the table's changes
  if (words.length === 0 || /^(print|get|monitor|show)$/i.test(words[0]!))
    return void signals.score.raise("none", "");
  signals.score.raise("high", `route ${words[0]} changes the routing table`, "system_modification");
};

/** `ethtool -s eth0 speed 10`: settings changed (`-S`, `-i`, alone: read). */
const ethtool: Rule = (invocation, { signals }) => {
  const change = invocation.args.find((word) =>
    /^(-[sKAGCLEfW]|--change|--offload|--set-[\w-]+|--reset|--flash)$/.test(word.value),
  );
  if (!change) return void signals.score.raise("none", "");
  signals.score.raise("high", `ethtool ${change.value} changes a network interface`, "system_modification");
};

/**
 * `fuser -k FILE`: kills every process using the file, and with `-m` every process using the
 * file system it is on (`fuser -km /mnt/data`); without `-k` it lists them.
 */
const fuser: Rule = (invocation, { signals }) => {
  const kills = invocation.args.some((word) => word.value === "--kill" || /^-[a-zA-Z]*k/.test(word.value));
  if (!kills) return void signals.score.raise("none", "");
  // `fuser -k 3000/tcp`: the process on one port, as `kill $(lsof -t -i:3000)` (freeing a port)
  const targets = invocation.args.filter((word) => !word.value.startsWith("-"));
  // a privileged port (below 1024: 22, 53, 80, …) is a system service's (sshd, a resolver, a web server)
  const privileged = targets.find(
    (word) => /^\d+\//.test(word.value) && Number.parseInt(word.value, 10) < 1024,
  );
  if (privileged)
    return void signals.score.raise(
      "high",
      `fuser -k stops the system service on port ${privileged.value}`,
      "system_modification",
    );
  if (targets.length > 0 && targets.every((word) => /^\d+\/(tcp|udp)$/.test(word.value)))
    return void signals.score.raise("medium", "fuser -k stops the process on a port");
  const mount = invocation.args.some(
    (word) => word.value === "--mount" || /^-[a-zA-Z]*[mM]/.test(word.value),
  );
  signals.score.raise(
    "high",
    `fuser -k kills every process using ${mount ? "the file system" : "the file"}: what stops is not known`,
    "destructive_command",
  );
};

/**
 * macOS `networksetup`: its commands are options. `-get…`, `-list…`, `-print…`, `-is…`,
 * `-show…`, `-version`, `-help` read; a service, location or Wi-Fi switched off takes the network
 * down (critical), on or connected is medium; any other `-set…`, `-remove…`, `-delete…`,
 * `-create…`, `-add…` changes it (high).
 */
const networksetup: Rule = (invocation, { signals }) => {
  const verb = invocation.args.find((word) => /^-[a-zA-Z]/.test(word.value))?.value ?? "";
  if (verb === "" || /^-(get|list|print|is|show|version|help)/i.test(verb))
    return void signals.score.raise("none", "");
  const values = invocation.args.map((word) => word.value.toLowerCase());
  if (/^-set(airportpower|networkserviceenabled)$/i.test(verb) && values.includes("off"))
    return down(signals, `networksetup ${verb} off`);
  // switched on, or a configured service connected: nothing is changed or taken away
  if (/^-set(airportpower|networkserviceenabled)$/i.test(verb) || /^-connect/i.test(verb))
    return void signals.score.raise("medium", `networksetup ${verb} connects or switches on`);
  signals.score.raise(
    "high",
    `networksetup ${verb} changes the machine's network settings`,
    "system_modification",
  );
};

/** `dmesg -c`/`-C`/`--clear`/`--read-clear`: the kernel's log is erased; other forms read it. */
const dmesg: Rule = (invocation, { signals }) => {
  const clears = invocation.args.some(
    (word) => /^--(clear|read-clear)$/.test(word.value) || /^-[a-zA-Z]*[cC]/.test(word.value),
  );
  if (!clears) return void signals.score.raise("none", "");
  signals.score.raise(
    "high",
    "dmesg clears the kernel's message buffer (a log erased)",
    "destructive_command",
  );
};

export const HOST_RULES: RuleTable = {
  dmesg,
  networksetup,
  fuser,
  route,
  ethtool,
  ip,
  ifconfig,
  nmcli,
  ifdown: (invocation, { signals }) =>
    down(signals, `ifdown ${invocation.args.map((word) => word.value).join(" ")}`),
  init: runlevel,
  telinit: runlevel,
  // `iwconfig wlan0 essid x`, `… txpower off`: the wireless link joined, changed or switched off
  iwconfig: (invocation, { signals }) => {
    const values = invocation.args.map((word) => word.value);
    if (values.filter((value) => !value.startsWith("-")).length <= 1)
      return void signals.score.raise("none", "");
    signals.score.raise(
      "high",
      `iwconfig ${values.slice(0, 3).join(" ")} changes a wireless link`,
      "system_modification",
    );
  },
};

/** Daemons by name (`killall -9 postgres`, `pkill mysqld`): a service of the host stops. */
const DAEMON =
  /^([a-z][\w-]*d|postgres|postmaster|nginx|apache2|mysql|mariadb|redis-server|mongod|memcached|haproxy|kubelet|etcd|docker|containerd|networkmanager|php-fpm|supervisord|elasticsearch|rabbitmq-server|consul|nomad|vault)$/i;
/** Names ending in `d` that are not daemons. */
const NOT_DAEMON = /^(node|bund|grind|wind|find|vid|cmd|pwd|sed|ld|ssd|build|fd|rand|watchd?)$/;

export function killsDaemon(names: string[]): string | null {
  return names.find((name) => DAEMON.test(name) && !NOT_DAEMON.test(name)) ?? null;
}

/**
 * Load generators (`stress`, `stress-ng`): bounded by a timeout they are a test (medium); without
 * one, or with `--timeout 0`, they load the machine until stopped (high).
 */
const stress: Rule = (invocation, { signals }) => {
  const values = invocation.args.map((word) => word.value);
  const at = values.findIndex((value) => /^(-t|--timeout)(=|$)/.test(value));
  const timeout =
    at < 0 ? null : values[at]!.includes("=") ? values[at]!.split("=")[1]! : (values[at + 1] ?? "");
  if (timeout === null || /^0+[smhd]?$/.test(timeout))
    return void signals.score.raise(
      "high",
      `${invocation.program} loads the machine without a time limit (a resource bomb)`,
    );
  signals.score.raise("medium", `${invocation.program} loads the machine for ${timeout}`);
};
HOST_RULES.stress = stress;
HOST_RULES["stress-ng"] = stress;
