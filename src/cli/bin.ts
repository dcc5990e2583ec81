#!/usr/bin/env node
// The agent hook runs on every tool call, so `trailseal hook <agent> [--home <dir>]` skips
// commander and the other commands entirely (docs/performance.md, "Agent hook"). Anything
// else, including `trailseal hook --help`, goes through the full command line.
import { createRequire } from "node:module";
import { AGENTS } from "../agents/index.js";

const HOOK_AGENTS = new Set<string>(AGENTS);
/** Built by scripts/build.mjs from hook-entry.ts; a variable, so the ESM bundle leaves it alone. */
const HOOK_BUNDLE = "./hook.cjs";

function hookFastPath(argv: string[]): { agent: string; home: string | undefined } | null {
  if (argv[2] !== "hook" || !HOOK_AGENTS.has(argv[3] ?? "")) return null;
  const rest = argv.slice(4);
  if (rest.length === 0) return { agent: argv[3]!, home: undefined };
  if (rest.length === 2 && rest[0] === "--home") return { agent: argv[3]!, home: rest[1] };
  if (rest.length === 1 && rest[0]!.startsWith("--home="))
    return { agent: argv[3]!, home: rest[0]!.slice(7) };
  return null;
}

const fast = hookFastPath(process.argv);
if (fast) {
  // Never crash open: runHook answers its own failures with a deny, but a failure around it
  // (a module that cannot load, stdout gone) would leave Node's exit status 1, which the
  // agents read as a non-blocking error and run the tool. Exit 2 is their blocking error.
  const blockOnFailure = (error: unknown) => {
    const text = error instanceof Error ? error.message : String(error);
    try {
      process.stderr.write(`trailseal: error: the hook could not run: ${text}\n`);
    } finally {
      process.exitCode = 2;
    }
  };
  process.on("uncaughtException", blockOnFailure);
  process.on("unhandledRejection", blockOnFailure);
  try {
    const { runHookCommand, resolveHookHome } = createRequire(import.meta.url)(
      HOOK_BUNDLE,
    ) as typeof import("./hook-entry.js");
    // stdin/stdout go through plain fd calls (rawStdio), so the stream objects are never built.
    const io = { env: process.env } as unknown as import("./io.js").CliIO;
    process.exitCode = await runHookCommand(
      fast.agent as import("../hooks/index.js").AgentName,
      { home: resolveHookHome(fast.home, process.env), rawStdio: true },
      io,
    );
  } catch (error) {
    blockOnFailure(error);
  }
} else {
  const { main } = await import("./main.js");
  await main(process.argv);
}
