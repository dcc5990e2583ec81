import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two test files at a time even on two CPUs (vitest's default there is one): most files wait
    // on the child processes they start (the built CLI, git, servers, agents), so a second file
    // fills the idle core. More CPUs keep vitest's default. docs/decisions/test-workers.md.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ["test/global-setup.ts"],
  },
});
