import express, { type NextFunction, type Request, type Response } from "express";
import { createBearerCheck } from "../../bearer/index.js";
import {
  type AnchorStorage,
  anchorPath,
  CONSISTENCY_FROM_PARAM,
  LATEST_QUERY,
  LIMITS,
  type Limits,
  PROTOCOL,
  ROUTES,
  statusForError,
  type WitnessErrorCode,
} from "../protocol/index.js";
import { type CoreError, createWitnessCore } from "./core.js";
import { createRateLimiter } from "./rate-limit.js";

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

function sendCoreError(res: Response, error: CoreError): void {
  if (error.retryAfter !== undefined) res.set("Retry-After", String(error.retryAfter));
  sendError(res, error.code, error.message, error.details);
}

/** Maps body-parser / express errors (all caused by the request) to protocol errors. */
function requestErrorCode(error: { type?: string; status?: number }): WitnessErrorCode {
  switch (error.type) {
    case "entity.too.large":
      return "WITNESS_PAYLOAD_TOO_LARGE";
    case "entity.parse.failed":
    case "encoding.invalid":
      return "WITNESS_INVALID_JSON";
    case "encoding.unsupported":
    case "charset.unsupported":
      return "WITNESS_UNSUPPORTED_MEDIA_TYPE";
    default:
      return "WITNESS_INVALID_REQUEST";
  }
}

/** The charset parameter of a Content-Type, lowercased without quotes; undefined when absent. */
function charsetOf(contentType: string | undefined): string | undefined {
  for (const param of (contentType ?? "").split(";").slice(1)) {
    const [name, ...value] = param.split("=");
    if (name?.trim().toLowerCase() === "charset")
      return value
        .join("=")
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .toLowerCase();
  }
  return undefined;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The body is UTF-8 JSON (RFC 8259 §8.1): bytes that are not UTF-8 are refused, never decoded
 * with U+FFFD replacements (the stored key_id would differ from what the client signed).
 */
function assertUtf8(_req: unknown, _res: unknown, buffer: Buffer): void {
  try {
    strictUtf8.decode(buffer);
  } catch {
    throw Object.assign(new Error("the body is not valid UTF-8"), { status: 400, type: "encoding.invalid" });
  }
}

/**
 * The endpoints of docs/protocol.md (and its latest-anchor extension) over the witness core (core.ts). Express reads the request
 * (token, media type, size, rate) and maps each core result to a status; the protocol rules
 * themselves live in the core.
 */
export function createWitnessApp(options: WitnessAppOptions): express.Express {
  const limits = { ...LIMITS, ...options.limits };
  const now = options.now ?? (() => new Date());
  const core = createWitnessCore(options.storage);
  const checkToken = createBearerCheck(options.tokens ?? []);
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

  const json = express.json({
    limit: limits.maxBodyBytes,
    strict: true,
    type: () => true,
    verify: assertUtf8,
  });

  app.post(
    ROUTES.anchor,
    (req, res, next) => {
      if (checkToken && !checkToken(req.get("authorization"))) {
        res.set("WWW-Authenticate", 'Bearer realm="trailseal-witness"');
        sendError(res, "WITNESS_UNAUTHORIZED", "a valid bearer token is required to anchor");
        return;
      }
      const charset = charsetOf(req.get("content-type"));
      if (
        !req.is("application/json") ||
        (charset !== undefined && charset !== "utf-8" && charset !== "utf8")
      ) {
        sendError(res, "WITNESS_UNSUPPORTED_MEDIA_TYPE", "the body must be application/json in UTF-8");
        return;
      }
      next();
    },
    json,
    async (req, res) => {
      const result = await core.anchor(req.body);
      if (!result.ok) return sendCoreError(res, result);
      res
        .location(anchorPath(result.anchorId))
        .status(result.created ? 201 : 200)
        .json(result.receipt);
    },
  );

  app.get(ROUTES.anchorById, async (req, res) => {
    // The one query member read (the app's query parser stays off).
    const query = req.url.indexOf("?");
    const params = new URLSearchParams(query < 0 ? "" : req.url.slice(query + 1));
    const result = await core.get(String(req.params.id), params.getAll(CONSISTENCY_FROM_PARAM));
    if (!result.ok) return sendCoreError(res, result);
    res.status(200).json(result.anchor);
  });

  // The latest-anchor extension: public like every GET, under the same rate limit.
  app.get(ROUTES.anchors, async (req, res) => {
    const query = req.url.indexOf("?");
    const params = new URLSearchParams(query < 0 ? "" : req.url.slice(query + 1));
    const result = await core.latest(params.getAll(LATEST_QUERY.keyId), params.getAll(LATEST_QUERY.latest));
    if (!result.ok) return sendCoreError(res, result);
    res.status(200).json(result.anchor);
  });

  app.get(ROUTES.health, async (_req, res) => {
    const result = await core.health();
    // The health body, not the error envelope: monitors read `status` either way.
    if (result.ok) res.status(200).json(result.health);
    else res.status(503).json({ status: "unavailable", protocol: PROTOCOL });
  });

  const readLogFile = options.storage.readLogFile?.bind(options.storage);
  if (readLogFile) {
    app.get(`${ROUTES.log}/*path`, async (req, res) => {
      const path = req.path.slice(ROUTES.log.length + 1);
      let bytes: Uint8Array | null;
      try {
        bytes = await readLogFile(path);
      } catch {
        res.set("Retry-After", "5");
        return sendError(res, "WITNESS_STORAGE_UNAVAILABLE", "the log cannot be read");
      }
      if (!bytes) return sendError(res, "WITNESS_ROUTE_NOT_FOUND", "no such log file");
      // A full tile or bundle never changes (C2SP tlog-tiles); the checkpoint and partial tiles do.
      if (path.startsWith("tile/") && !path.includes(".p/"))
        res.set("Cache-Control", "public, max-age=31536000, immutable");
      res
        .status(200)
        .type(path === "checkpoint" ? "text/plain; charset=utf-8" : "application/octet-stream")
        .send(Buffer.from(bytes));
    });
  }

  const methodNotAllowed = (allow: string) => (_req: Request, res: Response) => {
    res.set("Allow", allow);
    sendError(res, "WITNESS_METHOD_NOT_ALLOWED", `only ${allow} is allowed here`);
  };
  app.all(ROUTES.anchor, methodNotAllowed("POST"));
  app.all(ROUTES.anchorById, methodNotAllowed("GET, HEAD"));
  app.all(ROUTES.anchors, methodNotAllowed("GET, HEAD"));
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
