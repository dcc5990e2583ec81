/**
 * Installing a hook never silently blocks a project: the install checks that the command the
 * agent will run resolves (else HOOK_PROGRAM_UNRESOLVED, nothing written), offers Claude Code's
 * personal settings file (--local) with the running trailseal's absolute path, keeps absolute
 * homes out of the shared file unless asked, and `hook status` (alias `doctor`) runs a harmless
 * call through each installed command exactly as the agent would (sh -c, payload on stdin).
 */
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AGENT_SPECS, AGENTS } from "../../src/agents/index.js";
import { CLI, REPO_ROOT, runCli, tempDir } from "../helpers/cli.js";
import { initialisedHome } from "../helpers/init-home.js";

const BIN = join(REPO_ROOT, "dist", "cli.cjs");
/** A PATH without trailseal (the system's tools only, and node for the bin's shebang). */
const BARE_PATH = `${join(process.execPath, "..")}:/usr/bin:/bin`;

let root: string;
let cleanup: () => Promise<void>;
let project: string;
let home: string;

beforeEach(async () => {
  ({ dir: root, cleanup } = await tempDir("trailseal-install-status-"));
  project = join(root, "project");
  home = join(root, "home");
  await mkdir(project);
  await initialisedHome(home);
});
afterEach(() => cleanup());

const settings = (name: string) => JSON.parse(readFileSync(join(project, ".claude", name), "utf8"));

describe("hook install checks the command the agent will run", () => {
  it("refuses the shared file when `trailseal` is not on PATH, writing nothing", async () => {
    const run = await runCli(["hook", "install", "claude-code"], { cwd: project, env: { PATH: BARE_PATH } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("(HOOK_PROGRAM_UNRESOLVED)");
    expect(run.stderr).toContain("--local");
    expect(existsSync(join(project, ".claude"))).toBe(false);
  });

  it("--local writes settings.local.json with this trailseal's absolute path, the home and a timeout", async () => {
    const run = await runCli(["--home", home, "hook", "install", "claude-code", "--local"], {
      cwd: project,
      env: { PATH: BARE_PATH },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(project, ".claude", "settings.json"))).toBe(false);
    const entry = settings("settings.local.json").hooks.PreToolUse[0].hooks[0];
    expect(entry).toEqual({
      type: "command",
      command: `${CLI} hook claude-code --home ${home} || exit 2`,
      onFailure: "block",
      timeout: 30,
    });
  });

  it("the shared file names no home unless asked", async () => {
    const bin = join(root, "bin");
    await mkdir(bin);
    await writeFile(join(bin, "trailseal"), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
    await chmod(join(bin, "trailseal"), 0o755);
    const env = { PATH: `${bin}:${BARE_PATH}` };
    expect((await runCli(["hook", "install", "claude-code"], { cwd: project, env })).code).toBe(0);
    expect(settings("settings.json").hooks.PreToolUse[0].hooks[0].command).toBe(
      "trailseal hook claude-code || exit 2",
    );
    expect(
      (await runCli(["--home", home, "hook", "install", "claude-code"], { cwd: project, env })).code,
    ).toBe(0);
    expect(settings("settings.json").hooks.PreToolUse[0].hooks[0].command).toBe(
      `trailseal hook claude-code --home ${home} || exit 2`,
    );
  });

  it("--local for an agent without a personal project file is a coded error", async () => {
    const run = await runCli(["hook", "install", "gemini", "--local"], {
      cwd: project,
      env: { PATH: BARE_PATH },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("(HOOK_SCOPE_UNSUPPORTED)");
  });
});

describe("hook status runs the installed command as the agent would", () => {
  it("says a working hook is ok, and that the call was recorded", async () => {
    await runCli(["--home", home, "hook", "install", "claude-code", "--local"], {
      cwd: project,
      env: { PATH: BARE_PATH },
    });
    const status = await runCli(["hook", "status", "claude-code", "--json"], {
      cwd: project,
      env: { PATH: BARE_PATH },
    });
    expect(status.code, status.stderr).toBe(0);
    const report = JSON.parse(status.stdout);
    expect(report.hooks).toHaveLength(1);
    expect(report.hooks[0]).toMatchObject({ scope: "local", exit: 0, ok: true, timeout: 30 });
    const trail = readFileSync(join(home, "trail", "events-000000.jsonl"), "utf8");
    expect(trail).toContain("trailseal-hook-status");
  });

  it("finds a shared hook whose program does not resolve here, and fails with a code (doctor)", async () => {
    await mkdir(join(project, ".claude"));
    await writeFile(
      join(project, ".claude", "settings.json"),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: "*", hooks: [{ type: "command", command: "trailseal hook claude-code || exit 2" }] },
          ],
        },
      }),
    );
    const status = await runCli(["hook", "doctor", "claude-code"], {
      cwd: project,
      env: { PATH: BARE_PATH },
    });
    expect(status.code).toBe(1);
    expect(status.stdout).toContain("FAILED: the program does not resolve");
    expect(status.stderr).toContain("(HOOK_STATUS_FAILED)");
  });

  it("says when nothing is installed (exit 1)", async () => {
    const status = await runCli(["hook", "status", "claude-code"], {
      cwd: project,
      env: { PATH: BARE_PATH },
    });
    expect(status.code).toBe(1);
    expect(status.stdout).toContain("no trailseal hook installed here");
  });
});

describe("hook status runs every agent's installed hook as that agent would", () => {
  /** The time limit the install writes, as the agent's spec names it (null: the format has none). */
  const limitOf = (agent: (typeof AGENTS)[number]) => {
    const install = AGENT_SPECS[agent].install;
    return install.kind === "settings" && install.timeout
      ? { timeout: install.timeout.unit === "ms" ? 30_000 : 30, timeout_unit: install.timeout.unit }
      : { timeout: null, timeout_unit: null };
  };

  it.each(AGENTS)(
    "%s: a --user hook answers the harmless call, recorded; a shared one without trailseal fails",
    async (agent) => {
      const env = {
        PATH: BARE_PATH,
        HOME: join(root, "user"),
        CLAUDE_CONFIG_DIR: undefined,
        CODEX_HOME: undefined,
      };
      const installed = await runCli(["--home", home, "hook", "install", agent, "--user"], {
        cwd: project,
        env,
      });
      expect(installed.code, installed.stderr).toBe(0);
      const status = await runCli(["hook", "status", agent, "--json"], { cwd: project, env });
      expect(status.code, status.stdout + status.stderr).toBe(0);
      const report = JSON.parse(status.stdout);
      expect(report.hooks).toHaveLength(1);
      expect(report.hooks[0]).toMatchObject({
        scope: "user",
        exit: 0,
        ok: true,
        problem: null,
        ...limitOf(agent),
      });
      // The probe went through trailseal's hook: the trail holds the call, as this agent's.
      const log = await runCli(["--home", home, "log", "--events", "--json", "--agent", agent]);
      expect(JSON.parse(log.stdout).length, log.stderr).toBeGreaterThan(0);

      // The shared project file, installed where `trailseal` is on PATH, then run where it is not.
      const bin = join(root, "bin");
      await mkdir(bin, { recursive: true });
      await writeFile(join(bin, "trailseal"), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
      await chmod(join(bin, "trailseal"), 0o755);
      const shared = await runCli(["hook", "install", agent], {
        cwd: project,
        env: { ...env, PATH: `${bin}:${BARE_PATH}` },
      });
      expect(shared.code, shared.stderr).toBe(0);
      const broken = await runCli(["hook", "status", agent, "--json"], { cwd: project, env });
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain("(HOOK_STATUS_FAILED)");
      const hooks = JSON.parse(broken.stdout).hooks as { scope: string; ok: boolean; problem: string }[];
      expect(hooks.map((hook) => [hook.scope, hook.ok])).toEqual([
        ["project", false],
        ["user", true],
      ]);
      expect(hooks[0]!.problem).toMatch(/the program does not resolve/);
    },
  );
});

it("the bin is what an absolute install names", () => {
  expect(existsSync(BIN)).toBe(true);
});
