import express, { type NextFunction, type Request, type Response } from "express";
import { describeIssues, isTrailsealError } from "../../errors/index.js";
import {
  ANCHOR_ID,
  anchorPath,
  anchorRequestSchema,
  CONSISTENCY_FROM_PARAM,
  LIMITS,
  type Limits,
  PROTOCOL,
  parseConsistencyFrom,
  ROUTES,
  statusForError,
  type WitnessErrorCode,
} from "../protocol/index.js";
import { createTokenCheck } from "./auth.js";
import { createRateLimiter } from "./rate-limit.js";
import type { AnchorStorage } from "./storage.js";

export interface WitnessAppOptions {
  storage: AnchorStorage;
  /** Bearer tokens accepted for POST; none means POST is open. GETs are always public. */
  tokens?: readonly string[];
  limits?: Partial<Limits>;
  now?: () => Date;
}

function sendError(res: Response, code: WitnessErrorCode, message: string, details?: unknown): void {
  if (res.headersSent) return;
  res
    .status(statusForError(code))
    .json({ error: details === undefined ? { code, message } : { code, message, details } });
}

/** Maps body-parser / express errors (all caused by the request) to protocol errors. */
function requestErrorCode(error: { type?: string; status?: number }): WitnessErrorCode {
  switch (error.type) {
    case "entity.too.large":
      return "WITNESS_PAYLOAD_TOO_LARGE";
    case "entity.parse.failed":
      return "WITNESS_INVALID_JSON";
    case "encoding.unsupported":
    case "charset.unsupported":
      return "WITNESS_UNSUPPORTED_MEDIA_TYPE";
    default:
      return "WITNESS_INVALID_REQUEST";
  }
}

/**
 * The three endpoints of SPEC §4.1 with DESIGN §6 semantics, over any AnchorStorage.
 * The handlers only translate: validation is the protocol's strict schema, persistence is the
 * storage's, and every failure becomes one row of the protocol's error table.
 */
export function createWitnessApp(options: WitnessAppOptions): express.Express {
  const limits = { ...LIMITS, ...options.limits };
  const now = options.now ?? (() => new Date());
  const { storage } = options;
  const checkToken = createTokenCheck(options.tokens ?? []);
  const limiter = createRateLimiter(limits.rateBurst, limits.ratePerSecond, () => now().getTime());
  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  app.set("trust proxy", false);
  app.set("query parser", false);

  app.use((req, res, next) => {
    res.set({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
    const wait = limiter?.take(req.socket.remoteAddress ?? "unknown") ?? 0;
    if (wait > 0) {
      res.set("Retry-After", String(wait));
      sendError(res, "WITNESS_RATE_LIMITED", "too many requests; retry later", { retry_after_seconds: wait });
      return;
    }
    next();
  });

  const json = express.json({ limit: limits.maxBodyBytes, strict: true, type: () => true });

  app.post(
    ROUTES.anchor,
    (req, res, next) => {
      if (checkToken && !checkToken(req.get("authorization"))) {
        res.set("WWW-Authenticate", 'Bearer realm="trailseal-witness"');
        sendError(res, "WITNESS_UNAUTHORIZED", "a valid bearer token is required to anchor");
        return;
      }
      if (!req.is("application/json")) {
        sendError(res, "WITNESS_UNSUPPORTED_MEDIA_TYPE", "the body must be application/json");
        return;
      }
      next();
    },
    json,
    async (req, res) => {
      const body: unknown = req.body;
      if (typeof body === "object" && body !== null && !Array.isArray(body)) {
        const protocol = (body as { protocol?: unknown }).protocol;
        if (protocol !== undefined && protocol !== PROTOCOL) {
          sendError(res, "WITNESS_WRONG_PROTOCOL", `protocol must be "${PROTOCOL}"`);
          return;
        }
      }
      const parsed = anchorRequestSchema.safeParse(body);
      if (!parsed.success) {
        sendError(res, "WITNESS_INVALID_REQUEST", describeIssues(parsed.error.issues), {
          issues: parsed.error.issues.slice(0, 10).map((issue) => ({
            path: issue.path.map(String).join("."),
            message: issue.message,
          })),
        });
        return;
      }
      let result: Awaited<ReturnType<AnchorStorage["append"]>>;
      try {
        result = await storage.append(parsed.data);
      } catch (error) {
        res.set("Retry-After", "5");
        sendError(
          res,
          "WITNESS_STORAGE_UNAVAILABLE",
          isTrailsealError(error) && error.code === "WITNESS_STORAGE_UNAVAILABLE"
            ? error.message
            : "the anchor could not be stored",
        );
        return;
      }
      const { anchor, created } = result;
      const receipt: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(anchor)) {
        if (!(field in anchorRequestSchema.shape)) receipt[field] = value;
      }
      res
        .location(anchorPath(anchor.anchor_id))
        .status(created ? 201 : 200)
        .json(receipt);
    },
  );

  app.get(ROUTES.anchorById, async (req, res) => {
    const id = req.params.id;
    if (typeof id !== "string" || !ANCHOR_ID.test(id)) {
      sendError(res, "WITNESS_INVALID_ANCHOR_ID", "an anchor id is wit_ followed by URL-safe characters");
      return;
    }
    // The one query member read (the app's query parser stays off): only a log backend uses it.
    let consistencyFrom: number | undefined;
    if (storage.inclusionEvidence) {
      const query = req.url.indexOf("?");
      const params = new URLSearchParams(query < 0 ? "" : req.url.slice(query + 1));
      const parsed = parseConsistencyFrom(params.getAll(CONSISTENCY_FROM_PARAM));
      if (parsed !== null) consistencyFrom = parsed;
      else {
        sendError(res, "WITNESS_INVALID_REQUEST", `${CONSISTENCY_FROM_PARAM} must be one integer ≥ 1`, {
          parameter: CONSISTENCY_FROM_PARAM,
        });
        return;
      }
    }
    let anchor: Awaited<ReturnType<AnchorStorage["get"]>>;
    let evidence: Record<string, unknown> | null = null;
    try {
      anchor = await storage.get(id);
      if (anchor && storage.inclusionEvidence)
        evidence = await storage.inclusionEvidence(
          anchor,
          consistencyFrom === undefined ? {} : { consistencyFrom },
        );
    } catch {
      res.set("Retry-After", "5");
      sendError(res, "WITNESS_STORAGE_UNAVAILABLE", "the anchor store cannot be read");
      return;
    }
    if (!anchor) {
      sendError(res, "WITNESS_ANCHOR_NOT_FOUND", `no anchor ${id}`);
      return;
    }
    if (
      evidence &&
      typeof consistencyFrom === "number" &&
      !(typeof evidence.tree_size === "number" && consistencyFrom <= evidence.tree_size)
    ) {
      sendError(res, "WITNESS_INVALID_REQUEST", `${CONSISTENCY_FROM_PARAM} is larger than the tree`, {
        parameter: CONSISTENCY_FROM_PARAM,
        tree_size: evidence.tree_size,
      });
      return;
    }
    res.status(200).json(evidence ? { ...anchor, ...evidence } : anchor);
  });

  app.get(ROUTES.health, async (_req, res) => {
    try {
      const [anchors, extra] = await Promise.all([storage.count(), storage.health()]);
      res.status(200).json({ ...extra, status: "ok", protocol: PROTOCOL, anchors });
    } catch {
      res.status(503).json({ status: "unavailable", protocol: PROTOCOL });
    }
  });

  const methodNotAllowed = (allow: string) => (_req: Request, res: Response) => {
    res.set("Allow", allow);
    sendError(res, "WITNESS_METHOD_NOT_ALLOWED", `only ${allow} is allowed here`);
  };
  app.all(ROUTES.anchor, methodNotAllowed("POST"));
  app.all(ROUTES.anchorById, methodNotAllowed("GET, HEAD"));
  app.all(ROUTES.health, methodNotAllowed("GET, HEAD"));

  app.use((_req, res) => sendError(res, "WITNESS_ROUTE_NOT_FOUND", "no such route"));

  // Errors raised while reading the request (size, JSON, encoding, aborted, bad escapes in the
  // path) are the client's: 4xx. Only a bug reaches the 500 branch.
  app.use((error: { type?: string; status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    const status = typeof error?.status === "number" ? error.status : 500;
    if (status >= 400 && status < 500) {
      sendError(res, requestErrorCode(error), "the request could not be read");
      return;
    }
    sendError(res, "WITNESS_INTERNAL", "internal error");
  });
  return app;
}
