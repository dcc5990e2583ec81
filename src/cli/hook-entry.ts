/**
 * The agent hook's own bundle (dist/hook.cjs): `trailseal hook <agent>` runs on every tool call,
 * and one CommonJS file loads measurably faster than the ESM chunks the rest of the CLI uses
 * (docs/performance.md, "Agent hook"). bin.ts requires it; nothing else imports this file.
 */
export { resolveHookHome, runHookCommand } from "./commands/hook.js";
