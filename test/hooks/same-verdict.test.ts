/**
 * One verdict in every agent: `rm -rf /` is blocked, a `.env` read is blocked or put to the user,
 * a harmless read passes without trailseal approving it, and every outcome lands in the trail
 * with the agent's name — each in the agent's own payload and answer format.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGENTS, type AgentName, type HookResult, runHook } from "../../src/hooks/index.js";
import { AGENT_PAYLOAD_CWD, answerDecision, BUILD, type Kind } from "../helpers/agent-payloads.js";
import { tempDir } from "../helpers/cli.js";

let home: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: home, cleanup } = await tempDir("trailseal-same-verdict-"));
});
afterAll(() => cleanup());

const CWD = AGENT_PAYLOAD_CWD;

/** What the agent does with the answer: block, ask the user, or go on by its own rules. */
function outcome(agent: AgentName, result: HookResult): "block" | "ask" | "own-rules" {
  const decision = answerDecision(result);
  expect(decision, `${agent} must never approve on the user's behalf`).not.toBe("allow");
  return decision === "deny" ? "block" : decision === "ask" ? "ask" : "own-rules";
}

async function lastEvent() {
  const lines = (await readFile(join(home, "trail", "events-000000.jsonl"), "utf8")).trim().split("\n");
  return JSON.parse(lines.at(-1)!);
}

describe.each(AGENTS.map((agent) => [agent]))("%s", (agent) => {
  const build = BUILD[agent];
  const run = (kind: Kind, value: string) => runHook(agent, JSON.stringify(build(kind, value)), { home });

  it("blocks rm -rf /", async () => {
    expect(outcome(agent, await run("command", "rm -rf /"))).toBe("block");
    expect(await lastEvent()).toMatchObject({ agent, decision: "deny", phase: "pre" });
  });

  it("blocks or asks for a .env read", async () => {
    expect(["block", "ask"]).toContain(outcome(agent, await run("read", `${CWD}/.env`)));
  });

  it("lets a harmless read go on by the agent's own rules, without approving it", async () => {
    expect(outcome(agent, await run("read", `${CWD}/src/index.ts`))).toBe("own-rules");
    expect(await lastEvent()).toMatchObject({ agent, decision: "pass" });
  });

  it("answers and records a denied command without the secret it carries", async () => {
    const secret = `ghp_${"Zq8".repeat(12)}`;
    const result = await run(
      "command",
      // the deny reason quotes the command it matched, secrets included, before scrubbing
      `rm -rf / --token ${secret} --password=hunter2-pw`,
    );
    expect(outcome(agent, result)).toBe("block");
    for (const text of [result.stdout, result.stderr, JSON.stringify(await lastEvent())]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain("hunter2-pw");
    }
  });

  it("records the outcome with the agent's name", async () => {
    const result = await run("post", "npm test");
    expect(result.exitCode).toBe(0);
    expect(await lastEvent()).toMatchObject({ agent, phase: "post", decision: "logged" });
  });
});
