/**
 * The witness HTTP server (SPEC §4.1, DESIGN §6): Express over an AnchorStorage. Invariants:
 * a 201 is sent only after the anchor is durable; a rejected request changes nothing; hostile
 * input gets a 4xx, never a 5xx; GETs are public, POST needs a bearer token when tokens are
 * configured; it binds 127.0.0.1 unless told otherwise; a client that stalls its headers or
 * body is cut off by the server timeouts and never blocks the others.
 */
import { execFile } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { TrailsealError } from "../../errors/index.js";
import { LIMITS, type Limits } from "../protocol/index.js";
import { createWitnessApp } from "./app.js";
import { openFileStorage } from "./file-storage.js";
import type { AnchorStorage } from "./storage.js";

export type { WitnessAppOptions } from "./app.js";
export { createWitnessApp } from "./app.js";
export type { FileStorageOptions } from "./file-storage.js";
export { ANCHORS_FILE, openFileStorage } from "./file-storage.js";
export type { AnchorStorage } from "./storage.js";

export interface StartWitnessServerOptions {
  storage: AnchorStorage;
  host?: string;
  /** 0 (the default) picks a free port; the returned url names it. */
  port?: number;
  tokens?: readonly string[];
  limits?: Partial<Limits>;
  now?: () => Date;
}

export interface RunningWitnessServer {
  url: string;
  server: Server;
  /** Stops accepting, lets in-flight requests finish (bounded), then closes the storage. */
  close(): Promise<void>;
}

export async function startWitnessServer(options: StartWitnessServerOptions): Promise<RunningWitnessServer> {
  const limits = { ...LIMITS, ...options.limits };
  const app = createWitnessApp({ ...options, limits });
  const server = createServer(app);
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", (cause) =>
      reject(
        new TrailsealError("WITNESS_LISTEN_FAILED", `cannot listen on ${host}:${options.port ?? 0}`, {
          cause,
          exitCode: 2,
        }),
      ),
    );
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${shownHost}:${address.port}`,
    server,
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const force = setTimeout(() => server.closeAllConnections(), 5_000);
        await closed;
        clearTimeout(force);
        await options.storage.close();
      })();
      return closing;
    },
  };
}

export const GIT_LOG_MARKER = "trailseal-log.json";

/** True when `dir` is a git transparency log: a work tree with the marker, or a bare repo with it at HEAD. */
export async function isGitLogDir(dir: string): Promise<boolean> {
  if (existsSync(join(dir, GIT_LOG_MARKER))) return true;
  const looksBare =
    existsSync(join(dir, "HEAD")) &&
    existsSync(join(dir, "objects")) &&
    statSync(join(dir, "objects")).isDirectory();
  if (!looksBare) return false;
  return new Promise((resolve) => {
    execFile("git", ["--git-dir", dir, "cat-file", "-e", `HEAD:${GIT_LOG_MARKER}`], (error) =>
      resolve(!error),
    );
  });
}

export interface OpenStoreOptions {
  home: string;
  push?: string;
  now?: () => Date;
}

/** `witness serve --store DIR`: the git backend for a transparency log, else the JSONL file. */
export async function openWitnessStorage(dir: string, options: OpenStoreOptions): Promise<AnchorStorage> {
  if (await isGitLogDir(dir)) {
    // Lazy: git libraries load only for a git store.
    const gitlog = await import("../gitlog/index.js");
    return gitlog.openGitStorage(dir, { home: options.home, push: options.push });
  }
  if (options.push) {
    throw new TrailsealError("WITNESS_PUSH_UNSUPPORTED", "--push needs a git transparency log as --store", {
      exitCode: 2,
    });
  }
  return openFileStorage(dir, { now: options.now });
}
