/**
 * The add-checkpoint witness's server: one Express app holding the add-checkpoint and monitoring
 * routes (http.ts), then, on the same port, any other app (the anchor witness), else 404.
 */
import type { Server } from "node:http";
import express from "express";
import { serveHttp } from "../listen.js";
import { type AddCheckpointHandlerOptions, createAddCheckpointRouter } from "./http.js";
import type { CheckpointWitness } from "./witness.js";

/** Keep-alive stays on for a while (the spec asks clients to reuse connections); stalls are cut off. */
const TIMEOUTS = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 30_000 };

export interface CosignServerOptions extends AddCheckpointHandlerOptions {
  witness: CheckpointWitness;
  host?: string;
  port?: number;
  /** The app for any other path (the anchor witness app, mounted after these routes); 404 without one. */
  fallback?: express.Express;
}

export interface RunningCosignServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function startCosignServer(options: CosignServerOptions): Promise<RunningCosignServer> {
  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  app.set("trust proxy", false);
  app.set("query parser", false);
  app.use(createAddCheckpointRouter(options.witness, options));
  if (options.fallback) app.use(options.fallback);
  else
    app.use((_req, res) => {
      res.status(404).type("text/plain; charset=utf-8").send("not found\n");
    });
  const listening = await serveHttp(
    app,
    TIMEOUTS,
    options.host ?? "127.0.0.1",
    options.port ?? 0,
    "COSIGN_LISTEN_FAILED",
  );
  return { url: listening.url, server: listening.server, close: () => listening.close() };
}
