/**
 * The HTTP face of a CheckpointWitness on Express, the one HTTP stack of trailseal's servers
 * (docs/decisions/http-stack.md): `POST <prefix>/add-checkpoint` and the monitoring API
 * `GET <monitoring prefix>/<origin hash>/checkpoint`. Its refusals map to statuses with
 * COSIGN_STATUS and nothing else: a 409 carries the witnessed size as `text/x.tlog.size`, a 200
 * the cosignature lines. Bodies are capped before they are read in full.
 */
import express, { type NextFunction, type Request, type Response } from "express";
import { isTrailsealError } from "../../errors/index.js";
import {
  ADD_CHECKPOINT_PATH,
  COSIGN_STATUS,
  type CosignRefusalCode,
  formatSizeBody,
  MAX_ADD_CHECKPOINT_BYTES,
  parseMonitoringPath,
  SIZE_CONTENT_TYPE,
} from "./protocol.js";
import type { CheckpointWitness } from "./witness.js";

function send(res: Response, status: number, body: string, type = "text/plain; charset=utf-8"): void {
  if (res.headersSent) return;
  // setHeader, not res.set/type: Express would add a charset to `text/x.tlog.size`.
  res.setHeader("Content-Type", type);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  // Bytes, so that send() leaves the content type as given (a string would gain a charset).
  res.status(status).send(Buffer.from(body));
}

export interface AddCheckpointHandlerOptions {
  /** The submission prefix path ("" by default): the route is `<prefix>/add-checkpoint`. */
  prefix?: string;
  /**
   * The monitoring prefix path (default: the submission prefix): the route is
   * `GET <monitoring prefix>/<origin hash>/checkpoint`.
   */
  monitoringPrefix?: string;
  maxBodyBytes?: number;
  /** Called for unexpected (5xx) failures. */
  onError?: (error: unknown) => void;
}

/**
 * The two routes as an Express router, to mount in front of another app (the anchor witness on
 * the same port): a request for any other path goes on to the next handler.
 */
export function createAddCheckpointRouter(
  witness: CheckpointWitness,
  options: AddCheckpointHandlerOptions = {},
): express.Router {
  const route = `${options.prefix ?? ""}${ADD_CHECKPOINT_PATH}`;
  const limit = options.maxBodyBytes ?? MAX_ADD_CHECKPOINT_BYTES;
  const monitoringPrefix = options.monitoringPrefix ?? options.prefix ?? "";
  const failed = (res: Response, error: unknown) => {
    options.onError?.(error);
    send(res, 500, "internal error\n");
  };
  const router = express.Router();

  // The monitoring API: matched by parseMonitoringPath, so a prefix may hold any characters.
  router.use((req, res, next) => {
    const hash = parseMonitoringPath(req.path, monitoringPrefix);
    if (hash === null) return next();
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.set("Allow", "GET, HEAD");
      return send(res, COSIGN_STATUS.COSIGN_METHOD_NOT_ALLOWED, "the monitoring API takes GET\n");
    }
    witness.monitoringCheckpoint(hash).then(
      (note) => {
        if (note === null) send(res, 404, "this witness never cosigned a checkpoint of that log\n");
        else send(res, 200, note);
      },
      (error) => {
        if (isTrailsealError(error) && error.code === "COSIGN_STATE_UNAVAILABLE")
          return send(res, 503, "witness state is unavailable; retry later\n");
        failed(res, error);
      },
    );
  });

  const addCheckpoint = async (req: Request, res: Response) => {
    try {
      const bytes: Uint8Array = Buffer.isBuffer(req.body) ? req.body : new Uint8Array();
      send(res, 200, await witness.addCheckpoint(bytes));
    } catch (error) {
      if (isTrailsealError(error) && error.code in COSIGN_STATUS) {
        const status = COSIGN_STATUS[error.code as CosignRefusalCode];
        const size = (error.details as { size?: number } | undefined)?.size;
        if (status === 409 && size !== undefined) send(res, 409, formatSizeBody(size), SIZE_CONTENT_TYPE);
        else send(res, status, `${error.message}\n`);
        return;
      }
      if (isTrailsealError(error) && error.code.startsWith("DURABLE_"))
        return send(
          res,
          COSIGN_STATUS.COSIGN_STATE_UNAVAILABLE,
          "witness state is unavailable; retry later\n",
        );
      failed(res, error);
    }
  };
  // Any content type, read as bytes; the declared length is checked before reading, the read
  // stops at the cap, and a compressed body is refused rather than inflated past it.
  const body = express.raw({ limit, type: () => true, inflate: false });
  // The route is compared as a string, like the monitoring path: a prefix is never a pattern.
  router.use((req, res, next) => {
    if (req.path !== route) return next();
    if (req.method !== "POST") {
      res.set("Allow", "POST");
      return send(res, COSIGN_STATUS.COSIGN_METHOD_NOT_ALLOWED, "add-checkpoint takes POST\n");
    }
    body(req, res, (error?: unknown) => (error ? next(error) : void addCheckpoint(req, res)));
  });

  // Errors reading the body are the client's: over the cap is 413 (and the connection is not
  // kept, so the rest of the body is not read); anything else the client sent wrong is 400.
  router.use(
    (error: { type?: string; status?: number }, _req: Request, res: Response, _next: NextFunction) => {
      if (error?.type === "entity.too.large") {
        res.set("Connection", "close");
        return send(res, COSIGN_STATUS.COSIGN_BODY_TOO_LARGE, `request body is larger than ${limit} bytes\n`);
      }
      const status = typeof error?.status === "number" ? error.status : 500;
      if (status >= 400 && status < 500)
        return send(res, COSIGN_STATUS.COSIGN_REQUEST_MALFORMED, "the request body could not be read\n");
      failed(res, error);
    },
  );
  return router;
}
