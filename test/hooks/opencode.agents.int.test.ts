/**
 * The real OpenCode binary (scripts/ci/install-agents.sh) with trailseal's plugin installed by
 * `trailseal hook install opencode`, its Anthropic provider pointed at a scripted Messages API
 * on 127.0.0.1 (opencode.json `provider.anthropic.options.baseURL`).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CLI, runCli, tempDir } from "../helpers/cli.js";
import { agentAvailable, OPENCODE_BIN } from "./agents/cache.js";
import { type ModelServer, startModelServer } from "./agents/model-server.js";

const available = agentAvailable("OpenCode", OPENCODE_BIN);

let model: ModelServer;
let root: string;
let cleanup: () => Promise<void>;
let work: string;
let home: string;
let shim: string;

beforeAll(async () => {
  if (available) model = await startModelServer();
});
afterAll(async () => {
  await model?.close();
});
beforeEach(async () => {
  ({ dir: root, cleanup } = await tempDir("trailseal-opencode-"));
  work = join(root, "work");
  home = join(root, "home");
  shim = join(root, "bin");
  await mkdir(work);
  await mkdir(shim);
  await writeFile(join(shim, "trailseal"), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  await chmod(join(shim, "trailseal"), 0o755);
  expect((await runCli(["init", "--home", home])).code).toBe(0);
  expect((await runCli(["hook", "install", "opencode", "--home", home], { cwd: work })).code).toBe(0);
  await writeFile(
    join(work, "opencode.json"),
    JSON.stringify({
      provider: { anthropic: { options: { baseURL: `${model?.url}/v1`, apiKey: "sk-ant-test" } } },
      model: "anthropic/claude-sonnet-4-5",
    }),
  );
});
afterEach(() => cleanup());

function opencode(command: string, withShim = true): Promise<{ code: number | null; output: string }> {
  model.script({ name: "bash", input: { command, description: "run it" } });
  return new Promise((resolve, reject) => {
    const child = spawn(OPENCODE_BIN, ["run", "do the task"], {
      cwd: work,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: `${withShim ? `${shim}:` : ""}/usr/local/bin:/usr/bin:/bin`,
        HOME: root,
        OPENCODE_DISABLE_MODELS_FETCH: "1",
        OPENCODE_DISABLE_AUTOUPDATE: "1",
      },
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

async function events(): Promise<{ phase: string; decision: string; agent: string; cwd: string | null }[]> {
  const path = join(home, "trail", "events-000000.jsonl");
  if (!existsSync(path)) return [];
  return (await readFile(path, "utf8"))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

describe.runIf(available)("the real OpenCode with trailseal's plugin", () => {
  it("deny: the plugin blocks the command with trailseal's reason", async () => {
    await writeFile(join(home, "policy.yaml"), 'rules:\n  commands:\n    deny: ["touch denied*"]\n');
    const run = await opencode("touch denied-marker");
    expect(existsSync(join(work, "denied-marker"))).toBe(false);
    expect(run.output).toContain("trailseal: denied");
    expect((await events()).map((e) => [e.phase, e.decision, e.agent])).toEqual([
      ["pre", "deny", "opencode"],
    ]);
  });

  it("rm -rf / is denied by trailseal (GNU rm's --preserve-root keeps a failed test harmless)", async () => {
    const run = await opencode("rm -rf /");
    expect(run.output).toContain("trailseal: denied");
    expect((await events()).map((e) => [e.phase, e.decision, e.agent])).toEqual([
      ["pre", "deny", "opencode"],
    ]);
  });

  it("pass-through: a harmless command runs; both phases are recorded with the project directory", async () => {
    await opencode("touch harmless");
    expect(existsSync(join(work, "harmless"))).toBe(true);
    const all = await events();
    expect(all.map((e) => [e.phase, e.decision])).toEqual([
      ["pre", "pass"],
      ["post", "logged"],
    ]);
    expect(all[0]?.cwd).toBe(work);
  });

  it("a missing trailseal binary blocks the command (fail closed)", async () => {
    const run = await opencode("touch ran-without-hook", false);
    expect(existsSync(join(work, "ran-without-hook"))).toBe(false);
    expect(run.output).toMatch(/trailseal could not run/);
  });
});
