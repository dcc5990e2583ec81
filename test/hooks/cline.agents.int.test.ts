/**
 * The real Cline CLI (Cline 3, scripts/ci/install-agents.sh) with trailseal's hook scripts
 * installed by `trailseal hook install cline` (.clinerules/hooks/), an OpenAI-compatible
 * provider (`cline auth -p openai -b …`) pointed at a scripted Chat Completions API on
 * 127.0.0.1. Cline reads a `{"cancel": true}` answer by aborting the run.
 */
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { agentAvailable, CLINE_BIN } from "./agents/cache.js";
import { type ChatServer, startChatServer } from "./agents/chat-server.js";
import {
  type AgentProject,
  type AgentRun,
  createAgentProject,
  installTrailsealHook,
  readTrailEvents,
  runAgent,
} from "./agents/harness.js";

const available = agentAvailable("Cline CLI", CLINE_BIN);

let model: ChatServer;
let project: AgentProject;
let work: string;
let home: string;

function run(args: string[], withShim = true): Promise<AgentRun> {
  const dataDir = join(project.root, "cline-data");
  return runAgent(CLINE_BIN, [...args, "--data-dir", dataDir], project, { withTrailseal: withShim });
}

beforeAll(async () => {
  if (available) model = await startChatServer();
});
afterAll(() => model?.close());
beforeEach(async () => {
  project = await createAgentProject("trailseal-cline-");
  ({ work, home } = project);
  await installTrailsealHook(project, "cline");
  if (available) {
    const auth = await run(["auth", "-p", "openai", "-k", "sk-test", "-m", "gpt-4o", "-b", model.url]);
    expect(auth.code).toBe(0);
  }
});
afterEach(() => project.cleanup());

function cline(commands: string[], withShim = true) {
  model.script({ name: "run_commands", arguments: { commands } });
  return run(["do the task"], withShim);
}

const events = () => readTrailEvents(home);

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
