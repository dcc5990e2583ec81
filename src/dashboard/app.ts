import express, { type Express, type Request, type Response } from "express";
import { z } from "zod";
import { codeOf } from "../errors/index.js";
import { loadAssets } from "./assets.js";
import { authMiddleware } from "./auth.js";
import { type LiveMessage, LiveTrail } from "./live-trail.js";
import { PERIODS } from "./risk-buckets.js";

export interface DashboardAppOptions {
  home: string;
  /** Access token; when set every request must present it (see auth.ts). */
  token?: string;
  now?: () => Date;
  /** Host the server is bound to (accepted in the Host header). */
  host?: string;
  /** Fallback polling interval of the trail, ms. */
  pollMs?: number;
  /** Interval of the background full re-verification, ms (default 10 min; 0 turns it off). */
  recheckMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Where index.html, app.js and app.css are (default: found beside this module). */
  assetsDir?: string;
}

export type DashboardApp = Express & {
  live: LiveTrail;
  /** Ends the event streams and stops watching the trail. */
  closeDashboard(): void;
};

/**
 * No inline script or style, nothing from another origin: the page's own files and fetches
 * to itself. Trail content is attacker-influenced; even if markup slipped into the page it
 * could not run.
 */
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const MAX_STREAMS = 64;
/** A client this far behind is dropped; its EventSource reconnects and resyncs. */
const MAX_BUFFERED = 1 << 20;
const HEARTBEAT_MS = 15_000;

const summaryQuery = z.object({ period: z.enum(PERIODS).default("today") }).loose();

function sendError(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ error: { code, message } });
}

export function createDashboardApp(options: DashboardAppOptions): DashboardApp {
  const assets = loadAssets(options.assetsDir);
  const live = new LiveTrail({
    home: options.home,
    now: options.now,
    pollMs: options.pollMs,
    env: options.env,
  });
  const streams = new Set<Response>();
  const app = express() as DashboardApp;
  app.disable("x-powered-by");
  app.set("etag", false);
  app.use((_req, res, next) => {
    res.set({
      "Content-Security-Policy": CSP,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      "X-Frame-Options": "DENY",
      "Cross-Origin-Resource-Policy": "same-origin",
      "Cache-Control": "no-store",
    });
    next();
  });
  app.use(authMiddleware({ token: options.token, boundHost: options.host }));

  const serve = (name: string) => (_req: Request, res: Response) => {
    const asset = assets.get(name)!;
    res.type(asset.type).send(asset.body);
  };
  app.get("/", serve("index.html"));
  app.get("/assets/app.js", serve("app.js"));
  app.get("/assets/app.css", serve("app.css"));
  app.get("/assets/chart.umd.min.js", serve("chart.umd.min.js"));

  app.get("/api/summary", async (req, res) => {
    const parsed = summaryQuery.safeParse(req.query);
    if (!parsed.success) {
      sendError(res, 400, "DASHBOARD_PERIOD_INVALID", `period must be one of ${PERIODS.join(", ")}`);
      return;
    }
    res.json(await live.summary(parsed.data.period));
  });

  app.get("/api/stream", async (req, res) => {
    if (streams.size >= MAX_STREAMS) {
      sendError(res, 503, "DASHBOARD_TOO_MANY_STREAMS", "too many open event streams");
      return;
    }
    await live.start();
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write("retry: 2000\n: connected\n\n");
    streams.add(res);
    const write = (chunk: string) => {
      if (res.writableLength > MAX_BUFFERED) {
        res.end();
        return;
      }
      res.write(chunk);
    };
    const unsubscribe = live.subscribe((message: LiveMessage) => {
      if (message.type === "event") {
        write(`id: ${message.event.seq}\nevent: trail-event\ndata: ${JSON.stringify(message.event)}\n\n`);
      } else {
        write(`event: ${message.type}\ndata: {}\n\n`);
      }
    });
    const heartbeat = setInterval(() => write(": heartbeat\n\n"), HEARTBEAT_MS);
    heartbeat.unref();
    const done = () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(res);
    };
    req.on("close", done);
    res.on("close", done);
  });

  app.use((_req: Request, res: Response) => sendError(res, 404, "DASHBOARD_NOT_FOUND", "not found"));
  app.use((error: unknown, _req: Request, res: Response, _next: express.NextFunction) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    const code = codeOf(error);
    sendError(
      res,
      500,
      typeof code === "string" ? code : "DASHBOARD_INTERNAL",
      "the dashboard could not answer",
    );
  });

  app.live = live;
  app.closeDashboard = () => {
    live.close();
    for (const res of streams) res.end();
    streams.clear();
  };
  return app;
}
