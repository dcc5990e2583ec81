import type { WitnessEndpoint } from "./contracts.js";
import { isGitWitnessUrl, witnessIdentity } from "./urls.js";

/** scheme://host:port of an http(s) git log URL (the `git+` prefix dropped), else null. */
function httpOrigin(url: string): string | null {
  const text = url.trim().replace(/^git\+(?=https?:\/\/)/i, "");
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    return new URL(text).origin;
  } catch {
    return null;
  }
}

/**
 * The token a READ of the git log at `url` carries (witness verify, audit by URL, the cosign
 * check): the auth_token configured for publishing to that log, so a private log repository can
 * be verified with the credential that writes it. A token only ever goes to the origin (scheme,
 * host and port) it was configured for: the git endpoint naming the same log wins; otherwise the
 * one token configured for git logs of that origin, if there is exactly one. HTTP witness
 * endpoints never lend theirs (their reads are public), and local paths, file:// and ssh get
 * none (the user's git and ssh authenticate those).
 */
export function readTokenFor(endpoints: readonly WitnessEndpoint[], url: string): string | undefined {
  const origin = httpOrigin(url);
  if (origin === null || !isGitWitnessUrl(url)) return undefined;
  const candidates = endpoints.filter(
    (endpoint) =>
      endpoint.auth_token !== undefined &&
      isGitWitnessUrl(endpoint.url) &&
      httpOrigin(endpoint.url) === origin,
  );
  const same = candidates.find((endpoint) => witnessIdentity(endpoint.url) === witnessIdentity(url));
  if (same) return same.auth_token;
  const tokens = new Set(candidates.map((endpoint) => endpoint.auth_token));
  return tokens.size === 1 ? [...tokens][0] : undefined;
}
