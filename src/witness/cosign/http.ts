import type { IncomingMessage, ServerResponse } from "node:http";
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

function send(res: ServerResponse, status: number, body: string, type = "text/plain; charset=utf-8"): void {
  if (res.headersSent) return;
  res.writeHead(status, {
    "Content-Type": type,
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(body);
}

class TooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? "0");
    if (declared > limit) {
      reject(new TooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        req.resume();
        reject(new TooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
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
 * The HTTP face of a CheckpointWitness: `POST <prefix>/add-checkpoint` and the monitoring API
 * `GET <monitoring prefix>/<origin hash>/checkpoint`. Returns a node request listener that
 * answers those routes and returns false for any other path, so it can sit in front of another
 * app. It maps refusals with COSIGN_STATUS and nothing else: a 409 carries the witnessed size as
 * `text/x.tlog.size`, a 200 the cosignature lines.
 */
export function createAddCheckpointHandler(
  witness: CheckpointWitness,
  options: AddCheckpointHandlerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const route = `${options.prefix ?? ""}${ADD_CHECKPOINT_PATH}`;
  const limit = options.maxBodyBytes ?? MAX_ADD_CHECKPOINT_BYTES;
  const monitoringPrefix = options.monitoringPrefix ?? options.prefix ?? "";
  return (req, res) => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    const hash = parseMonitoringPath(path, monitoringPrefix);
    if (hash !== null) {
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.setHeader("Allow", "GET, HEAD");
        send(res, COSIGN_STATUS.COSIGN_METHOD_NOT_ALLOWED, "the monitoring API takes GET\n");
        return true;
      }
      witness.monitoringCheckpoint(hash).then(
        (note) => {
          if (note === null) send(res, 404, "this witness never cosigned a checkpoint of that log\n");
          else send(res, 200, note);
        },
        (error) => {
          if (isTrailsealError(error) && error.code === "COSIGN_STATE_UNAVAILABLE")
            return send(res, 503, "witness state is unavailable; retry later\n");
          options.onError?.(error);
          send(res, 500, "internal error\n");
        },
      );
      return true;
    }
    if (path !== route) return false;
    if (req.method !== "POST") {
      res.setHeader("Allow", "POST");
      send(res, COSIGN_STATUS.COSIGN_METHOD_NOT_ALLOWED, "add-checkpoint takes POST\n");
      return true;
    }
    void (async () => {
      try {
        const body = await readBody(req, limit);
        const lines = await witness.addCheckpoint(body);
        send(res, 200, lines);
      } catch (error) {
        if (error instanceof TooLarge) {
          res.setHeader("Connection", "close");
          send(res, COSIGN_STATUS.COSIGN_BODY_TOO_LARGE, `request body is larger than ${limit} bytes\n`);
          return;
        }
        if (isTrailsealError(error) && error.code in COSIGN_STATUS) {
          const status = COSIGN_STATUS[error.code as CosignRefusalCode];
          const size = (error.details as { size?: number } | undefined)?.size;
          if (status === 409 && size !== undefined) send(res, 409, formatSizeBody(size), SIZE_CONTENT_TYPE);
          else send(res, status, `${error.message}\n`);
          return;
        }
        if (isTrailsealError(error) && error.code.startsWith("DURABLE_")) {
          send(res, COSIGN_STATUS.COSIGN_STATE_UNAVAILABLE, "witness state is unavailable; retry later\n");
          return;
        }
        options.onError?.(error);
        send(res, 500, "internal error\n");
      }
    })();
    return true;
  };
}
