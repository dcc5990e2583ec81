/**
 * Agent actions, normalised: the vocabulary every capability shares. Every adapter (Claude
 * Code hook payloads, the generic action JSON of docs/actions.md, the agents' hooks) turns its
 * input into an `Action`; the classifier, the policy and the trail only ever see this shape.
 *
 * Invariant: nothing here loads zod or any other package. The agent hook imports this door on
 * every tool call (docs/performance.md, "Agent hook"); validating untrusted action JSON lives
 * in `action-input`.
 */
export { findUnrecordableJson, MAX_ACTION_DEPTH } from "./json-limits.js";
export type { Action, ActionTarget, FileOp } from "./target.js";
export { claudeCodeTarget, describeRecorded, describeTarget, recordedText } from "./target.js";
