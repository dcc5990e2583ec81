import { spawnSync } from "node:child_process";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installHooks } from "../../src/hooks/index.js";
import { hookCommand, settingsPath } from "../../src/hooks/install.js";
import { tempDir } from "../helpers/cli.js";

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir("trailseal-install-"));
});
afterEach(() => cleanup());

const read = async (path: string) => JSON.parse(await readFile(path, "utf8"));

describe("hook install", () => {
  it("claude-code --user honours CLAUDE_CONFIG_DIR", () => {
    const env = { CLAUDE_CONFIG_DIR: "/cfg/claude" };
    expect(settingsPath({ agent: "claude-code", scope: "user", cwd: "/p", userHome: "/u", env })).toBe(
      "/cfg/claude/settings.json",
    );
    expect(settingsPath({ agent: "claude-code", scope: "user", cwd: "/p", userHome: "/u", env: {} })).toBe(
      "/u/.claude/settings.json",
    );
    expect(settingsPath({ agent: "cursor", scope: "user", cwd: "/p", userHome: "/u" })).toBe(
      "/u/.cursor/hooks.json",
    );
    expect(settingsPath({ agent: "gemini", scope: "project", cwd: "/p" })).toBe("/p/.gemini/settings.json");
  });

  it("claude-code: fail-closed pre hook, every outcome, the absolute home; a new home updates it", async () => {
    const path = join(dir, ".claude", "settings.json");
    const first = await installHooks({ agent: "claude-code", scope: "project", cwd: dir, home: "/h/one" });
    expect(first.added).toEqual(["PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionDenied"]);
    const settings = await read(path);
    expect(settings.hooks.PreToolUse[0]).toEqual({
      matcher: "*",
      hooks: [
        {
          type: "command",
          command: "trailseal hook claude-code --home /h/one || exit 2",
          onFailure: "block",
          timeout: 30,
        },
      ],
    });
    expect(settings.hooks.PostToolUseFailure[0].hooks[0].command).toBe(
      "trailseal hook claude-code --home /h/one || exit 1",
    );
    const again = await installHooks({ agent: "claude-code", scope: "project", cwd: dir, home: "/h/two" });
    expect(again.updated).toHaveLength(4);
    const updated = await read(path);
    expect(updated.hooks.PreToolUse).toHaveLength(1);
    expect(updated.hooks.PreToolUse[0].hooks[0].command).toBe(
      "trailseal hook claude-code --home /h/two || exit 2",
    );
    const third = await installHooks({ agent: "claude-code", scope: "project", cwd: dir, home: "/h/two" });
    expect(third).toMatchObject({ added: [], updated: [] });
  });

  it("an old-style entry (no home, no fail-closed) is upgraded in place", async () => {
    const path = join(dir, ".claude", "settings.json");
    await mkdir(join(dir, ".claude"));
    await writeFile(
      path,
      JSON.stringify({
        hooks: {
          PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command: "trailseal hook claude-code" }] }],
        },
      }),
    );
    const result = await installHooks({ agent: "claude-code", scope: "project", cwd: dir, home: "/h" });
    expect(result.updated).toEqual(["PreToolUse"]);
    expect((await read(path)).hooks.PreToolUse[0].hooks[0]).toMatchObject({ onFailure: "block" });
  });

  it("cursor: version 1, failClosed on every entry, other hooks kept", async () => {
    const path = join(dir, ".cursor", "hooks.json");
    await mkdir(join(dir, ".cursor"));
    await writeFile(
      path,
      JSON.stringify({ version: 1, hooks: { afterFileEdit: [{ command: "prettier-hook" }] } }),
    );
    await installHooks({ agent: "cursor", scope: "project", cwd: dir, home: "/h" });
    const hooks = await read(path);
    expect(hooks.version).toBe(1);
    expect(hooks.hooks.beforeShellExecution).toEqual([
      { command: "trailseal hook cursor --home /h || exit 2", failClosed: true, timeout: 30 },
    ]);
    expect(hooks.hooks.afterFileEdit).toEqual([
      { command: "prettier-hook" },
      { command: "trailseal hook cursor --home /h || exit 1", failClosed: true, timeout: 30 },
    ]);
    for (const event of [
      "beforeMCPExecution",
      "beforeReadFile",
      "preToolUse",
      "postToolUse",
      "postToolUseFailure",
      "afterMCPExecution",
    ])
      expect(hooks.hooks[event]).toHaveLength(1);
  });

  it("gemini: BeforeTool and AfterTool with the home written in (Gemini strips the environment)", async () => {
    await installHooks({ agent: "gemini", scope: "user", cwd: dir, userHome: dir, home: "/srv/audit home" });
    const settings = await read(join(dir, ".gemini", "settings.json"));
    expect(settings.hooks.BeforeTool[0].hooks[0]).toEqual({
      type: "command",
      command: "trailseal hook gemini --home '/srv/audit home' || exit 2",
      name: "trailseal",
      timeout: 30_000,
    });
    expect(settings.hooks.AfterTool[0].hooks[0].command).toMatch(/\|\| exit 1$/);
  });

  it("refuses files that are not JSON objects, with HOOK_SETTINGS_INVALID", async () => {
    const path = join(dir, ".gemini", "settings.json");
    await mkdir(join(dir, ".gemini"));
    for (const text of ["{ nope", "[]", '{"hooks": []}', '{"hooks": {"BeforeTool": {}}}']) {
      await writeFile(path, text);
      await expect(
        installHooks({ agent: "gemini", scope: "project", cwd: dir, home: "/h" }),
      ).rejects.toMatchObject({
        code: "HOOK_SETTINGS_INVALID",
      });
      expect(await readFile(path, "utf8")).toBe(text);
    }
  });

  it("the installed command blocks (exit 2) when trailseal is not on PATH; outcomes exit 1", () => {
    const pre = spawnSync("/bin/sh", ["-c", hookCommand("claude-code", "/h", true)], {
      env: { PATH: dir },
      input: "{}",
    });
    expect(pre.status).toBe(2);
    const post = spawnSync("/bin/sh", ["-c", hookCommand("gemini", "/h", false)], {
      env: { PATH: dir },
      input: "{}",
    });
    expect(post.status).toBe(1);
  });

  it("codex: Claude-style hooks.json, $CODEX_HOME for --user", async () => {
    expect(
      settingsPath({ agent: "codex", scope: "user", cwd: "/p", userHome: "/u", env: { CODEX_HOME: "/c" } }),
    ).toBe("/c/hooks.json");
    await installHooks({ agent: "codex", scope: "project", cwd: dir, home: "/h" });
    const hooks = await read(join(dir, ".codex", "hooks.json"));
    expect(hooks.hooks.PreToolUse[0]).toEqual({
      matcher: "*",
      hooks: [{ type: "command", command: "trailseal hook codex --home /h || exit 2", timeout: 30 }],
    });
    expect(hooks.hooks.PostToolUse[0].hooks[0].command).toMatch(/\|\| exit 1$/);
  });

  it("copilot: .github/hooks/trailseal.json with bash and powershell commands", async () => {
    await installHooks({ agent: "copilot", scope: "project", cwd: dir, home: "/h" });
    const hooks = await read(join(dir, ".github", "hooks", "trailseal.json"));
    expect(hooks.version).toBe(1);
    expect(hooks.hooks.preToolUse).toEqual([
      {
        type: "command",
        bash: "trailseal hook copilot --home /h || exit 2",
        powershell: "trailseal hook copilot --home /h; if ($LASTEXITCODE -ne 0) { exit 2 }",
        timeoutSec: 30,
      },
    ]);
    const again = await installHooks({ agent: "copilot", scope: "project", cwd: dir, home: "/h" });
    expect(again).toMatchObject({ added: [], updated: [] });
  });

  it("windsurf: every pre_* event and the outcomes", async () => {
    await installHooks({ agent: "windsurf", scope: "project", cwd: dir, home: "/h" });
    const hooks = await read(join(dir, ".windsurf", "hooks.json"));
    expect(hooks.hooks.pre_run_command).toEqual([
      { command: "trailseal hook windsurf --home /h || exit 2", show_output: false },
    ]);
    for (const event of ["pre_read_code", "pre_write_code", "pre_mcp_tool_use", "post_run_command"])
      expect(hooks.hooks[event]).toHaveLength(1);
    // Windsurf's hook entries have no time limit field: none is written.
    expect(JSON.stringify(hooks)).not.toMatch(/timeout/i);
  });

  it("kiro: the agent configuration's entries carry timeout_ms", async () => {
    await installHooks({ agent: "kiro", scope: "project", cwd: dir, home: "/h" });
    const config = await read(join(dir, ".kiro", "agents", "trailseal.json"));
    expect(config.hooks.preToolUse).toEqual([
      { command: "trailseal hook kiro --home /h || exit 2", matcher: "*", timeout_ms: 30_000 },
    ]);
    expect(settingsPath({ agent: "windsurf", scope: "user", cwd: "/p", userHome: "/u" })).toBe(
      "/u/.codeium/windsurf/hooks.json",
    );
  });
});

describe.each([
  "claude-code",
  "cursor",
  "gemini",
  "codex",
  "copilot",
  "windsurf",
  "cline",
  "kiro",
  "opencode",
] as const)("hook install %s", (agent) => {
  it.each(["project", "user"] as const)(
    "%s scope: idempotent, keeps the file as it is on a second run, moves with a new home",
    async (scope) => {
      const options = {
        agent,
        scope,
        cwd: join(dir, "p"),
        userHome: join(dir, "u"),
        env: {},
        home: "/h/one",
      };
      await mkdir(options.cwd, { recursive: true });
      const first = await installHooks(options);
      expect(first.added.length).toBeGreaterThan(0);
      expect(first.path.startsWith(scope === "project" ? options.cwd : options.userHome)).toBe(true);
      const files = async () => {
        const out: Record<string, string> = {};
        const walk = async (at: string): Promise<void> => {
          for (const entry of await readdir(at, { withFileTypes: true })) {
            const path = join(at, entry.name);
            if (entry.isDirectory()) await walk(path);
            else out[path] = await readFile(path, "utf8");
          }
        };
        await walk(dir);
        return out;
      };
      const before = await files();
      expect(JSON.stringify(before)).toContain("/h/one");
      const again = await installHooks(options);
      expect(again.added).toEqual([]);
      expect(again.updated).toEqual([]);
      expect(await files()).toEqual(before);
      const moved = await installHooks({ ...options, home: "/h/two" });
      expect(moved.updated.length).toBeGreaterThan(0);
      const after = JSON.stringify(await files());
      expect(after).toContain("/h/two");
      expect(after).not.toContain("/h/one");
    },
  );
});
