#!/usr/bin/env node
/**
 * The package's bin, dist/cli.cjs: a CommonJS file, because Node starts a CommonJS entry
 * without its ES module loader (~4 ms CPU of every `trailseal hook` call, docs/performance.md).
 * A hook call goes first to the home's resident server when it is on (./resident-client.ts,
 * docs/decisions/hook-resident.md); otherwise the bin answers the fast paths itself
 * (./fast-path.ts) and imports the full command line, dist/cli.js, for everything else. Built by
 * scripts/build.mjs (import.meta.dirname → __dirname; RESIDENT_BUILD_DIGEST and RESIDENT_AGENTS
 * defined).
 */
import { escapeControl } from "../../terminal/index.js";
import { parseFastPath, resolveHookHome } from "./fast-args.js";
import type { ResidentFallback } from "./resident-client.js";
import { residentWanted } from "./resident-protocol.js";

/** This build's digest of the resident server's files (scripts/build.mjs). */
declare const RESIDENT_BUILD_DIGEST: string;
/**
 * The agents' names, written in by the build from src/agents (whose specs the bin does not
 * load): only a call for one of them goes to the server, so `trailseal hook <not an agent>`
 * never waits on stdin for it.
 */
declare const RESIDENT_AGENTS: readonly string[];

/** Resolved at run time beside this file (dist/cli.js, an ES module): not bundled into it. */
const FULL_CLI = "./cli.js";

async function main(): Promise<void> {
  const fast = parseFastPath(process.argv);
  let resident: ResidentFallback | undefined;
  const home = fast?.command === "hook" ? resolveHookHome(fast.home, process.env) : undefined;
  if (
    fast?.command === "hook" &&
    RESIDENT_AGENTS.includes(fast.agent) &&
    residentWanted(process.env, home!)
  ) {
    // The client (node:fs only, ./resident-client.ts) runs only with the server on.
    const { callResident } = await import("./resident-client.js");
    resident = await callResident(fast.agent, home!, process.env, RESIDENT_BUILD_DIGEST);
  }
  // Loaded only here: the fast paths' loader brings node:crypto and the bundles.
  const { runFastPath } = await import("./fast-path.js");
  if (!(await runFastPath(process.argv, import.meta.dirname, resident))) await import(FULL_CLI);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `trailseal: error: internal: ${escapeControl(error instanceof Error ? error.message : String(error))}\n`,
  );
  process.exitCode = 1;
});
