/**
 * The web dashboard (docs/dashboard.md: "shows the risk distribution in real time and highlights
 * high-risk events"): an Express app serving one page, `/api/summary?period=` (JSON) and
 * `/api/stream` (server-sent events, one per new trail event).
 * Invariants: the trail is read incrementally (never re-read whole per event) and its
 * integrity verified as it is read; binds 127.0.0.1 unless given a token; trail content is
 * untrusted and is rendered as text under a strict CSP; chart.js is served from the package.
 * docs/dashboard.md describes the page and the API.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { TrailsealError } from "../errors/index.js";
import { assertTrailExists, trailDir } from "../trail/index.js";
import { createDashboardApp, type DashboardAppOptions } from "./app.js";
import { assertSafeBinding } from "./auth.js";

export type { DashboardApp, DashboardAppOptions } from "./app.js";
export { createDashboardApp } from "./app.js";
export { assertSafeBinding, isLoopbackHost, MIN_TOKEN_LENGTH } from "./auth.js";
export type { DashboardEvent } from "./dashboard-event.js";
export type { DashboardSummary, LiveMessage, TrustStatus } from "./live-trail.js";
export { LiveTrail } from "./live-trail.js";
export { PERIODS, type Period } from "./risk-buckets.js";
export { TrailTail } from "./trail-tail.js";

export interface StartOptions extends Omit<DashboardAppOptions, "host"> {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
}

export interface RunningDashboard {
  url: string;
  host: string;
  port: number;
  app: ReturnType<typeof createDashboardApp>;
  close(): Promise<void>;
}

/** Starts the dashboard and resolves once it listens and the trail has been read once. */
export async function startDashboard(options: StartOptions): Promise<RunningDashboard> {
  const host = options.host ?? "127.0.0.1";
  assertSafeBinding(host, options.token);
  // A mistyped --home is TRAIL_NOT_FOUND, not a dashboard of an empty record.
  await assertTrailExists(trailDir(options.home));
  const app = createDashboardApp({ ...options, host });
  await app.live.start();
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(options.port ?? 0, host);
    listening.once("listening", () => resolve(listening));
    listening.once("error", (error: NodeJS.ErrnoException) => {
      app.closeDashboard();
      reject(
        new TrailsealError(
          error.code === "EADDRINUSE" ? "DASHBOARD_PORT_IN_USE" : "DASHBOARD_LISTEN_FAILED",
          `cannot listen on ${host}:${options.port ?? 0}: ${error.message}`,
          { cause: error, hint: "choose another --port (0 picks a free one)" },
        ),
      );
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}/`,
    host,
    port,
    app,
    close: () =>
      new Promise<void>((resolve) => {
        app.closeDashboard();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
