import { createHmac } from "node:crypto";
import { isIP } from "node:net";
import type { NextFunction, Request, Response } from "express";
import { createBearerCheck, sameSecret } from "../bearer/index.js";
import { configError } from "../errors/index.js";

/**
 * Who may look at the dashboard. With no token it binds loopback only, and requests must name
 * a loopback host (a web page cannot DNS-rebind its own name to 127.0.0.1 and read the
 * trail). With a token, every request carries it: `Authorization: Bearer <token>`, or the
 * session cookie set after a first load with `?token=` (HttpOnly, SameSite=Strict, so other
 * sites can neither read nor send it). Comparisons are constant-time (src/bearer).
 */
export const COOKIE_NAME = "trailseal_dashboard";
export const MIN_TOKEN_LENGTH = 16;

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost" || bare === "::1") return true;
  return isIP(bare) === 4 && bare.startsWith("127.");
}

/** Refuses a configuration that would expose the trail: a non-loopback bind without a token. */
export function assertSafeBinding(host: string, token: string | undefined): void {
  if (token !== undefined && token.length < MIN_TOKEN_LENGTH) {
    throw configError(
      "DASHBOARD_TOKEN_WEAK",
      `the dashboard token must be at least ${MIN_TOKEN_LENGTH} characters`,
      {
        hint: "generate one with: openssl rand -hex 32",
      },
    );
  }
  if (!isLoopbackHost(host) && token === undefined) {
    throw configError(
      "DASHBOARD_TOKEN_REQUIRED",
      `refusing to serve the dashboard on ${host} without a token`,
      {
        hint: "pass --token <secret> or set TRAILSEAL_DASHBOARD_TOKEN, or bind 127.0.0.1",
      },
    );
  }
}

/** The cookie holds a value derived from the token, not the token itself. */
function cookieValue(token: string): string {
  return createHmac("sha256", token).update("trailseal-dashboard-session-v1").digest("base64url");
}

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

function refuse(req: Request, res: Response, status: number, code: string, message: string): void {
  if (req.path.startsWith("/api/") || req.path.startsWith("/assets/")) {
    res.status(status).json({ error: { code, message } });
    return;
  }
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>trailseal dashboard</title></head>` +
        `<body><main><h1>trailseal dashboard</h1><p>${message}</p>` +
        (status === 401
          ? `<form method="get" action="/"><label>Token <input type="password" name="token" autocomplete="current-password" required></label> <button type="submit">Open</button></form>`
          : "") +
        `</main></body></html>`,
    );
}

export interface AuthOptions {
  token?: string;
  /** The host the server is bound to: also accepted in the Host header. */
  boundHost?: string;
}

export function authMiddleware(options: AuthOptions) {
  const token = options.token;
  const expectedCookie = token === undefined ? null : cookieValue(token);
  const checkBearer = createBearerCheck(token === undefined ? [] : [token]);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (token === undefined || expectedCookie === null) {
      const hostname = hostOf(req.headers.host);
      if (hostname === null || !(isLoopbackHost(hostname) || hostname === options.boundHost)) {
        refuse(
          req,
          res,
          403,
          "DASHBOARD_HOST_REFUSED",
          "This dashboard answers only to a loopback host name.",
        );
        return;
      }
      next();
      return;
    }
    if (checkBearer?.(req.headers.authorization)) {
      next();
      return;
    }
    const query = typeof req.query.token === "string" ? req.query.token : undefined;
    if (query !== undefined && req.method === "GET") {
      if (!sameSecret(query, token)) {
        refuse(req, res, 401, "DASHBOARD_UNAUTHORIZED", "That token is not valid.");
        return;
      }
      res.cookie(COOKIE_NAME, expectedCookie, { httpOnly: true, sameSite: "strict", path: "/" });
      // Drop the token from the address bar and history.
      const url = new URL(req.originalUrl, "http://dashboard.invalid");
      url.searchParams.delete("token");
      res.redirect(303, `${url.pathname}${url.search}`);
      return;
    }
    const cookie = readCookie(req.headers.cookie, COOKIE_NAME);
    if (cookie !== null && sameSecret(cookie, expectedCookie)) {
      next();
      return;
    }
    refuse(req, res, 401, "DASHBOARD_UNAUTHORIZED", "This dashboard needs its access token.");
  };
}

function hostOf(header: string | undefined): string | null {
  if (!header) return null;
  try {
    return new URL(`http://${header}`).hostname.replace(/^\[|\]$/g, "");
  } catch {
    return null;
  }
}
