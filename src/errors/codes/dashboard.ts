import type { ErrorCodeEntry } from "../code-entry.js";

/** The DASHBOARD_ codes. */
export const DASHBOARD_CODES = {
  DASHBOARD_ASSETS_MISSING: {
    capability: "dashboard",
    exit: 1,
    meaning: "the dashboard's page files are missing from the install",
  },
  DASHBOARD_HOST_REFUSED: {
    capability: "dashboard",
    exit: 1,
    meaning: "a request named a host that is not loopback (DNS rebinding guard)",
  },
  DASHBOARD_INTERNAL: {
    capability: "dashboard",
    exit: 1,
    meaning: "the dashboard could not answer a request",
  },
  DASHBOARD_LISTEN_FAILED: {
    capability: "dashboard",
    exit: 2,
    meaning: "the dashboard cannot listen on the address",
  },
  DASHBOARD_NOT_FOUND: { capability: "dashboard", exit: 1, meaning: "no such dashboard route" },
  DASHBOARD_PERIOD_INVALID: {
    capability: "dashboard",
    exit: 1,
    meaning: "the period is not one the dashboard offers",
  },
  DASHBOARD_PORT_IN_USE: { capability: "dashboard", exit: 2, meaning: "the dashboard's port is taken" },
  DASHBOARD_TOKEN_REQUIRED: {
    capability: "dashboard",
    exit: 2,
    meaning: "a dashboard on a non-loopback address needs a token",
  },
  DASHBOARD_TOKEN_WEAK: { capability: "dashboard", exit: 2, meaning: "the dashboard token is too short" },
  DASHBOARD_TOO_MANY_STREAMS: { capability: "dashboard", exit: 1, meaning: "too many open event streams" },
  DASHBOARD_UNAUTHORIZED: {
    capability: "dashboard",
    exit: 1,
    meaning: "the request's token is missing or wrong",
  },
} as const satisfies Record<`DASHBOARD_${string}`, ErrorCodeEntry>;
