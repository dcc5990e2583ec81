import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** Drops open connections (keep-alive clients) and stops listening. */
  close(): Promise<void>;
}

/** One plain HTTP server on a 127.0.0.1 ephemeral port; the caller closes it. */
export async function startLoopbackServer(handler: RequestListener): Promise<LoopbackServer> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Plain HTTP servers on 127.0.0.1 ephemeral ports for a test file: call once at the top level;
 * the returned `listen(handler)` starts one and resolves to its base URL, and every server it
 * started is closed after each test.
 */
export function loopbackServers(): (handler: RequestListener) => Promise<string> {
  const servers: LoopbackServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });
  return async (handler) => {
    const server = await startLoopbackServer(handler);
    servers.push(server);
    return server.url;
  };
}
