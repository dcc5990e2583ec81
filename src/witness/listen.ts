/**
 * Listening and stopping, for both witness servers (the anchor witness and the cosigning one):
 * bind, report a failure to bind as the server's own code (exit 2: a configuration problem), name
 * the URL, and close gracefully — stop accepting, let requests in flight finish, and cut what is
 * still open after 5 s, so a slow or stalled client cannot hold a shutdown forever.
 */
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { TrailsealError } from "../errors/index.js";

const FORCE_CLOSE_AFTER_MS = 5_000;

export interface Listening {
  url: string;
  /** Closes the server once (later calls share the first), then runs `then` (e.g. close the storage). */
  close(then?: () => Promise<void>): Promise<void>;
}

/** How long a client may take: its headers, its whole request, an idle kept-alive connection. */
export interface HttpTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

/**
 * The node server under an Express app, for both witness servers: the one place their timeouts
 * are set. Node checks the header and request timeouts only every connectionsCheckingInterval
 * (30 s by default), which let a stalled client hold a socket for up to 27 s / 56 s instead of
 * the documented 10 s / 30 s: it checks often enough that the limits are what they say.
 */
export async function serveHttp(
  app: RequestListener,
  timeouts: HttpTimeouts,
  host: string,
  port: number,
  code: "WITNESS_LISTEN_FAILED" | "COSIGN_LISTEN_FAILED",
): Promise<Listening & { server: Server }> {
  const server = createServer(
    { connectionsCheckingInterval: Math.max(100, Math.min(1_000, timeouts.headersTimeoutMs / 4)) },
    app,
  );
  server.headersTimeout = timeouts.headersTimeoutMs;
  server.requestTimeout = timeouts.requestTimeoutMs;
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  return { ...(await listenHttp(server, host, port, code)), server };
}

export async function listenHttp(
  server: Server,
  host: string,
  port: number,
  code: "WITNESS_LISTEN_FAILED" | "COSIGN_LISTEN_FAILED",
): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", (cause: NodeJS.ErrnoException) => {
      // As the dashboard says it: which address, why, and what to do.
      const busy = cause.code === "EADDRINUSE";
      reject(
        new TrailsealError(
          busy ? (code === "WITNESS_LISTEN_FAILED" ? "WITNESS_PORT_IN_USE" : "COSIGN_PORT_IN_USE") : code,
          `cannot listen on ${host}:${port}: ${busy ? "the port is already in use (another server, or this one still running)" : cause.message}`,
          {
            cause,
            hint: busy
              ? "choose another --port (0 picks a free one), or stop what holds it (ss -ltnp shows it)"
              : "check --host and --port",
          },
        ),
      );
    });
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${shownHost}:${address.port}`,
    close(then) {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const force = setTimeout(() => server.closeAllConnections(), FORCE_CLOSE_AFTER_MS);
        await closed;
        clearTimeout(force);
        await then?.();
      })();
      return closing;
    },
  };
}
