/**
 * Cline, Kiro CLI and OpenCode: the documented payloads through runHook, and the installed
 * files themselves run as the agents run them — Cline's hook scripts through /bin/sh, and
 * OpenCode's plugin module imported and called with its documented (input, output) arguments —
 * with `trailseal` on PATH (the built CLI) and without it (fail closed).
 */
import { spawnSync } from "node:child_process";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installHooks, runHook } from "../../src/hooks/index.js";
import { CLI, runCli, tempDir } from "../helpers/cli.js";

let root: string;
let home: string;
let shim: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: root, cleanup } = await tempDir("trailseal-file-hooks-"));
  home = join(root, "home");
  shim = join(root, "bin");
  await mkdir(shim);
  await writeFile(join(shim, "trailseal"), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  await chmod(join(shim, "trailseal"), 0o755);
  expect((await runCli(["init", "--home", home])).code).toBe(0);
});
afterAll(() => cleanup());

async function lastEvent() {
  const lines = (await readFile(join(home, "trail", "events-000000.jsonl"), "utf8")).trim().split("\n");
  return JSON.parse(lines.at(-1)!);
}

const cline = (toolName: string, parameters: object, post = false) => ({
  clineVersion: "3.36.0",
  hookName: post ? "PostToolUse" : "PreToolUse",
  timestamp: "1767225600000",
  taskId: "task-1",
  workspaceRoots: ["/home/dev/project"],
  userId: "u1",
  ...(post
    ? { postToolUse: { toolName, parameters, result: "ok", success: true, executionTimeMs: 5 } }
    : { preToolUse: { toolName, parameters } }),
});
const kiro = (tool_name: string, tool_input: object, event = "preToolUse") => ({
  hook_event_name: event,
  cwd: "/home/dev/project",
  tool_name,
  tool_input,
  ...(event === "postToolUse" ? { tool_response: { success: true, result: ["ok"] } } : {}),
});

describe("payloads", () => {
  it.each([
    [
      "execute_command rm -rf /",
      cline("execute_command", { command: "rm -rf /", requires_approval: "true" }),
      true,
    ],
    ["read_file .env (cannot ask)", cline("read_file", { path: "/home/dev/project/.env" }), true],
    [
      "use_mcp_tool DROP TABLE",
      cline("use_mcp_tool", {
        server_name: "pg",
        tool_name: "query",
        arguments: '{"sql":"DROP TABLE users"}',
      }),
      true,
    ],
    ["read_file source", cline("read_file", { path: "/home/dev/project/src/a.ts" }), false],
    [
      "write_to_file",
      cline("write_to_file", { path: "/home/dev/project/src/a.ts", content: "x".repeat(3_000_000) }),
      false,
    ],
  ])("Cline %s", async (_name, payload, cancel) => {
    const out = await runHook("cline", JSON.stringify(payload), { home });
    expect(out.exitCode).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual(
      cancel
        ? { cancel: true, errorMessage: expect.stringMatching(/^trailseal: denied/) }
        : { cancel: false },
    );
    expect((await lastEvent()).decision).toBe(cancel ? "deny" : "pass");
  });

  // Cline 3 (the `cline` CLI on @cline/core 0.0.86): hookName tool_call / tool_result, its own tools.
  const cline3 = (name: string, input: object, post = false) => ({
    clineVersion: "3.0.65",
    timestamp: "2026-01-01T00:00:00.000Z",
    taskId: "conv-1",
    sessionContext: { rootSessionId: "conv-1" },
    workspaceRoots: ["/home/dev/project"],
    userId: "dev",
    agent_id: "a1",
    parent_agent_id: null,
    ...(post
      ? {
          hookName: "tool_result",
          tool_result: { name, input, output: "ok" },
          postToolUse: { toolName: name, parameters: input, result: "ok", success: true, executionTimeMs: 3 },
        }
      : {
          hookName: "tool_call",
          tool_call: { id: "t1", name, input },
          preToolUse: { toolName: name, parameters: input },
        }),
  });

  it.each([
    ["run_commands with rm -rf / second", cline3("run_commands", { commands: ["ls", "rm -rf /"] }), true],
    [
      "read_files with a .env",
      cline3("read_files", {
        files: [{ path: "/home/dev/project/src/a.ts" }, { path: "/home/dev/project/.env" }],
      }),
      true,
    ],
    [
      "apply_patch deleting a key file",
      cline3("apply_patch", {
        input: "*** Begin Patch\n*** Delete File: /home/dev/.ssh/authorized_keys\n*** End Patch",
      }),
      true,
    ],
    [
      "fetch_web_content piping nothing",
      cline3("fetch_web_content", { requests: [{ url: "https://example.com/", prompt: "summarise" }] }),
      false,
    ],
    [
      "editor in the project",
      cline3("editor", { path: "/home/dev/project/src/a.ts", old_text: "a", new_text: "b" }),
      false,
    ],
    ["run_commands harmless", cline3("run_commands", { commands: ["ls", "git status"] }), false],
    // As Cline 3 really sends them: every parameter stringified (its q9 helper).
    ["run_commands, stringified", cline3("run_commands", { commands: '["ls","rm -rf /"]' }), true],
    ["read_files, stringified", cline3("read_files", { files: '[{"path":"/home/dev/project/.env"}]' }), true],
  ])("Cline 3 %s", async (_name, payload, cancel) => {
    const out = await runHook("cline", JSON.stringify(payload), { home });
    expect(JSON.parse(out.stdout)).toMatchObject({ cancel });
    expect(await lastEvent()).toMatchObject({
      agent: "cline",
      phase: "pre",
      decision: cancel ? "deny" : "pass",
    });
  });

  it("Cline 3 tool_result is recorded", async () => {
    const out = await runHook("cline", JSON.stringify(cline3("run_commands", { commands: ["ls"] }, true)), {
      home,
    });
    expect(JSON.parse(out.stdout)).toEqual({ cancel: false });
    expect(await lastEvent()).toMatchObject({ phase: "post", decision: "logged", agent: "cline" });
  });

  it("Cline PostToolUse is recorded", async () => {
    const out = await runHook(
      "cline",
      JSON.stringify(cline("execute_command", { command: "rm -rf /" }, true)),
      { home },
    );
    expect(JSON.parse(out.stdout)).toEqual({ cancel: false });
    expect(await lastEvent()).toMatchObject({ phase: "post", decision: "logged", agent: "cline" });
  });

  it.each([
    ["execute_bash rm -rf /", kiro("execute_bash", { command: "rm -rf /" }), 2],
    ["fs_read .env", kiro("fs_read", { operations: [{ mode: "Line", path: "/home/dev/project/.env" }] }), 2],
    [
      "fs_write create in the project",
      kiro("fs_write", { command: "create", path: "/home/dev/project/a.ts", file_text: "x" }),
      0,
    ],
    ["@postgres/query DROP TABLE", kiro("@postgres/query", { sql: "DROP TABLE users" }), 2],
    ["postToolUse", kiro("execute_bash", { command: "rm -rf /" }, "postToolUse"), 0],
  ])("Kiro %s", async (_name, payload, exitCode) => {
    const out = await runHook("kiro", JSON.stringify(payload), { home });
    expect(out.exitCode).toBe(exitCode);
    expect(out.stdout).toBe("");
    if (exitCode === 2) expect(out.stderr).toMatch(/^trailseal: denied/);
  });
});

describe("installed files, run as the agents run them", () => {
  it("Cline's scripts: deny cancels, a harmless call passes, no trailseal cancels (fail closed)", async () => {
    const project = join(root, "cline-project");
    await installHooks({ agent: "cline", scope: "project", cwd: project, home });
    const script = join(project, ".clinerules", "hooks", "PreToolUse");
    const run = (payload: object, path: string) =>
      spawnSync(script, [], { input: JSON.stringify(payload), env: { PATH: path }, encoding: "utf8" });
    const denied = run(cline("execute_command", { command: "rm -rf /" }), `${shim}:/usr/bin:/bin`);
    expect(JSON.parse(denied.stdout)).toMatchObject({ cancel: true });
    const passed = run(cline("read_file", { path: "/home/dev/project/src/a.ts" }), `${shim}:/usr/bin:/bin`);
    expect(JSON.parse(passed.stdout)).toEqual({ cancel: false });
    const missing = run(cline("read_file", { path: "/home/dev/project/src/a.ts" }), "/usr/bin:/bin");
    expect(missing.status).toBe(0);
    expect(JSON.parse(missing.stdout)).toMatchObject({
      cancel: true,
      errorMessage: expect.stringMatching(/could not run/),
    });
    const again = await installHooks({ agent: "cline", scope: "project", cwd: project, home });
    expect(again).toMatchObject({ added: [], updated: [] });
  });

  it("never overwrites a Cline hook that is not trailseal's", async () => {
    const project = join(root, "cline-own");
    await mkdir(join(project, ".clinerules", "hooks"), { recursive: true });
    await writeFile(join(project, ".clinerules", "hooks", "PreToolUse"), "#!/bin/sh\necho mine\n");
    await expect(
      installHooks({ agent: "cline", scope: "project", cwd: project, home }),
    ).rejects.toMatchObject({
      code: "HOOK_SETTINGS_INVALID",
    });
  });

  it("Kiro: its own agent configuration with preToolUse and postToolUse", async () => {
    const project = join(root, "kiro-project");
    await installHooks({ agent: "kiro", scope: "project", cwd: project, home: "/h" });
    const agent = JSON.parse(await readFile(join(project, ".kiro", "agents", "trailseal.json"), "utf8"));
    expect(agent).toMatchObject({ name: "trailseal", tools: ["*"] });
    expect(agent.hooks.preToolUse).toEqual([
      { command: "trailseal hook kiro --home /h || exit 2", matcher: "*", timeout_ms: 30_000 },
    ]);
    expect(agent.hooks.postToolUse).toHaveLength(1);
  });

  it("OpenCode's plugin: throws on a deny and when trailseal cannot run; records both phases", async () => {
    const project = join(root, "opencode-project");
    await installHooks({ agent: "opencode", scope: "project", cwd: project, home });
    const file = join(project, ".opencode", "plugin", "trailseal.js");
    const saved = process.env.PATH;
    try {
      process.env.PATH = `${shim}:${saved}`;
      const hooks = await (await import(pathToFileURL(file).href)).TrailsealPlugin({ directory: project });
      const input = { tool: "bash", sessionID: "ses_1", callID: "call_1" };
      await expect(hooks["tool.execute.before"](input, { args: { command: "rm -rf /" } })).rejects.toThrow(
        /trailseal: denied/,
      );
      await hooks["tool.execute.before"](
        { tool: "read", sessionID: "ses_1", callID: "call_2" },
        { args: { filePath: "/home/dev/project/src/a.ts" } },
      );
      expect(await lastEvent()).toMatchObject({ agent: "opencode", decision: "pass", session: "ses_1" });
      await hooks["tool.execute.after"](
        {
          tool: "read",
          sessionID: "ses_1",
          callID: "call_2",
          args: { filePath: "/home/dev/project/src/a.ts" },
        },
        { title: "a.ts", output: "x", metadata: {} },
      );
      expect(await lastEvent()).toMatchObject({ agent: "opencode", phase: "post" });
      process.env.PATH = "/usr/bin:/bin";
      await expect(
        hooks["tool.execute.before"](
          { tool: "read", sessionID: "s", callID: "c" },
          { args: { filePath: "a.ts" } },
        ),
      ).rejects.toThrow(/could not run/);
    } finally {
      process.env.PATH = saved;
    }
  });
});
