/**
 * The real Cline CLI (Cline 3, scripts/ci/install-agents.sh) with trailseal's hook scripts
 * installed by `trailseal hook install cline` (.clinerules/hooks/), an OpenAI-compatible
 * provider (`cline auth -p openai -b …`) pointed at a scripted Chat Completions API on
 * 127.0.0.1. Cline reads a `{"cancel": true}` answer by aborting the run.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CLI, runCli, tempDir } from "../helpers/cli.js";
import { agentAvailable, CLINE_BIN } from "./agents/cache.js";
import { type ChatServer, startChatServer } from "./agents/chat-server.js";

const available = agentAvailable("Cline CLI", CLINE_BIN);

let model: ChatServer;
let root: string;
let cleanup: () => Promise<void>;
let work: string;
let home: string;
let shim: string;

function run(args: string[], withShim = true): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(CLINE_BIN, [...args, "--data-dir", join(root, "cline-data")], {
      cwd: work,
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: `${withShim ? `${shim}:` : ""}/usr/local/bin:/usr/bin:/bin`, HOME: root },
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

beforeAll(async () => {
  if (available) model = await startChatServer();
});
afterAll(async () => {
  await model?.close();
});
beforeEach(async () => {
  ({ dir: root, cleanup } = await tempDir("trailseal-cline-"));
  work = join(root, "work");
  home = join(root, "home");
  shim = join(root, "bin");
  await mkdir(work);
  await mkdir(shim);
  await writeFile(join(shim, "trailseal"), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  await chmod(join(shim, "trailseal"), 0o755);
  expect((await runCli(["init", "--home", home])).code).toBe(0);
  expect((await runCli(["hook", "install", "cline", "--home", home], { cwd: work })).code).toBe(0);
  if (available) {
    const auth = await run(["auth", "-p", "openai", "-k", "sk-test", "-m", "gpt-4o", "-b", model.url]);
    expect(auth.code).toBe(0);
  }
});
afterEach(() => cleanup());

function cline(commands: string[], withShim = true) {
  model.script({ name: "run_commands", arguments: { commands } });
  return run(["do the task"], withShim);
}

async function events(): Promise<
  { phase: string; decision: string; agent: string; action: { command?: string } }[]
> {
  const path = join(home, "trail", "events-000000.jsonl");
  if (!existsSync(path)) return [];
  return (await readFile(path, "utf8"))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

describe.runIf(available)("the real Cline CLI with trailseal's hooks", () => {
  it("deny: the hook cancels, the command does not run", async () => {
    await writeFile(join(home, "policy.yaml"), 'rules:\n  commands:\n    deny: ["touch denied*"]\n');
    await cline(["touch denied-marker"]);
    expect(existsSync(join(work, "denied-marker"))).toBe(false);
    expect((await events()).map((e) => [e.phase, e.decision, e.agent])).toEqual([["pre", "deny", "cline"]]);
  });

  it("judges every command of run_commands (Cline sends them as JSON text)", async () => {
    await cline(["touch first", "rm -rf /"]);
    expect(existsSync(join(work, "first"))).toBe(false);
    expect((await events())[0]).toMatchObject({ decision: "deny" });
  });

  it("pass-through: a harmless command runs; both phases are recorded", async () => {
    await cline(["touch harmless"]);
    expect(existsSync(join(work, "harmless"))).toBe(true);
    expect((await events()).map((e) => [e.phase, e.decision, e.action.command])).toEqual([
      ["pre", "pass", "touch harmless"],
      ["post", "logged", "touch harmless"],
    ]);
  });

  it("a missing trailseal binary cancels (the installed script answers for it)", async () => {
    await cline(["touch ran-without-hook"], false);
    expect(existsSync(join(work, "ran-without-hook"))).toBe(false);
  });
});
