import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";

/** A static file server on 127.0.0.1 (an ephemeral port) over `root`, counting requests and bytes. */
export async function serveDirectory(root: string, options: { gzip?: boolean } = {}) {
  const stats = { requests: 0, bytes: 0 };
  const server: Server = createServer(async (req, res) => {
    stats.requests++;
    const path = resolve(root, `.${decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)}`);
    if (!path.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const raw = await readFile(path);
      // Like a git host's raw URLs: gzip on request (gzip of hashes is larger than 8,192 bytes).
      const gzip = options.gzip === true && /\bgzip\b/.test(String(req.headers["accept-encoding"]));
      const body = gzip ? gzipSync(raw) : raw;
      stats.bytes += body.length;
      res
        .writeHead(200, {
          "content-type": "application/octet-stream",
          "content-length": body.length,
          ...(gzip ? { "content-encoding": "gzip" } : {}),
        })
        .end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stats,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
