import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // As in dist/redact-rules.cjs (scripts/build.mjs): secretlint's profiler records nothing.
  resolve: {
    alias: { "@secretlint/profiler": new URL("./src/redact/null-profiler.ts", import.meta.url).pathname },
  },
  test: {
    // secretlint's core is run through vite so that the alias above reaches its import.
    server: { deps: { inline: ["@secretlint/core"] } },
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Worker threads, not forked processes: a file's worker starts about twice as fast (no new
    // Node process), and the tests' own child processes are real either way.
    // docs/decisions/test-suite-time.md.
    pool: "threads",
    // Two test files at a time even on two CPUs (vitest's default there is one): most files wait
    // on the child processes they start (the built CLI, git, servers, agents), so a second file
    // fills the idle core. More CPUs keep vitest's default. docs/decisions/test-workers.md.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ["test/global-setup.ts"],
  },
});
