/**
 * The registry of error codes: one entry per code, with the capability that owns it, the exit code
 * the CLI ends with when the error reaches it, and a one-line meaning. `TrailsealError.code` is typed
 * as a key of this table, so a code must be registered before it can be thrown, and docs/cli.md's
 * table is generated from it (scripts/cli-reference.mjs). test/errors/codes.test.ts checks both ways:
 * every code in src/ is registered, every registered code is used in src/.
 *
 * Each prefix has its own typed list in codes/<prefix>.ts (`keyof typeof WITNESS_CODES` is the
 * witness's codes); this module joins them in prefix order.
 *
 * Codes are stable (scripts and the witness protocol match on them); the meaning may be reworded.
 * Naming: CAPABILITY_[SUBJECT_]CONDITION, the condition last (`_INVALID`, `_MALFORMED`, `_NOT_FOUND`).
 */

import type { ErrorCodeEntry } from "./code-entry.js";
import { ACTION_CODES } from "./codes/action.js";
import { ATTEST_CODES } from "./codes/attest.js";
import { CLI_CODES } from "./codes/cli.js";
import { COMMITS_CODES } from "./codes/commits.js";
import { CONFIG_CODES } from "./codes/config.js";
import { COSIGN_CODES } from "./codes/cosign.js";
import { DASHBOARD_CODES } from "./codes/dashboard.js";
import { DURABLE_CODES } from "./codes/durable.js";
import { EXPORT_CODES } from "./codes/export.js";
import { GITLOG_CODES } from "./codes/gitlog.js";
import { HOOK_CODES } from "./codes/hook.js";
import { POLICY_CODES } from "./codes/policy.js";
import { REDACT_CODES } from "./codes/redact.js";
import { RELAY_CODES } from "./codes/relay.js";
import { REPORT_CODES } from "./codes/report.js";
import { RISK_CODES } from "./codes/risk.js";
import { SEAL_CODES } from "./codes/seal.js";
import { TIME_CODES } from "./codes/time.js";
import { TLOG_CODES } from "./codes/tlog.js";
import { TRAIL_CODES } from "./codes/trail.js";
import { WITNESS_CODES } from "./codes/witness.js";

export type { ErrorCodeEntry, ExitCode } from "./code-entry.js";

// Joined in a call marked pure, so that a bundle that never reads the registry (the agent hook's)
// leaves it out: object spreads alone count as side effects to the bundler.
export const ERROR_CODES = /* @__PURE__ */ (() => ({
  ...ACTION_CODES,
  ...ATTEST_CODES,
  ...CLI_CODES,
  ...COMMITS_CODES,
  ...CONFIG_CODES,
  ...COSIGN_CODES,
  ...DASHBOARD_CODES,
  ...DURABLE_CODES,
  ...EXPORT_CODES,
  ...GITLOG_CODES,
  ...HOOK_CODES,
  ...POLICY_CODES,
  ...REDACT_CODES,
  ...RELAY_CODES,
  ...REPORT_CODES,
  ...RISK_CODES,
  ...SEAL_CODES,
  ...TIME_CODES,
  ...TLOG_CODES,
  ...TRAIL_CODES,
  ...WITNESS_CODES,
}))() satisfies Record<string, ErrorCodeEntry>;

/** Every registered error code. */
export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}
