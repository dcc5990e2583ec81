/**
 * The action runs no code nobody owns: without `trailseal-version` it runs its own checkout,
 * never `trailseal@<version>` from npm (a name this project does not hold), and every `uses:`
 * in the action, the repository's workflows, the log template's workflow and the docs' examples
 * is pinned by a full commit SHA.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { REPO_ROOT, tempDir } from "../helpers/cli.js";
import { checkoutAction, debug, runAction } from "./runner.js";

const SEAL_KEY = "b2".repeat(32);
// A registry nothing answers on: an install from npm would fail the step.
const NO_REGISTRY = { npm_config_registry: "http://127.0.0.1:9/", npm_config_fetch_retries: "0" };

describe("the action's default trailseal", () => {
  let root: string;
  let cleanup: () => Promise<void>;
  let actionPath: string;

  beforeAll(async () => {
    ({ dir: root, cleanup } = await tempDir("trailseal-action-default-"));
    actionPath = await checkoutAction(join(root, "action"));
  });
  afterAll(() => cleanup());

  it("is 'source' in action.yml", () => {
    const action = parse(readFileSync(join(REPO_ROOT, "action.yml"), "utf8"));
    expect(action.inputs["trailseal-version"].default).toBe("source");
  });

  it("runs the action's own checkout when trailseal-version is not given, installing nothing", async () => {
    const temp = join(root, "runner-default");
    spawnSync("mkdir", ["-p", temp]);
    const run = await runAction(actionPath, { "seal-key": SEAL_KEY, "artifact-name": "" }, temp, NO_REGISTRY);
    expect(run.code, debug(run)).toBe(0);
    expect(run.stdout).toContain(`(${join(actionPath, "dist", "cli.js")})`);
    expect(readdirSync(temp).filter((name) => name.startsWith("trailseal-cli-"))).toEqual([]);
    expect(run.outputs["seal-id"]).toBe("seal-1");
  });

  it("does the same when the script runs with no INPUT_TRAILSEAL_VERSION at all", () => {
    const temp = join(root, "runner-bare");
    spawnSync("mkdir", ["-p", temp]);
    const result = spawnSync(process.execPath, [join(actionPath, "scripts", "ci", "action-run.mjs")], {
      encoding: "utf8",
      env: {
        PATH: process.env.PATH,
        HOME: temp,
        RUNNER_TEMP: temp,
        GITHUB_ACTION_PATH: actionPath,
        INPUT_SEAL_KEY: SEAL_KEY,
        ...NO_REGISTRY,
      },
    });
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
    expect(result.stdout).toContain(`(${join(actionPath, "dist", "cli.js")})`);
    expect(existsSync(join(temp, "trailseal-cli-0.1.0"))).toBe(false);
  });
});

describe("third-party actions are pinned by commit SHA", () => {
  const files = [
    "action.yml",
    ".github/workflows/ci.yml",
    "log-repo-template/.github/workflows/audit.yml",
    "docs/ci.md",
  ];
  for (const file of files) {
    it(file, () => {
      const uses = [...readFileSync(join(REPO_ROOT, file), "utf8").matchAll(/uses:\s*(\S+)/g)].map(
        (m) => m[1]!,
      );
      expect(uses.length).toBeGreaterThan(0);
      for (const ref of uses) {
        // This project's own action in the docs is written OWNER/trailseal@COMMIT_SHA.
        if (ref.startsWith("OWNER/trailseal@")) {
          expect(ref).toBe("OWNER/trailseal@COMMIT_SHA");
          continue;
        }
        expect(ref).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
      }
    });
  }
});
