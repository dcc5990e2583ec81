import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { listenHttp } from "../listen.js";
import { type AddCheckpointHandlerOptions, createAddCheckpointHandler } from "./http.js";
import type { CheckpointWitness } from "./witness.js";

export interface CosignServerOptions extends AddCheckpointHandlerOptions {
  witness: CheckpointWitness;
  host?: string;
  port?: number;
  /** Requests for any other path (e.g. the anchor witness app); 404 without one. */
  fallback?: (req: IncomingMessage, res: ServerResponse) => void;
}

export interface RunningCosignServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** A plain node:http server for add-checkpoint (keep-alive on, as the spec asks), bounded timeouts. */
export async function startCosignServer(options: CosignServerOptions): Promise<RunningCosignServer> {
  const handle = createAddCheckpointHandler(options.witness, options);
  const server = createServer((req, res) => {
    if (handle(req, res)) return;
    if (options.fallback) return options.fallback(req, res);
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("not found\n");
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 30_000;
  const listening = await listenHttp(
    server,
    options.host ?? "127.0.0.1",
    options.port ?? 0,
    "COSIGN_LISTEN_FAILED",
  );
  return { url: listening.url, server, close: () => listening.close() };
}
