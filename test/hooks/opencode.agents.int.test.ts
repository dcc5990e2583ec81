/**
 * The real OpenCode binary (scripts/ci/install-agents.sh) with trailseal's plugin installed by
 * `trailseal hook install opencode`, its Anthropic provider pointed at a scripted Messages API
 * on 127.0.0.1 (opencode.json `provider.anthropic.options.baseURL`).
 *
 * On its first start in a config folder (the HOME's `~/.config/opencode`, the project's
 * `.opencode`) OpenCode npm-installs its plugin SDK there (64 MB; most of a start's CPU). Each
 * test has a fresh HOME and project, so the folders are seeded as OpenCode leaves them after that
 * install, from the one install-agents.sh made; one test keeps the project's first start.
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { agentAvailable, OPENCODE_BIN, OPENCODE_SDK } from "./agents/cache.js";
import {
  type AgentProject,
  type AgentRun,
  createAgentProject,
  installTrailsealHook,
  readTrailEvents,
  runAgent,
} from "./agents/harness.js";
import { type ModelServer, startModelServer } from "./agents/model-server.js";
import { DENIED, DENY_POLICY, expectNoSecretsLeft, RUNS, SESSION_SECRETS } from "./agents/secrets-session.js";

const available =
  agentAvailable("OpenCode", OPENCODE_BIN) &&
  agentAvailable("OpenCode's plugin SDK", join(OPENCODE_SDK, "node_modules", "@opencode-ai", "plugin"));

let model: ModelServer;
let project: AgentProject;
let work: string;
let home: string;

beforeAll(async () => {
  if (available) model = await startModelServer();
});
afterAll(() => model?.close());
beforeEach(async () => {
  project = await createAgentProject("trailseal-opencode-");
  ({ work, home } = project);
  await installTrailsealHook(project, "opencode");
  await seedSdk(join(project.root, ".config", "opencode"));
  await writeFile(
    join(work, "opencode.json"),
    JSON.stringify({
      provider: { anthropic: { options: { baseURL: `${model?.url}/v1`, apiKey: "sk-ant-test" } } },
      model: "anthropic/claude-sonnet-4-5",
    }),
  );
});
afterEach(() => project.cleanup());

/**
 * A config folder as OpenCode leaves it after installing its SDK there: package.json and lock
 * naming `@opencode-ai/plugin`, and node_modules (shared, read-only to OpenCode: it installs
 * only when node_modules is missing or the lock lacks a dependency).
 */
async function seedSdk(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const file of ["package.json", "package-lock.json"])
    await copyFile(join(OPENCODE_SDK, file), join(dir, file));
  await symlink(join(OPENCODE_SDK, "node_modules"), join(dir, "node_modules"));
}

/** OpenCode's npm cache in the test's HOME: there only if OpenCode installed something. */
const npmCache = () => join(project.root, ".npm");

async function opencode(command: string, { withShim = true, firstStart = false } = {}): Promise<AgentRun> {
  if (!firstStart) await seedSdk(join(work, ".opencode"));
  model.script({ name: "bash", input: { command, description: "run it" } });
  const env = { OPENCODE_DISABLE_MODELS_FETCH: "1", OPENCODE_DISABLE_AUTOUPDATE: "1" };
  const run = await runAgent(OPENCODE_BIN, ["run", "do the task"], project, { env, withTrailseal: withShim });
  // The seeding held: OpenCode found its SDK and installed nothing (else the shared copy is at risk).
  if (!firstStart) expect(existsSync(npmCache()), "OpenCode installed its SDK in a seeded home").toBe(false);
  return run;
}

const events = () => readTrailEvents(home);

// The first-start test npm-installs OpenCode's plugin SDK (about 15 s of CPU on a 2-core
// machine), so it may outlast the suite's 60 s under load: the bound is the harness's own 90 s
// kill of a hung agent, plus the checks after it.
describe.runIf(available)("the real OpenCode with trailseal's plugin", { timeout: 120_000 }, () => {
  it("deny: the plugin blocks the command with trailseal's reason, on OpenCode's first start in the project; no secret it or the command before it carried is in the answer, the trail or the home", async () => {
    await writeFile(join(home, "policy.yaml"), DENY_POLICY);
    // One session: a command that runs and prints a token, then the denied one.
    model.script({ name: "bash", input: { command: RUNS, description: "run it" } });
    const run = await opencode(DENIED, { firstStart: true });
    // OpenCode installed its SDK into the project during this start, as for a new user.
    expect(
      existsSync(join(work, ".opencode", "node_modules", "@opencode-ai", "plugin", "package.json")),
    ).toBe(true);
    expect(existsSync(join(work, "denied-marker"))).toBe(false);
    expect(run.output).toContain("trailseal: denied");
    // The first ran: OpenCode handed the printed token back to the model (its own output, not an answer).
    expect(JSON.stringify(model.results.at(-2))).toContain(`token=${SESSION_SECRETS.env}`);
    // The plugin's throw reaches the model as the tool's error, and the run's output.
    const lines = run.output.split("\n").filter((line) => line.includes("trailseal"));
    const recorded = await expectNoSecretsLeft([JSON.stringify(model.results.at(-1)), ...lines], home);
    expect(recorded.map((e) => e.agent)).toEqual(["opencode", "opencode", "opencode"]);
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
    const run = await opencode("touch ran-without-hook", { withShim: false });
    expect(existsSync(join(work, "ran-without-hook"))).toBe(false);
    expect(run.output).toMatch(/trailseal could not run/);
  });
});
