/**
 * The witness HTTP server (docs/protocol.md): a core (core.ts: anchor, get, health with
 * typed results) over an AnchorStorage, and Express mapping its results to statuses. Invariants:
 * a 201 is sent only after the anchor is durable; a rejected request changes nothing; hostile
 * input gets a 4xx, never a 5xx; GETs are public, POST needs a bearer token when tokens are
 * configured; it binds 127.0.0.1 unless told otherwise; a client that stalls its headers or
 * body is cut off by the server timeouts and never blocks the others.
 */
import type { Server } from "node:http";
import { serveHttp } from "../listen.js";
import { type AnchorStorage, LIMITS, type Limits } from "../protocol/index.js";
import { createWitnessApp } from "./app.js";

export type { AnchorStorage } from "../protocol/index.js";
export type { WitnessAppOptions } from "./app.js";
export { createWitnessApp } from "./app.js";
export type { CoreError, CoreResult, WitnessCore } from "./core.js";
export { createWitnessCore } from "./core.js";
export type { FileStorageOptions } from "./file-storage.js";
export { ANCHORS_FILE, openFileStorage } from "./file-storage.js";

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
  const listening = await serveHttp(
    app,
    limits,
    options.host ?? "127.0.0.1",
    options.port ?? 0,
    "WITNESS_LISTEN_FAILED",
  );
  return {
    url: listening.url,
    server: listening.server,
    close: () => listening.close(() => options.storage.close()),
  };
}
