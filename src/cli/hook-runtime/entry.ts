/**
 * The fast paths' own bundle (dist/hook.cjs): `trailseal hook <agent>` runs on every tool call
 * and `trailseal record` once per action, and one CommonJS file, loaded with its V8 code cache,
 * starts measurably faster than the ESM chunks the rest of the CLI uses (docs/performance.md,
 * "Agent hook"). ./fast-path.ts loads it; nothing else imports this file.
 *
 * This folder is the hook's whole start-up machinery, apart from the domain: the bin
 * (./launcher.ts, dist/cli.cjs), the fast paths' own argument parsing (./fast-path.ts), the V8
 * code cache (./code-cache.ts, made at build by scripts/hook-code-cache.mjs), `record`'s fast
 * path (./record-fast.ts, its own bundle: ./record-entry.ts) and the one place that switches the process's file calls to
 * synchronous ones (`fileCalls.useSynchronousCalls()`, in ./fast-path.ts). What the bundle may
 * load on every call is pinned by test/structure/hook-bundle.test.ts.
 */
export { isAgent } from "../../agents/index.js";
export { loadBuiltFilesWith } from "../../built-files/index.js";
export { fileCalls } from "../../durable/index.js";
export {
  answerUnfinishedCall,
  judgeHookText,
  resolveHookHome,
  runHookCommand,
} from "../commands/hook.js";
/** For the second file's code cache (scripts/hook-code-cache.mjs): what a process compiled of it. */
export { rareChunkCode } from "./rare-chunk.js";

/**
 * For the resident server (./server-main.ts): validated policies kept in memory, by their text.
 * Imported when called: the policy's modules load on a call's own path, not at every start.
 */
export async function rememberValidatedPolicies(): Promise<void> {
  (await import("../../policy/index.js")).rememberValidatedPolicies();
}
