/**
 * Host classes for network risk (docs/risk.md): cloud metadata endpoints (critical), internal
 * networks and names (high), loopback (the developer's own machine), public. Hosts are taken
 * from the WHATWG URL parser, so `http://2852039166/`, `0xA9FEA9FE` and `[::ffff:a9fe:a9fe]`
 * are all seen as 169.254.169.254.
 */

export type HostClass = "metadata" | "internal" | "loopback" | "public" | "name" | "invalid";

export interface ParsedTarget {
  url: URL | null;
  host: string;
  hostClass: HostClass;
}

const METADATA_HOSTS = new Set([
  "169.254.169.254",
  "fd00:ec2::254",
  "metadata.google.internal",
  "metadata.goog",
  "metadata",
  "100.100.100.200",
  "169.254.170.2",
]);
const INTERNAL_SUFFIXES = [
  ".internal",
  ".corp",
  ".local",
  ".lan",
  ".intranet",
  ".intra",
  ".home.arpa",
  ".localdomain",
  ".private",
];

/** Parses a URL (a scheme is assumed when missing, as curl does) and classifies its host. */
export function parseTarget(raw: string): ParsedTarget {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { url: null, host: raw, hostClass: "invalid" };
  }
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return { url, host, hostClass: classifyHost(host) };
}

export function classifyHost(rawHost: string): HostClass {
  const host = rawHost
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  if (host === "") return "invalid";
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped) return classifyHost(ipv4FromHex(mapped[1]!, mapped[2]!));
  const mappedDotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (mappedDotted) return classifyHost(mappedDotted[1]!);
  if (METADATA_HOSTS.has(host)) return "metadata";
  // node:net's isIP is not used: loading net costs the hook milliseconds on every call.
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return classifyIPv4(host);
  if (host.includes(":")) return /^[0-9a-f:.]+$/.test(host) ? classifyIPv6(host) : "invalid";
  if (host === "localhost" || host.endsWith(".localhost")) return "loopback";
  // A bare name (`devbox`, `build-server`) resolves through the local resolver's search list:
  // where it lands is not known, which is not the same as an internal network (medium). Numbers
  // and hex without dots are addresses in disguise (`2852039166`), still read as internal.
  if (!host.includes(".")) return /^(0x)?[0-9a-f]+$/i.test(host) && /\d/.test(host) ? "internal" : "name";
  if (INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return "internal";
  // `169.254.169.254.nip.io`, `10-0-0-1.sslip.io`: wildcard DNS answers with the address written
  // in the name, so a name holding an internal or metadata address is read as that address
  const embedded = /(?:^|[.-])(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})(?=[.-])/.exec(host);
  if (embedded) {
    const inner = classifyHost(embedded.slice(1, 5).join("."));
    if (inner === "metadata" || inner === "internal") return inner;
  }
  return "public";
}

function ipv4FromHex(high: string, low: string): string {
  const a = Number.parseInt(high, 16);
  const b = Number.parseInt(low, 16);
  return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
}

function classifyIPv4(ip: string): HostClass {
  const [a, b] = ip.split(".").map(Number) as [number, number];
  if (a === 127 || a === 0) return "loopback";
  if (a === 10) return "internal";
  if (a === 172 && b >= 16 && b <= 31) return "internal";
  if (a === 192 && b === 168) return "internal";
  if (a === 169 && b === 254) return "internal"; // link-local
  if (a === 100 && b >= 64 && b <= 127) return "internal"; // carrier-grade NAT, VPN overlays
  return "public";
}

function classifyIPv6(ip: string): HostClass {
  if (ip === "::1" || ip === "::") return "loopback";
  const first = Number.parseInt(ip.split(":")[0] || "0", 16);
  if ((first & 0xfe00) === 0xfc00) return "internal"; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return "internal"; // link-local fe80::/10
  return "public";
}
