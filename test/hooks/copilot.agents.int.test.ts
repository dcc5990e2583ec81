/**
 * The real GitHub Copilot CLI (npm `@github/copilot`, scripts/ci/install-agents.sh) with
 * trailseal's repository hooks installed by `trailseal hook install copilot`
 * (.github/hooks/trailseal.json), its model provider (BYOK: COPILOT_PROVIDER_BASE_URL) pointed at
 * a scripted Chat Completions API on 127.0.0.1. Copilot CLI loads a repository's hooks only in a
 * folder the user trusts, so each test's folder is in `trusted_folders`, as after the user said
 * "trust this folder".
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { agentAvailable, COPILOT_BIN, COPILOT_UNPACK } from "./agents/cache.js";
import { type ChatServer, type ChatToolCall, startChatServer } from "./agents/chat-server.js";
import {
  type AgentProject,
  type AgentRun,
  createAgentProject,
  installTrailsealHook,
  readTrailEvents,
  runAgent,
} from "./agents/harness.js";
import { DENIED, DENY_POLICY, expectNoSecretsLeft, RUNS, SESSION_SECRETS } from "./agents/secrets-session.js";

const available = agentAvailable("GitHub Copilot CLI", COPILOT_BIN);

let model: ChatServer;
let project: AgentProject;
let work: string;
let home: string;

beforeAll(async () => {
  if (available) model = await startChatServer();
});
afterAll(() => model?.close());
beforeEach(async () => {
  project = await createAgentProject("trailseal-copilot-");
  ({ work, home } = project);
  await mkdir(join(project.root, ".copilot"));
  await promisify(execFile)("git", ["init", "-q"], { cwd: work });
  await writeFile(join(project.root, ".copilot", "config.json"), JSON.stringify({ trusted_folders: [work] }));
  await writeFile(join(work, ".env"), "API_KEY=secret\n");
  await installTrailsealHook(project, "copilot");
});
afterEach(() => project.cleanup());

/** One `copilot -p` run: the model asks for `call`, Copilot CLI runs its hooks and maybe the tool. */
function copilot(call: ChatToolCall, withShim = true): Promise<AgentRun> {
  model.script(call);
  const env = {
    COPILOT_CACHE_HOME: COPILOT_UNPACK,
    COPILOT_AUTO_UPDATE: "false",
    COPILOT_PROVIDER_BASE_URL: model.url,
    COPILOT_PROVIDER_API_KEY: "sk-test",
    COPILOT_MODEL: "gpt-4o",
  };
  const args = ["-p", "do the task", "--allow-all-tools"];
  return runAgent(COPILOT_BIN, args, project, { env, withTrailseal: withShim });
}

const events = () => readTrailEvents(home);
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

  it("deny: a policy deny rule blocks the command with trailseal's reason; no secret it or the command before it carried is in that answer, the trail or the home", async () => {
    await writeFile(join(home, "policy.yaml"), DENY_POLICY);
    // One session: a command that runs and prints a token, then the denied one.
    model.script({ name: "bash", arguments: { command: RUNS, description: "x" } });
    await copilot({ name: "bash", arguments: { command: DENIED, description: "x" } });
    expect(existsSync(join(work, "denied-marker"))).toBe(false);
    // The first ran: Copilot handed the printed token back to the model (its own output, not an answer).
    expect(JSON.stringify(model.results.at(-2))).toContain(`token=${SESSION_SECRETS.env}`);
    const recorded = await expectNoSecretsLeft([lastResult()], home);
    expect(recorded.map((e) => e.agent)).toEqual(["copilot", "copilot", "copilot"]);
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
