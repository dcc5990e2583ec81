import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/cli.js";

describe("docs/cli.md", () => {
  it("is the CLI's current --help (regenerate: node scripts/cli-reference.mjs)", () => {
    const result = spawnSync(process.execPath, [join(REPO_ROOT, "scripts", "cli-reference.mjs"), "--check"], {
      encoding: "utf8",
    });
    expect(result.status, result.stderr).toBe(0);
  });
});
