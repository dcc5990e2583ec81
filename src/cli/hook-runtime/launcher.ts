#!/usr/bin/env node
/**
 * The package's bin, dist/cli.cjs: a CommonJS file, because Node starts a CommonJS entry
 * without its ES module loader (~4 ms CPU of every `trailseal hook` call, docs/performance.md).
 * It answers the fast paths itself (./fast-path.ts) and imports the full command line,
 * dist/cli.js, for everything else. Built by scripts/build.mjs (import.meta.dirname → __dirname).
 */
import { escapeControl } from "../../terminal/index.js";
import { runFastPath } from "./fast-path.js";

/** Resolved at run time beside this file (dist/cli.js, an ES module): not bundled into it. */
const FULL_CLI = "./cli.js";

runFastPath(process.argv, import.meta.dirname)
  .then((done) => (done ? undefined : import(FULL_CLI)))
  .catch((error: unknown) => {
    process.stderr.write(
      `trailseal: error: internal: ${escapeControl(error instanceof Error ? error.message : String(error))}\n`,
    );
    process.exitCode = 1;
  });
