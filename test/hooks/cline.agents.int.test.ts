/**
 * The real Cline CLI (Cline 3, scripts/ci/install-agents.sh) with trailseal's hook scripts
 * installed by `trailseal hook install cline` (.clinerules/hooks/), an OpenAI-compatible
 * provider (`cline auth -p openai -b …`) pointed at a scripted Chat Completions API on
 * 127.0.0.1. Cline reads a `{"cancel": true}` answer by aborting the run.
 */
import { cpSync, existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
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
import { DENIED, DENY_POLICY, expectNoSecretsLeft, RUNS } from "./agents/secrets-session.js";

const available = agentAvailable("Cline CLI", CLINE_BIN);

let model: ChatServer;
let project: AgentProject;
let work: string;
let home: string;

/** A project's Cline data folder (settings, the provider chosen by `cline auth`). */
const dataDirOf = (of: AgentProject) => join(of.root, "cline-data");

function runIn(of: AgentProject, args: string[], withShim = true): Promise<AgentRun> {
  return runAgent(CLINE_BIN, [...args, "--data-dir", dataDirOf(of)], of, { withTrailseal: withShim });
}
const run = (args: string[], withShim = true) => runIn(project, args, withShim);

/**
 * `cline auth` once for the file, in a project of its own: each test's project starts from a
 * copy of the data folder it wrote (the provider, its key and the model server's URL), instead of
 * a start of Cline for each test just to configure it.
 */
let authorised: AgentProject | undefined;

beforeAll(async () => {
  if (!available) return;
  model = await startChatServer();
  authorised = await createAgentProject("trailseal-cline-auth-");
  const auth = await runIn(authorised, [
    "auth",
    "-p",
    "openai",
    "-k",
    "sk-test",
    "-m",
    "gpt-4o",
    "-b",
    model.url,
  ]);
  expect(auth.code).toBe(0);
});
afterAll(async () => {
  await model?.close();
  await authorised?.cleanup();
});
beforeEach(async () => {
  project = await createAgentProject("trailseal-cline-");
  ({ work, home } = project);
  await installTrailsealHook(project, "cline");
  if (authorised)
    cpSync(dataDirOf(authorised), dataDirOf(project), { recursive: true, verbatimSymlinks: true });
});
afterEach(() => project.cleanup());

function cline(commands: string[], withShim = true) {
  model.script({ name: "run_commands", arguments: { commands } });
  return run(["do the task"], withShim);
}

const events = () => readTrailEvents(home);

describe.runIf(available)("the real Cline CLI with trailseal's hooks", () => {
  it("deny: the hook cancels, the command does not run; no secret it or the command before it carried is in the answer, the trail or the home", async () => {
    await writeFile(join(home, "policy.yaml"), DENY_POLICY);
    // One session: a command that runs and prints a token, then the denied one.
    model.script({ name: "run_commands", arguments: { commands: [RUNS] } });
    await cline([DENIED]);
    expect(existsSync(join(work, "denied-marker"))).toBe(false);
    // Cline reads the hook's errorMessage as the reason it stops, and logs it with that name.
    const log = await readFile(join(dataDirOf(project), "logs", "cline.log"), "utf8");
    const answers = log
      .split("\n")
      .filter((line) => line.includes("trailseal: denied"))
      .map((line) => String(JSON.parse(line).errorMessage));
    const recorded = await expectNoSecretsLeft(answers, home);
    expect(recorded.map((e) => e.agent)).toEqual(["cline", "cline", "cline"]);
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
