/**
 * The fast paths' own bundle (dist/hook.cjs): `trailseal hook <agent>` runs on every tool call
 * and `trailseal record` once per action, and one CommonJS file, loaded with its V8 code cache,
 * starts measurably faster than the ESM chunks the rest of the CLI uses (docs/performance.md,
 * "Agent hook"). ./fast-path.ts loads it; nothing else imports this file.
 */
export { isAgent } from "../agents/index.js";
export { fileCalls } from "../durable/index.js";
export { resolveHookHome, runHookCommand } from "./commands/hook.js";
export { runRecordFast } from "./record-fast.js";
