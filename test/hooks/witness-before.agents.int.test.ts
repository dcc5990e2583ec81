/**
 * Witness before act with the real Claude Code binary and the scripted model server: with
 * `witness_before: low` an allowed command runs only once a seal covering its event has met
 * the quorum; against a witness that is down or slower than the budget it is denied (fail
 * closed), and the deny is recorded after the action's event. Off without a witness.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readSeals } from "../../src/seal/index.js";
import { deadUrl, startRawServer, startRealWitness } from "../witness/client/fixtures.js";
import { agentAvailable, CLAUDE_BIN } from "./agents/cache.js";
import {
  type AgentProject,
  createAgentProject,
  installTrailsealHook,
  readTrailEvents,
  runAgent,
} from "./agents/harness.js";
import { type ModelServer, startModelServer } from "./agents/model-server.js";

const available = agentAvailable("Claude Code", CLAUDE_BIN);

let model: ModelServer;
let project: AgentProject;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  if (available) model = await startModelServer();
});
afterAll(() => model?.close());
beforeEach(async () => {
  project = await createAgentProject("trailseal-witness-before-");
  await mkdir(join(project.root, "config"), { recursive: true });
  await installTrailsealHook(project, "claude-code", ["--project"]);
  await writeFile(
    join(project.home, "policy.yaml"),
    "max_risk: high\nwitness_before: low\nwitness_before_timeout_seconds: 2\n",
  );
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await project.cleanup();
});

async function useWitness(url: string | null): Promise<void> {
  const path = join(project.home, "relay-config.json");
  const config = JSON.parse(await readFile(path, "utf8"));
  config.witness = url
    ? { enabled: true, quorum: 1, endpoints: [{ name: "w1", url }] }
    : { enabled: false, quorum: 1, endpoints: [] };
  await writeFile(path, JSON.stringify(config));
}

/** Claude Code asks to run `touch <marker>` (a low-risk command its settings allow). */
async function touch(marker: string) {
  model.script({ name: "Bash", input: { command: `touch ${marker}`, description: "t" } });
  const env = {
    CLAUDE_CONFIG_DIR: join(project.root, "config"),
    ANTHROPIC_BASE_URL: model.url,
    ANTHROPIC_API_KEY: "sk-ant-test",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
  };
  await runAgent(
    CLAUDE_BIN,
    ["-p", "do the task", "--output-format", "json", "--allowedTools", "Bash(touch:*)"],
    project,
    {
      env,
    },
  );
  return (await readTrailEvents(project.home)).filter((e) => e.phase === "pre");
}

describe.runIf(available)("witness_before with the real Claude Code", () => {
  it("runs the action once a seal covering it is witnessed (witness up)", async () => {
    const witness = await startRealWitness();
    closers.push(() => witness.close());
    await useWitness(witness.server.url);
    const pre = await touch("witnessed-marker");
    expect(existsSync(join(project.work, "witnessed-marker"))).toBe(true);
    expect(pre.map((e) => e.decision)).toEqual(["pass"]);
    const seals = await readSeals(join(project.home, "seals"));
    const covering = seals.find((s) => s.seal.event_count > pre[0]!.seq);
    expect(covering?.receipts.length).toBe(1);
  });

  it("denies and records the deny when the witness is down", async () => {
    await useWitness(await deadUrl());
    const pre = await touch("down-marker");
    expect(existsSync(join(project.work, "down-marker"))).toBe(false);
    expect(pre.map((e) => e.decision)).toEqual(["pass", "deny"]);
    expect(pre[1]!.reasons.join(" ")).toContain("witness_before low: not witnessed in time");
    expect(JSON.stringify(model.results.at(-1))).toContain("trailseal: denied");
  });

  it("denies when the witness answers slower than the budget", async () => {
    const slow = await startRawServer((_req, res) => {
      setTimeout(() => {
        res.writeHead(201, { "content-type": "application/json" });
        res.end(JSON.stringify({ anchor_id: "wit_slow", witnessed_at: new Date().toISOString() }));
      }, 6_000);
    });
    closers.push(() => slow.close());
    await useWitness(slow.url);
    const pre = await touch("slow-marker");
    expect(existsSync(join(project.work, "slow-marker"))).toBe(false);
    expect(pre.map((e) => e.decision)).toEqual(["pass", "deny"]);
  });

  it("is off without a witness, and says so in the event", async () => {
    await useWitness(null);
    const pre = await touch("unwitnessed-marker");
    expect(existsSync(join(project.work, "unwitnessed-marker"))).toBe(true);
    expect(pre).toHaveLength(1);
    expect(pre[0]!.reasons).toContain("witness_before is off: no witness is configured");
  });
});
