#!/usr/bin/env node
// The full command line, as an ES module (dist/cli.js). The package's bin is dist/cli.cjs
// (./launcher.ts), which answers the fast paths without Node's ES module loader and imports this
// file for everything else; run directly, this file takes the same fast paths (./fast-path.ts).
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { enableUserCompileCache } from "./compile-cache.js";
import { runFastPath } from "./hook-runtime/fast-path.js";

if (!(await runFastPath(process.argv, dirname(fileURLToPath(import.meta.url))))) {
  // Before the command line's chunks load, so Node 22+ can reuse their compiled code (./compile-cache.ts).
  enableUserCompileCache();
  const { main } = await import("./main.js");
  await main(process.argv);
}
