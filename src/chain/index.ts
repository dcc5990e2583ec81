/**
 * The hash chain (docs/trail-format.md, normative): event hashing, chaining and streaming
 * verification. Pure: no file system, no clock (callers pass `ts`).
 */

export type { Decision, EventBody, PolicyStamp, RiskFlag, RiskLevel, TrailEvent } from "./event.js";
export {
  chainEvent,
  computeEventHash,
  DECISIONS,
  GENESIS_HASH,
  hashCanonicalEventLine,
  RISK_FLAGS,
  RISK_LEVELS,
  serializeEvent,
} from "./event.js";
export type { BreakCause, BreakReason, ChainBreak, ChainState, ChainVerifierOptions } from "./verify.js";
export { ChainVerifier, chainBreak } from "./verify.js";

import { RISK_LEVELS, type RiskLevel } from "./event.js";

export function compareRisk(a: RiskLevel, b: RiskLevel): number {
  return RISK_LEVELS.indexOf(a) - RISK_LEVELS.indexOf(b);
}
