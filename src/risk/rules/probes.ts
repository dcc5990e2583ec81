/**
 * Reachability probes and name lookups (docs/risk.md, "Read-only query forms";
 * docs/decisions/risk-read-queries.md): programs whose whole work is to ask whether one host
 * answers, which way packets go, or what a name or an address resolves to — `ping 10.0.0.1`,
 * `traceroute 10.20.0.1`, `arping`, `mtr`, `host 10.0.0.5`, `dig -x 192.168.1.10`,
 * `nbtstat -A 10.0.0.5`, `getent hosts 10.0.0.5`, `whois 10.0.0.5`, `Test-Connection 10.0.0.1`.
 * The level table rates an internal host
 * high because a request reaches a service behind the perimeter and data comes back from it;
 * an echo, a traced path or a lookup carries no request to any service, so an internal address
 * given to one is medium (a network request all the same). What stays high: a sweep of a
 * network or a range (`fping -g`, `10.0.0.0/24`, `nmap -sn`: every host of the network
 * discovered), a port probed (`Test-NetConnection -Port 445`), a flood (`ping -f`,
 * rules/host.ts), and cloud metadata (critical, whatever asks). `arp` shows this machine's own
 * address table (`arp -a 10.0.0.99`, `arp /a /n 10.0.0.99`: an entry looked up, nothing sent);
 * an entry written or deleted (`-s`, `-f FILE`, `-d`) decides where the address's traffic goes
 * (high, as an earlier set judged `arp -d`).
 */
import { classifyHost } from "../hosts.js";
import type { Word } from "../shell-model.js";
import type { Signals } from "../signals.js";

/** Programs that only echo, trace or look up (their lowercase names; cmdlets as PowerShell folds them). */
const PROBES = new Set([
  "ping",
  "ping6",
  "arping",
  "traceroute",
  "traceroute6",
  "tracepath",
  "tracepath6",
  "tracert",
  "pathping",
  "mtr",
  "trip",
  "fping",
  "fping6",
  "host",
  "dig",
  "drill",
  "nslookup",
  "nbtstat",
  "nmblookup",
  // `getent hosts 10.0.0.5` asks the name service switch; `whois 10.0.0.5` asks a registry about it
  "getent",
  "whois",
  "test-connection",
  "test-netconnection",
  "tnc",
]);

/** An IPv4 address, with a port or a network length (`10.0.0.0/24`) or a range (`10.0.0.1-254`). */
const ADDRESS = /^(\d{1,3}(?:\.\d{1,3}){3})(\/\d{1,2}|-\d{1,3}(?:\.\d{1,3}){0,3})?$/;
/** Options that make a probe cover many hosts (fping's generator) or reach a service's port. */
const SWEEP_OPTION = /^(-g|--generate)$/;
const PORT_OPTION = /^-(port|p|commontcpport)$/i;

/** True for a program this file judges (rules/unknown-program.ts asks before reading addresses). */
export function isProbe(program: string): boolean {
  return PROBES.has(program.toLowerCase()) || program === "arp";
}

/** `arp`: the machine's own table read, an entry written or deleted (see above). */
function arp(args: Word[], signals: Signals): void {
  const values = args.map((arg) => arg.value.toLowerCase());
  if (values.some((value) => /^[-/](s|f|d)$|^--(set|file|delete)$/.test(value)))
    return void signals.score.raise(
      "high",
      "arp writes or deletes entries of the address table: where traffic to those addresses goes",
      "system_modification",
    );
  signals.score.raise("none", "");
}

/**
 * The hosts a probe is given, judged as probes: internal single addresses medium, sweeps and
 * ports of internal hosts high, metadata critical (through signals.network, as any request).
 */
export function judgeProbe(program: string, args: Word[], signals: Signals): void {
  const name = program.toLowerCase();
  if (name === "arp") return void arp(args, signals);
  const values = args.filter((arg) => !arg.dynamic).map((arg) => arg.value);
  const sweep = values.some((value) => SWEEP_OPTION.test(value));
  // a TCP port named to a cmdlet is a connection to that service (`-Port 445`)
  const port = /^(test-netconnection|tnc)$/.test(name) && values.some((value) => PORT_OPTION.test(value));
  for (const value of values) {
    const address = ADDRESS.exec(value.replace(/^@/, ""));
    if (!address) continue;
    const host = address[1]!;
    const hostClass = classifyHost(host);
    if (hostClass !== "internal") {
      signals.network(`http://${host}/`, "CONNECT", "command");
      continue;
    }
    if (!signals.hosts.includes(host)) signals.hosts.push(host);
    if (sweep || address[2]?.startsWith("/") || address[2]?.startsWith("-"))
      signals.score.raise(
        "high",
        `${program} sweeps the internal network ${value}: every host on it discovered`,
        "network_request",
      );
    else if (port)
      signals.score.raise(
        "high",
        `${program} connects to a service of ${host}: internal network`,
        "network_request",
      );
    else
      signals.score.raise(
        "medium",
        `${program} ${host}: an echo, a traced path or a lookup of an internal address (no request reaches a service)`,
        "network_request",
      );
  }
}
