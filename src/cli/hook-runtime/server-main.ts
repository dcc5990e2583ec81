/**
 * dist/hook-server.cjs: `node dist/hook-server.cjs <home>` runs the resident hook server of that
 * home (./resident-server.ts) until it is idle, replaced or stopped. Started detached by the
 * package's bin (./resident-client.ts); it loads dist/hook.cjs exactly as the in-process path
 * does, and identifies its build by RESIDENT_DIGEST over the files it runs.
 */
import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { requireWithCodeCache } from "./code-cache.js";
import { residentDigest } from "./resident-digest.js";
import { runDir, START_FAILED_FILE } from "./resident-protocol.js";
import { REMOVED, type ResidentHooks, serveHooks } from "./resident-server.js";

async function main(): Promise<void> {
  const home = process.argv[2];
  if (!home) throw new Error("usage: hook-server.cjs <home>");
  const dir = import.meta.dirname;
  const digest = residentDigest(dir);
  const file = join(dir, "hook.cjs");
  const entry = requireWithCodeCache(file, `${file}.v8cache`) as typeof import("./entry.js");
  entry.loadBuiltFilesWith((path) => requireWithCodeCache(path, `${path}.v8cache`));
  // One call at a time, as in-process: the same synchronous file calls (fsync stays on the pool).
  entry.fileCalls.useSynchronousCalls();
  // Calls share a policy while policy.yaml's text stays the same (it is read on every call).
  await entry.rememberValidatedPolicies();
  const why = await serveHooks(home, digest, entry as unknown as ResidentHooks, process.env);
  if (why !== REMOVED) log(home, `stopped: ${why}`);
  process.exit(0);
}

function log(home: string, line: string): void {
  try {
    appendFileSync(
      join(runDir(home), "hook-server.log"),
      `${new Date().toISOString()} pid ${process.pid} ${line}\n`,
      {
        mode: 0o600,
      },
    );
  } catch {
    // nowhere to say it
  }
}

main().catch((error: unknown) => {
  const home = process.argv[2];
  const why = error instanceof Error ? error.message : String(error);
  if (home) {
    log(home, `could not serve: ${why}`);
    try {
      // Calls do not start another server for a while (RETRY_START_MS).
      writeFileSync(join(runDir(home), START_FAILED_FILE), `${why}\n`, { mode: 0o600 });
    } catch {
      // no run directory: nowhere to say it
    }
  }
  process.exit(1);
});
