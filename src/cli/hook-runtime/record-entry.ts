/**
 * `record`'s fast-path bundle (dist/record.cjs), apart from the hook's (./entry.ts, dist/hook.cjs):
 * the hook runs on every tool call and must not carry what only `record` needs — the action
 * input's validation, `record`'s output, and the error registry that gives a failed `record` its
 * exit code (docs/decisions/hook-call-speed.md). ./fast-path.ts loads it, with its own V8 code
 * cache; nothing else imports this file.
 */

export { loadBuiltFilesWith } from "../../built-files/index.js";
export { fileCalls } from "../../durable/index.js";
/** For the code cache's training calls (scripts/hook-code-cache.mjs): `record` with a given stdin. */
export { runRecord } from "../commands/record.js";
export { runRecordFast } from "./record-fast.js";
