/**
 * Fixtures for the inclusion-evidence tests: a git-backed witness server (real git, real
 * HTTP on 127.0.0.1) and a proxy in front of it that can alter what GET returns, so a witness
 * that lies about its log can be played without touching the real one.
 */
import { execFileSync } from "node:child_process";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { initLog, openGitStorage } from "../../../src/witness/gitlog/index.js";
import type { AnchorStorage } from "../../../src/witness/protocol/index.js";
import type { RunningWitnessServer } from "../../../src/witness/server/index.js";
import { startWitnessServer } from "../../../src/witness/server/index.js";
import { startRawServer } from "../client/fixtures.js";

export interface GitWitness {
  gitdir: string;
  storage: AnchorStorage;
  server: RunningWitnessServer;
  /** Stops the server (and releases the log's lock). */
  close(): Promise<void>;
}

export async function createBareLog(dir: string, home: string, origin: string): Promise<string> {
  return (await initLog(join(dir, "log.git"), { home, bare: true, origin })).gitdir;
}

/** `witness serve --store <gitdir>` in-process: the git backend behind the reference server. */
export async function serveGitLog(gitdir: string, home: string): Promise<GitWitness> {
  const storage = await openGitStorage(gitdir, { home });
  const server = await startWitnessServer({ storage });
  return { gitdir, storage, server, close: () => server.close() };
}

export type Rewrite = (anchor: Record<string, unknown>) => Record<string, unknown>;

/**
 * A witness at a fixed URL that forwards every request to `upstream` and passes GET
 * /api/v1/anchors/:id bodies through `rewrite` (identity by default). Both can be changed
 * between calls: a new upstream is a restarted witness behind the same address.
 */
export async function startProxyWitness(upstream: string): Promise<{
  url: string;
  setUpstream(url: string): void;
  setRewrite(rewrite: Rewrite | null): void;
  close(): Promise<void>;
}> {
  let target = upstream;
  let rewrite: Rewrite | null = null;
  const raw = await startRawServer((req: IncomingMessage, res: ServerResponse, body: string) => {
    void (async () => {
      const method = req.method ?? "GET";
      const headers: Record<string, string> = { accept: "application/json" };
      if (req.headers["content-type"]) headers["content-type"] = String(req.headers["content-type"]);
      const response = await fetch(`${target}${req.url}`, {
        method,
        headers,
        ...(method === "POST" ? { body } : {}),
      });
      let text = await response.text();
      if (rewrite && method === "GET" && req.url?.startsWith("/api/v1/anchors/") && response.status === 200)
        text = JSON.stringify(rewrite(JSON.parse(text) as Record<string, unknown>));
      res.writeHead(response.status, { "content-type": "application/json" });
      res.end(text);
    })().catch(() => {
      res.writeHead(502).end();
    });
  });
  return {
    url: raw.url,
    setUpstream: (url) => {
      target = url;
    },
    setRewrite: (fn) => {
      rewrite = fn;
    },
    close: raw.close,
  };
}

export function git(gitdir: string, ...args: string[]): string {
  return execFileSync("git", ["--git-dir", gitdir, ...args], { encoding: "utf8" });
}

/** The commit of `main` whose message adds entries up to `size` (log.ts commit messages). */
export function commitAtSize(gitdir: string, size: number): string {
  const lines = git(gitdir, "log", "--format=%H %s", "main").trim().split("\n");
  const found = lines.find((line) => line.endsWith(`(size ${size})`));
  if (!found) throw new Error(`no commit of size ${size}`);
  return found.split(" ")[0]!;
}

/** Flips one bit of a base64 string's decoded bytes (same length, still valid base64). */
export function flipBase64(text: string, byte = 0): string {
  const bytes = Buffer.from(text, "base64");
  bytes[byte] = bytes[byte]! ^ 1;
  return bytes.toString("base64");
}
