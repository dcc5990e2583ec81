/**
 * Test helper: a smart-HTTP git server on 127.0.0.1 — stock `git http-backend` behind a small
 * Node CGI bridge (GIT_PROJECT_ROOT, GIT_HTTP_EXPORT_ALL, http.receivepack enabled), so
 * isomorphic-git clones, fetches and pushes against real git. Optional auth: a token accepted
 * as `Authorization: Bearer <token>` or as the password of HTTP Basic (compared in constant time).
 */
import { spawn } from "node:child_process";
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface GitHttpServer {
  /** Base URL; a repo at <root>/log.git is at `${url}/log.git`. */
  url: string;
  /** Requests answered, by method and service (for assertions on what a client fetched). */
  requests: { method: string; path: string }[];
  close(): Promise<void>;
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

function authorized(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? "";
  let presented: string | null = null;
  if (header.startsWith("Bearer ")) presented = header.slice(7);
  else if (header.startsWith("Basic ")) {
    const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
    presented = decoded.slice(decoded.indexOf(":") + 1);
  }
  return presented !== null && timingSafeEqual(digest(presented), digest(token));
}

function handle(root: string, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GIT_PROJECT_ROOT: root,
    GIT_HTTP_EXPORT_ALL: "1",
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: "http.receivepack",
    GIT_CONFIG_VALUE_0: "true",
    REQUEST_METHOD: req.method ?? "GET",
    PATH_INFO: decodeURIComponent(url.pathname),
    QUERY_STRING: url.search.slice(1),
    CONTENT_TYPE: req.headers["content-type"] ?? "",
    REMOTE_USER: "test",
    REMOTE_ADDR: "127.0.0.1",
    GATEWAY_INTERFACE: "CGI/1.1",
  };
  if (req.headers["content-length"]) env.CONTENT_LENGTH = req.headers["content-length"];
  if (req.headers["content-encoding"]) env.HTTP_CONTENT_ENCODING = req.headers["content-encoding"];
  if (req.headers["git-protocol"]) env.GIT_PROTOCOL = String(req.headers["git-protocol"]);
  const child = spawn("git", ["http-backend"], { env, stdio: ["pipe", "pipe", "pipe"] });
  req.pipe(child.stdin);
  let head = Buffer.alloc(0);
  let headersDone = false;
  child.stdout.on("data", (chunk: Buffer) => {
    if (headersDone) {
      res.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf("\r\n\r\n");
    if (end < 0) return;
    headersDone = true;
    let status = 200;
    for (const line of head.subarray(0, end).toString("latin1").split("\r\n")) {
      const colon = line.indexOf(":");
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === "status") status = Number(value.split(" ")[0]);
      else res.setHeader(name, value);
    }
    res.statusCode = status;
    res.write(head.subarray(end + 4));
  });
  child.stdout.on("end", () => res.end());
  child.on("error", () => {
    res.statusCode = 500;
    res.end();
  });
}

/** A push (receive-pack) request, as opposed to a clone or fetch. */
function isWrite(req: IncomingMessage): boolean {
  return (req.url ?? "").includes("git-receive-pack");
}

/**
 * `token` guards pushes; with `privateReads` it guards clones and fetches too (a private repo);
 * otherwise reads are open, like a public GitHub repository.
 */
export async function startGitHttpServer(
  root: string,
  options: { token?: string; privateReads?: boolean } = {},
): Promise<GitHttpServer> {
  const requests: { method: string; path: string }[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? "", path: req.url ?? "" });
    const guarded = isWrite(req) || options.privateReads === true;
    if (options.token && guarded && !authorized(req, options.token)) {
      res.writeHead(401, { "WWW-Authenticate": 'Basic realm="git"' }).end("unauthorized\n");
      return;
    }
    handle(root, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
