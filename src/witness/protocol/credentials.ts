import { configError } from "../../errors/index.js";
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

/**
 * The bearer tokens a witness server accepts for POST: each `--token`, then the comma-separated
 * `TRAILSEAL_WITNESS_TOKENS` (which keeps them out of the process list). A token is 8 to 512
 * printable ASCII characters without spaces: anything else is refused at start, not at the first
 * request.
 */
export function serverTokens(flags: readonly string[] | undefined, env: string | undefined): string[] {
  const tokens = [
    ...(flags ?? []),
    ...(env ?? "")
      .split(",")
      .map((token) => token.trim())
      .filter(Boolean),
  ];
  for (const token of tokens) {
    if (!/^[\x21-\x7e]{8,512}$/.test(token))
      throw configError(
        "WITNESS_TOKEN_INVALID",
        "a token must be 8 to 512 printable ASCII characters, no spaces",
      );
  }
  return tokens;
}
