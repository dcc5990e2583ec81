/**
 * The real Codex CLI binary (scripts/ci/install-agents.sh) with trailseal installed by
 * `trailseal hook install codex --user` ($CODEX_HOME/hooks.json), against a scripted Responses
 * API on 127.0.0.1. `--dangerously-bypass-hook-trust` stands in for the user's one-time review
 * of new hooks (Codex asks for it interactively).
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { agentAvailable, CODEX_BIN } from "./agents/cache.js";
import {
  type AgentProject,
  type AgentRun,
  createAgentProject,
  installTrailsealHook,
  readTrailEvents,
  runAgent,
} from "./agents/harness.js";
import { type ResponsesServer, startResponsesServer } from "./agents/responses-server.js";
import { DENIED, DENY_POLICY, expectNoSecretsLeft, RUNS, SESSION_SECRETS } from "./agents/secrets-session.js";

const available = agentAvailable("Codex CLI", CODEX_BIN);

let model: ResponsesServer;
let project: AgentProject;
let work: string;
let home: string;
let codexHome: string;

beforeAll(async () => {
  if (available) model = await startResponsesServer();
});
afterAll(() => model?.close());
beforeEach(async () => {
  project = await createAgentProject("trailseal-codex-");
  ({ work, home } = project);
  codexHome = join(project.root, "codex-home");
  await mkdir(codexHome);
  await installTrailsealHook(project, "codex", ["--user"], { CODEX_HOME: codexHome });
  await writeFile(join(work, ".env"), "API_KEY=secret\n");
});
afterEach(() => project.cleanup());

function codex(cmd: string, withShim = true): Promise<AgentRun> {
  model.script({ name: "exec_command", arguments: { cmd } });
  const provider = `{name="mock",base_url="${model.url}",wire_api="responses",env_key="OPENAI_API_KEY"}`;
  const args = [
    "exec",
    "--dangerously-bypass-hook-trust",
    "--skip-git-repo-check",
    "-s",
    "danger-full-access",
    "-c",
    "model_provider=mock",
    "-c",
    `model_providers.mock=${provider}`,
    "-m",
    "gpt-5",
    "do the task",
  ];
  const env = { CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-test" };
  return runAgent(CODEX_BIN, args, project, { env, withTrailseal: withShim });
}

const events = () => readTrailEvents(home);
const lastOutput = () => JSON.stringify(model.outputs.at(-1) ?? null);

describe.runIf(available)("the real Codex CLI with trailseal installed", () => {
  it("deny: a policy deny rule blocks the command with trailseal's reason; no secret it or the command before it carried is in that answer, the trail or the home", async () => {
    await writeFile(join(home, "policy.yaml"), DENY_POLICY);
    // One session: a command that runs and prints a token, then the denied one.
    model.script({ name: "exec_command", arguments: { cmd: RUNS } });
    await codex(DENIED);
    expect(existsSync(join(work, "denied-marker"))).toBe(false);
    // The first ran: Codex handed the printed token back to the model (its own output, not an answer).
    expect(JSON.stringify(model.outputs.at(-2))).toContain(`token=${SESSION_SECRETS.env}`);
    expect(lastOutput()).toContain("trailseal: denied");
    const recorded = await expectNoSecretsLeft([String(model.outputs.at(-1)?.output)], home);
    expect(recorded.map((e) => e.agent)).toEqual(["codex", "codex", "codex"]);
  });

  it("rm -rf / is denied by trailseal (GNU rm's --preserve-root keeps a failed test harmless)", async () => {
    await codex("rm -rf /");
    expect(lastOutput()).toContain("trailseal: denied");
    expect((await events()).map((e) => [e.phase, e.decision, e.agent])).toEqual([["pre", "deny", "codex"]]);
  });

  it("ask becomes a deny (Codex cannot take an ask from a hook)", async () => {
    await codex("cp .env leaked");
    expect(existsSync(join(work, "leaked"))).toBe(false);
    expect(lastOutput()).toMatch(/cannot ask here/);
  });

  it("pass-through: a harmless command runs without an approval from trailseal; its outcome is recorded", async () => {
    await codex("touch harmless");
    expect(existsSync(join(work, "harmless"))).toBe(true);
    expect((await events()).map((e) => [e.phase, e.decision])).toEqual([
      ["pre", "pass"],
      ["post", "logged"],
    ]);
  });

  it("a missing trailseal binary blocks the command (fail closed)", async () => {
    // A --user install names this trailseal by its absolute path; name the bare program instead
    // (on PATH at install through the shim), then run the agent without it on PATH.
    await installTrailsealHook(project, "codex", ["--user", "--program", "trailseal"], {
      CODEX_HOME: codexHome,
    });
    await codex("touch ran-without-hook", false);
    expect(existsSync(join(work, "ran-without-hook"))).toBe(false);
  });
});
