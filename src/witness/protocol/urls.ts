import { resolve as resolvePath } from "node:path";
import { TrailsealError } from "../../errors/index.js";
import { anchorPath, latestAnchorPath, ROUTES } from "./routes.js";

/**
 * A witness URL names a GIT witness (a transparency-log repository the client publishes to
 * directly) when it is a local path, a file:// or ssh:// URL, scp-like `git@host:path`,
 * a `git+https://`/`git+http://`/`git+ssh://` URL, or ends in `.git`. Every other http(s)
 * URL is an HTTP witness speaking docs/protocol.md.
 */
export function isGitWitnessUrl(url: string): boolean {
  const text = url.trim();
  if (/^(file|ssh|git\+https?|git\+ssh):\/\//i.test(text)) return true;
  if (/^[A-Za-z0-9._-]+@[^/:]+:/.test(text)) return true;
  if (text.startsWith("/") || text.startsWith("./") || text.startsWith("../") || text.startsWith("~"))
    return true;
  if (/^[A-Za-z]:[\\/]/.test(text)) return true;
  const withoutQuery = text.replace(/[?#].*$/, "").replace(/\/+$/, "");
  if (withoutQuery.toLowerCase().endsWith(".git")) return true;
  // A bare relative path (no scheme) is a local path too.
  return !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(text);
}

function parseHttpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (cause) {
    throw new TrailsealError("WITNESS_URL_INVALID", `"${url}" is not a URL`, { cause });
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new TrailsealError("WITNESS_URL_INVALID", `"${url}" is not an http(s) witness URL`);
  }
  if (parsed.username || parsed.password) {
    throw new TrailsealError(
      "WITNESS_URL_INVALID",
      "credentials in a witness URL would be logged; use auth_token",
    );
  }
  return parsed;
}

/** The anchor endpoint: a base URL gets `/api/v1/anchor` appended; a full anchor URL is kept. */
export function toAnchorUrl(url: string): string {
  const parsed = parseHttpUrl(url);
  parsed.hash = "";
  const path = parsed.pathname.replace(/\/+$/, "");
  if (!path.endsWith(ROUTES.anchor)) parsed.pathname = `${path}${ROUTES.anchor}`;
  return parsed.toString();
}

/** The witness root, i.e. the anchor URL without its `/api/v1/anchor` suffix. */
export function toWitnessBase(url: string): string {
  const anchor = new URL(toAnchorUrl(url));
  anchor.pathname = anchor.pathname.slice(0, -ROUTES.anchor.length);
  anchor.search = "";
  return anchor.toString().replace(/\/+$/, "");
}

export function toAnchorLookupUrl(url: string, anchorId: string): string {
  return `${toWitnessBase(url)}${anchorPath(anchorId)}`;
}

/** The URL of the latest-anchor question (the protocol's extension) for one key id. */
export function toLatestAnchorUrl(url: string, keyId: string): string {
  return `${toWitnessBase(url)}${latestAnchorPath(keyId)}`;
}

export function toHealthUrl(url: string): string {
  return `${toWitnessBase(url)}${ROUTES.health}`;
}

/** Loopback spellings that name this machine: one witness, however it is written. */
function canonicalHost(hostname: string): string {
  let host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (mapped) host = mapped[1]!;
  // new URL() prints an IPv4-mapped address in hex (::ffff:7f00:1).
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (hex) {
    const high = Number.parseInt(hex[1]!, 16);
    const low = Number.parseInt(hex[2]!, 16);
    host = `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  if (host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\./.test(host))
    return "127.0.0.1";
  return host.replace(/\.$/, "");
}

/**
 * The identity of a witness for counting toward a quorum: two URLs that reach the same
 * witness give the same identity. For HTTP: scheme, canonical host (loopback spellings and
 * IPv4-mapped IPv6 folded, a trailing dot dropped), port, and the witness base path — query,
 * fragment and the `/api/v1/anchor` suffix never make a second witness. For git: the URL
 * without its `git+` prefix and trailing slashes, local paths made absolute.
 */
export function witnessIdentity(url: string): string {
  if (isGitWitnessUrl(url)) {
    let text = url.trim().replace(/^git\+(?=(https?|ssh):\/\/)/i, "");
    if (/^file:\/\//i.test(text)) {
      try {
        text = decodeURIComponent(new URL(text).pathname);
      } catch {
        // keep it as written
      }
    }
    if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text) && !/^[A-Za-z0-9._-]+@[^/:]+:/.test(text))
      text = resolvePath(text);
    return `git:${text.replace(/\/+$/, "")}`;
  }
  try {
    const base = new URL(toWitnessBase(url));
    const port = base.port || (base.protocol === "https:" ? "443" : "80");
    return `${base.protocol}//${canonicalHost(base.hostname)}:${port}${base.pathname.replace(/\/+$/, "")}`;
  } catch {
    return url.trim();
  }
}
