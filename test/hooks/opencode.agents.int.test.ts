/**
 * The real OpenCode binary (scripts/ci/install-agents.sh) with trailseal's plugin installed by
 * `trailseal hook install opencode`, its Anthropic provider pointed at a scripted Messages API
 * on 127.0.0.1 (opencode.json `provider.anthropic.options.baseURL`).
 */
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { agentAvailable, OPENCODE_BIN } from "./agents/cache.js";
import {
  type AgentProject,
  type AgentRun,
  createAgentProject,
  installTrailsealHook,
  readTrailEvents,
  runAgent,
} from "./agents/harness.js";
import { type ModelServer, startModelServer } from "./agents/model-server.js";

const available = agentAvailable("OpenCode", OPENCODE_BIN);

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
  await writeFile(
    join(work, "opencode.json"),
    JSON.stringify({
      provider: { anthropic: { options: { baseURL: `${model?.url}/v1`, apiKey: "sk-ant-test" } } },
      model: "anthropic/claude-sonnet-4-5",
    }),
  );
});
afterEach(() => project.cleanup());

function opencode(command: string, withShim = true): Promise<AgentRun> {
  model.script({ name: "bash", input: { command, description: "run it" } });
  const env = { OPENCODE_DISABLE_MODELS_FETCH: "1", OPENCODE_DISABLE_AUTOUPDATE: "1" };
  return runAgent(OPENCODE_BIN, ["run", "do the task"], project, { env, withTrailseal: withShim });
}

const events = () => readTrailEvents(home);

// OpenCode's first start in a fresh home installs its plugin SDK with npm (about 27 s of CPU on
// a 2-core machine), so a test may outlast the suite's 60 s under load: the bound is the
// harness's own 90 s kill of a hung agent, plus the checks after it.
describe.runIf(available)("the real OpenCode with trailseal's plugin", { timeout: 120_000 }, () => {
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
