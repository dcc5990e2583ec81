/**
 * The HTTP client isomorphic-git uses for https git logs. Its stock node client follows
 * redirects anywhere and drops the Authorization header only when the hostname changes, so a
 * log whose server redirects to another port or scheme on the same host would receive the
 * token there. This client follows a redirect only within the origin (scheme, host and port)
 * of the request and refuses any other (WITNESS_REDIRECT_REFUSED): a token never leaves its
 * origin.
 */
import type { GitHttpRequest, GitHttpResponse, HttpClient } from "isomorphic-git";
import { TrailsealError } from "../../errors/index.js";

const MAX_REDIRECTS = 5;

async function collect(body: AsyncIterable<Uint8Array> | undefined): Promise<Buffer | undefined> {
  if (!body) return undefined;
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function* iterate(stream: ReadableStream<Uint8Array> | null): AsyncIterableIterator<Uint8Array> {
  if (!stream) return;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) yield chunk;
}

function redirectRefused(from: URL, to: URL): TrailsealError {
  return new TrailsealError(
    "WITNESS_REDIRECT_REFUSED",
    `the git log at ${from.origin} redirected to another origin (${to.origin}); not followed`,
    { hint: "use the log's final URL; a token is only ever sent to the origin it was configured for" },
  );
}

export function sameOriginHttp(fetchImpl: typeof fetch = fetch): HttpClient {
  return {
    async request(request: GitHttpRequest): Promise<GitHttpResponse> {
      const method = request.method ?? "GET";
      const headers = { ...(request.headers ?? {}) };
      // fetch computes the length of the buffered body itself.
      for (const name of Object.keys(headers))
        if (name.toLowerCase() === "content-length") delete headers[name];
      const body = await collect(request.body);
      const origin = new URL(request.url);
      let target = origin;
      for (let hops = 0; ; hops++) {
        const response = await fetchImpl(target, {
          method,
          headers,
          ...(body === undefined ? {} : { body }),
          redirect: "manual",
          ...(request.signal ? { signal: request.signal } : {}),
        });
        const location = response.headers.get("location");
        if (response.status >= 300 && response.status < 400 && location) {
          await response.body?.cancel().catch(() => undefined);
          const next = new URL(location, target);
          if (next.origin !== origin.origin) throw redirectRefused(origin, next);
          if (hops >= MAX_REDIRECTS)
            throw new TrailsealError(
              "WITNESS_UNREACHABLE",
              `the git log at ${origin.origin} redirects in a loop`,
            );
          target = next;
          continue;
        }
        return {
          url: target.toString(),
          method,
          statusCode: response.status,
          statusMessage: response.statusText,
          headers: Object.fromEntries(response.headers),
          body: iterate(response.body),
        };
      }
    },
  };
}
