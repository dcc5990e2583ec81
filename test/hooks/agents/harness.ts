/**
 * What every real-agent test does around the agent itself: a temporary project with its own
 * HOME and an initialised trailseal home, `trailseal` on PATH through a shim (left off PATH to
 * show that a missing binary fails closed), the agent's binary run as a real process, and the
 * events the trail recorded read back as plain JSON.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterEach, expect } from "vitest";
import { CLI, runCli, tempDir } from "../../helpers/cli.js";

export interface AgentProject {
  /** The temporary root, also the agent's HOME; removed by `cleanup`. */
  root: string;
  /** The project folder the agent works in. */
  work: string;
  /** The trailseal home, made by `trailseal init`. */
  home: string;
  /** A folder holding only `trailseal` (the built CLI), put on the agent's PATH. */
  shim: string;
  cleanup: () => Promise<void>;
}

/** A fresh project for one agent run: folders, the `trailseal` shim, and `trailseal init`. */
export async function createAgentProject(prefix: string): Promise<AgentProject> {
  const { dir: root, cleanup } = await tempDir(prefix);
  const project = {
    root,
    work: join(root, "work"),
    home: join(root, "home"),
    shim: join(root, "bin"),
    cleanup,
  };
  await mkdir(project.work);
  await mkdir(project.shim);
  // `trailseal` on PATH, as a user's install would put it: the package's bin (dist/cli.cjs), the
  // resident server's client, with the server on unless the run sets TRAILSEAL_HOOK_SERVER=off
  // (docs/hooks.md).
  const cli = join(dirname(CLI), "cli.cjs");
  await writeFile(join(project.shim, "trailseal"), `#!/bin/sh\nexec "${process.execPath}" "${cli}" "$@"\n`);
  await chmod(join(project.shim, "trailseal"), 0o755);
  expect((await runCli(["init", "--home", project.home])).code).toBe(0);
  return project;
}

/** `trailseal hook install <agent> [flags] --home <home>` run in the project folder; it must succeed. */
export async function installTrailsealHook(
  project: AgentProject,
  agent: string,
  flags: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<void> {
  const install = await runCli(["hook", "install", agent, ...flags, "--home", project.home], {
    cwd: project.work,
    // The install checks that the agent can start `trailseal`: it is on the agent's PATH.
    env: { PATH: `${project.shim}:${process.env.PATH}`, ...env },
  });
  expect(install.code).toBe(0);
}

export interface AgentRun {
  code: number | null;
  /** stdout and stderr, interleaved as they came. */
  output: string;
}

/**
 * The agents still running. A test that times out (60 s) before the harness's own kill (90 s)
 * would otherwise leave its agent running after the file, reparented to init and using CPU (seen
 * with OpenCode on a loaded machine): each test ends its agents.
 */
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
});

/**
 * Runs an agent's binary in the project folder with HOME at the project root and a bare PATH
 * (plus the `trailseal` shim unless `withTrailseal` is false) and `env` on top. A run still going
 * after 90 s is killed, so a hung agent fails its own test rather than the whole file.
 */
export function runAgent(
  bin: string,
  args: string[],
  project: AgentProject,
  { env = {}, withTrailseal = true }: { env?: NodeJS.ProcessEnv; withTrailseal?: boolean } = {},
): Promise<AgentRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      cwd: project.work,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: `${withTrailseal ? `${project.shim}:` : ""}/usr/local/bin:/usr/bin:/bin`,
        HOME: project.root,
        // TRAILSEAL_HOOK_SERVER in the test run's environment (off: every hook call in its own
        // process) reaches the agents, whose own environment is bare (docs/hooks.md).
        ...Object.fromEntries(
          ["TRAILSEAL_HOOK_SERVER", "TRAILSEAL_HOOK_SERVER_IDLE_SECONDS"]
            .filter((name) => process.env[name] !== undefined)
            .map((name) => [name, process.env[name]]),
        ),
        ...env,
      },
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    running.add(child);
    const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
    child.on("error", reject);
    child.on("close", (code) => {
      running.delete(child);
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

// biome-ignore lint/suspicious/noExplicitAny: trail events read back as plain JSON
export type RecordedEvent = Record<string, any>;

/** The events in the trail's first segment, in order; none when nothing was recorded yet. */
export async function readTrailEvents(home: string): Promise<RecordedEvent[]> {
  const path = join(home, "trail", "events-000000.jsonl");
  if (!existsSync(path)) return [];
  return (await readFile(path, "utf8"))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}
