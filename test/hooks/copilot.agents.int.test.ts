/**
 * The real GitHub Copilot CLI (npm `@github/copilot`, scripts/ci/install-agents.sh) with
 * trailseal's repository hooks installed by `trailseal hook install copilot`
 * (.github/hooks/trailseal.json), its model provider (BYOK: COPILOT_PROVIDER_BASE_URL) pointed at
 * a scripted Chat Completions API on 127.0.0.1. Copilot CLI loads a repository's hooks only in a
 * folder the user trusts, so each test's folder is in `trusted_folders`, as after the user said
 * "trust this folder".
 */
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CLI, runCli, tempDir } from "../helpers/cli.js";
import { agentAvailable, COPILOT_BIN, COPILOT_UNPACK } from "./agents/cache.js";
import { type ChatServer, type ChatToolCall, startChatServer } from "./agents/chat-server.js";

const available = agentAvailable("GitHub Copilot CLI", COPILOT_BIN);

let model: ChatServer;
let root: string;
let cleanup: () => Promise<void>;
let work: string;
let home: string;
let shim: string;

beforeAll(async () => {
  if (available) model = await startChatServer();
});
afterAll(async () => {
  await model?.close();
});
beforeEach(async () => {
  ({ dir: root, cleanup } = await tempDir("trailseal-copilot-"));
  work = join(root, "work");
  home = join(root, "home");
  shim = join(root, "bin");
  await mkdir(work);
  await mkdir(shim);
  await mkdir(join(root, ".copilot"));
  await promisify(execFile)("git", ["init", "-q"], { cwd: work });
  await writeFile(join(shim, "trailseal"), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  await chmod(join(shim, "trailseal"), 0o755);
  await writeFile(join(root, ".copilot", "config.json"), JSON.stringify({ trusted_folders: [work] }));
  await writeFile(join(work, ".env"), "API_KEY=secret\n");
  expect((await runCli(["init", "--home", home])).code).toBe(0);
  expect((await runCli(["hook", "install", "copilot", "--home", home], { cwd: work })).code).toBe(0);
});
afterEach(() => cleanup());

/** One `copilot -p` run: the model asks for `call`, Copilot CLI runs its hooks and maybe the tool. */
function copilot(call: ChatToolCall, withShim = true): Promise<{ code: number | null; output: string }> {
  model.script(call);
  return new Promise((resolve, reject) => {
    const child = spawn(COPILOT_BIN, ["-p", "do the task", "--allow-all-tools"], {
      cwd: work,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: `${withShim ? `${shim}:` : ""}/usr/local/bin:/usr/bin:/bin`,
        HOME: root,
        COPILOT_CACHE_HOME: COPILOT_UNPACK,
        COPILOT_AUTO_UPDATE: "false",
        COPILOT_PROVIDER_BASE_URL: model.url,
        COPILOT_PROVIDER_API_KEY: "sk-test",
        COPILOT_MODEL: "gpt-4o",
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

// biome-ignore lint/suspicious/noExplicitAny: trail events read back as plain JSON
async function events(): Promise<Record<string, any>[]> {
  const path = join(home, "trail", "events-000000.jsonl");
  if (!existsSync(path)) return [];
  return (await readFile(path, "utf8"))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

const lastResult = () => JSON.stringify(model.results.at(-1) ?? null);

describe.runIf(available)("the real GitHub Copilot CLI with trailseal's repository hooks", () => {
  it("deny: rm -rf / is blocked with trailseal's reason, and nothing of the command runs", async () => {
    const marker = join(work, "ran.txt");
    await copilot({
      name: "bash",
      arguments: { command: `rm -rf / ; echo hi > ${marker}`, description: "x" },
    });
    expect(existsSync(marker)).toBe(false);
    expect(lastResult()).toContain("trailseal: denied");
    expect((await events()).map((e) => [e.phase, e.decision, e.agent])).toEqual([["pre", "deny", "copilot"]]);
  });

  it("a .env read is denied (Copilot cannot ask), and the message names the switch", async () => {
    await copilot({ name: "view", arguments: { path: join(work, ".env") } });
    expect(lastResult()).toContain("cannot_ask");
    expect(lastResult()).not.toContain("API_KEY=secret");
    expect((await events())[0]).toMatchObject({ decision: "deny", agent: "copilot", phase: "pre" });
  });

  it("pass-through: a harmless command runs without an approval from trailseal; both phases recorded", async () => {
    const marker = join(work, "ran.txt");
    await copilot({ name: "bash", arguments: { command: `echo hi > ${marker}`, description: "x" } });
    expect(existsSync(marker)).toBe(true);
    const recorded = await events();
    expect(recorded.map((e) => [e.phase, e.decision, e.agent])).toEqual([
      ["pre", "pass", "copilot"],
      ["post", "logged", "copilot"],
    ]);
    expect(recorded[0]!.session).toEqual(expect.any(String));
    expect(recorded[1]!.outcome).toMatchObject({ resultType: "success" });
  });

  it("apply_patch (a freeform tool: the patch itself is toolArgs) is judged by its files", async () => {
    const patch = `*** Begin Patch\n*** Add File: ${join(work, "p.txt")}\n+hello\n*** End Patch\n`;
    await copilot({ name: "apply_patch", custom: patch });
    expect(existsSync(join(work, "p.txt"))).toBe(true);
    expect((await events())[0]).toMatchObject({
      decision: "pass",
      action: { kind: "file", op: "write", path: join(work, "p.txt") },
    });
  });

  it("a missing trailseal binary blocks the tool (the installed command exits 2)", async () => {
    const marker = join(work, "ran-without-hook.txt");
    await copilot({ name: "bash", arguments: { command: `echo hi > ${marker}`, description: "x" } }, false);
    expect(existsSync(marker)).toBe(false);
  });
});
