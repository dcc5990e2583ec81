/**
 * Docs that match: every hook help names all nine agents (from the specs, so a new agent cannot
 * be left out), and the demo's "Try" lines use `trailseal`, as a user types it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AGENTS } from "../../src/agents/index.js";
import { REPO_ROOT, runCli } from "../helpers/cli.js";

describe("hook help lists every agent", () => {
  for (const args of [
    ["hook", "--help"],
    ["hook", "install", "--help"],
    ["hook", "claude-code", "--help"],
    ["hook", "status", "--help"],
  ]) {
    it(args.join(" "), async () => {
      const run = await runCli(args);
      expect(run.code).toBe(0);
      expect(AGENTS).toHaveLength(9);
      for (const agent of AGENTS) expect(run.stdout).toContain(agent);
    });
  }
});

it("the demo's Try lines run `trailseal`, not a path into the checkout", () => {
  const demo = readFileSync(join(REPO_ROOT, "scripts", "demo.mjs"), "utf8");
  const tryLines = demo.slice(demo.indexOf("Try:"), demo.indexOf("Remove it with"));
  expect(tryLines).toContain("trailseal log");
  expect(tryLines).not.toContain("node dist/cli.js");
});
