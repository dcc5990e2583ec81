/**
 * The command line's fast paths (docs/performance.md, "Agent hook"). `trailseal hook <agent>`
 * runs on every tool call an agent makes, and `trailseal record` once per recorded action, so
 * their plain forms skip commander and every other command: each loads one CommonJS bundle,
 * dist/hook.cjs or dist/record.cjs, with its V8 code cache (./code-cache.ts). Anything else — another option,
 * `--help`, a global `--home` before the command — goes through the full command line.
 * Both entries use this: dist/cli.cjs (the package's bin) and dist/cli.js.
 */
import { writeSync } from "node:fs";
import { escapeControl } from "../../terminal/index.js";
import type { CliIO } from "../io.js";
import { requireWithCodeCache } from "./code-cache.js";

import { parseFastPath } from "./fast-args.js";
import type { ResidentFallback } from "./resident-client.js";
import { type JournalOutcome, takeJournal } from "./resident-journal.js";
import { startServer } from "./resident-start.js";

export { type FastPath, parseFastPath } from "./fast-args.js";

/** Built by scripts/build.mjs from ./entry.ts and ./record-entry.ts, beside the CLI's entries. */
export const HOOK_BUNDLE = "hook.cjs";
export const RECORD_BUNDLE = "record.cjs";

/**
 * Runs the fast path `argv` asks for and ends the process, or returns false (nothing done)
 * when the full command line must run. `bundleDir` is the directory of dist/hook.cjs.
 * `resident`: what the resident client (./resident-client.ts) leaves when its server did not
 * answer a hook call: the payload it read, the call id whose journal decides, whether to start a
 * server once this call is answered.
 */
export async function runFastPath(
  argv: string[],
  bundleDir: string,
  resident?: ResidentFallback,
): Promise<boolean> {
  // Resolves false only: a fast path that ran ends the process (exitNow).
  const fast = parseFastPath(argv);
  if (fast === null) return false;
  if (fast.command === "record") {
    const entry = loadBundle(bundleDir, RECORD_BUNDLE) as typeof import("./record-entry.js");
    entry.fileCalls.useSynchronousCalls();
    entry.loadBuiltFilesWith((path) => requireWithCodeCache(path, `${path}.v8cache`));
    process.exitCode = await entry.runRecordFast({ json: fast.json, home: fast.home }, process.env);
    exitNow();
  }
  // Never crash open: runHook answers its own failures with a deny, but a failure around it
  // (a module that cannot load, stdout gone) would leave Node's exit status 1, which the
  // agents read as a non-blocking error and run the tool. Exit 2 is their blocking error.
  const blockOnFailure = (error: unknown) => {
    const text = error instanceof Error ? error.message : String(error);
    try {
      // A plain fd write: the process ends right after (exitNow), and process.stderr is
      // asynchronous on pipes on some platforms.
      writeSync(2, `trailseal: error: the hook could not run: ${escapeControl(text)}\n`);
    } finally {
      process.exitCode = 2;
    }
  };
  process.on("uncaughtException", blockOnFailure);
  process.on("unhandledRejection", blockOnFailure);
  try {
    const { runHookCommand, resolveHookHome, fileCalls, isAgent, loadBuiltFilesWith, answerUnfinishedCall } =
      loadBundle(bundleDir, HOOK_BUNDLE) as typeof import("./entry.js");
    if (!isAgent(fast.agent)) {
      // Not an agent: the full command line says so (commander's unknown command).
      process.off("uncaughtException", blockOnFailure);
      process.off("unhandledRejection", blockOnFailure);
      return false;
    }
    // One call, nothing else to run meanwhile: file calls skip libuv's thread pool.
    fileCalls.useSynchronousCalls();
    // The secret rule set (dist/redact-rules.cjs), if a call needs it, with its code cache.
    loadBuiltFilesWith((path) => requireWithCodeCache(path, `${path}.v8cache`));
    const home = resolveHookHome(fast.home, process.env);
    // A server that took this call and was then killed may have recorded it already.
    const before: JournalOutcome =
      resident?.callId && resident.spool
        ? takeJournal(resident.spool, resident.callId)
        : { kind: "nothing-appended" };
    if (before.kind === "answered") {
      if (before.answer.stdout) writeSync(1, before.answer.stdout);
      if (before.answer.stderr) writeSync(2, before.answer.stderr);
      process.exitCode = before.answer.exitCode;
    } else if (before.kind === "appended-unanswered") {
      const detail = "the resident hook server stopped after recording this call, before answering it";
      const result = await answerUnfinishedCall(fast.agent, resident!.text ?? "", detail, { home });
      if (result.stdout) writeSync(1, result.stdout);
      if (result.stderr) writeSync(2, result.stderr);
      process.exitCode = result.exitCode;
    } else {
      // stdin/stdout go through plain fd calls (rawStdio), so the stream objects are never built.
      const io = { env: process.env } as unknown as CliIO;
      process.exitCode = await runHookCommand(fast.agent, { home, rawStdio: true, text: resident?.text }, io);
    }
    // The answer is out: a server for the next call, started after it.
    if (resident?.startServer) await startServer(bundleDir, home, process.env);
  } catch (error) {
    blockOnFailure(error);
  }
  exitNow();
}

/**
 * Ends the process as soon as a fast path is done. Everything it owes is out by then: the answer
 * and any message went out with synchronous fd writes, and the event was appended and fsync'd
 * (lock released) before the answer. Node's orderly end of an emptied event loop costs ~7–10 ms
 * of wall time per call on the benchmark machine (no CPU), which `process.exit` skips.
 */
function exitNow(): never {
  process.exit();
}

function loadBundle(bundleDir: string, name: string): unknown {
  const file = `${bundleDir}/${name}`;
  return requireWithCodeCache(file, `${file}.v8cache`);
}
