/**
 * `trailseal policy check` and `trailseal policy test`, run as a user runs them (the built CLI, a
 * fresh home): a mistake is exit 2 with its line before any hook meets it; the effective rules
 * name their source lines; a command's verdict per agent is the one the hook gives.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../helpers/cli.js";

let root: string;
let home: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ dir: root, cleanup } = await tempDir("trailseal-policy-cli-"));
  home = join(root, "home");
  expect((await runCli(["init", "--home", home])).code).toBe(0);
});
afterAll(() => cleanup());

const claude = (command: string) =>
  JSON.stringify({
    hook_event_name: "PreToolUse",
    session_id: "s",
    cwd: root,
    tool_name: "Bash",
    tool_input: { command },
  });

describe("policy check", () => {
  it("prints the effective rules with the line each comes from", async () => {
    const run = await runCli(["--home", home, "policy", "check", "--json"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    const text = readFileSync(join(home, "policy.yaml"), "utf8").split("\n");
    const sudo = report.rules.find((rule: { value: unknown }) => rule.value === "sudo *");
    const line = Number(/policy\.yaml:(\d+)$/.exec(sudo.source)![1]);
    expect(text[line - 1]).toContain('"sudo *"');
    expect(report.rules.find((rule: { key: string }) => rule.key === "witness_before")).toMatchObject({
      value: "off",
      source: "default",
    });
  });

  it("exits 2 with the file, line and key of a mistake", async () => {
    const bad = join(root, "bad.yaml");
    writeFileSync(bad, 'max_risk: high\nrules:\n  commands:\n    deny:\n      - "sudo *"\n    alow: []\n');
    const run = await runCli(["--home", home, "policy", "check", "--policy", bad]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("bad.yaml:6:5: rules.commands.alow");
    expect(run.stderr).toContain("(POLICY_INVALID)");
  });

  it("says the built-in default applies without a policy file", async () => {
    const empty = join(root, "empty-home");
    const run = await runCli(["--home", empty, "policy", "check"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("no such file, the built-in default applies");
  });
});

describe("policy test", () => {
  it("names the level, flags, the deciding rule (canonical form) and every agent's verdict", async () => {
    const run = await runCli(["--home", home, "policy", "test", "git push -f origin main", "--json"]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ level: "high", decision: "deny", rule: "rules.commands.deny" });
    expect(result.flags).toContain("force_push");
    expect(result.agents).toHaveLength(9);
    expect(new Set(result.agents.map((a: { verdict: string }) => a.verdict))).toEqual(new Set(["deny"]));
  });

  it("gives the verdict the hook gives: an ask where an agent can ask, cannot_ask's deny where not", async () => {
    const run = await runCli(["--home", home, "policy", "test", "cat .env", "--json"]);
    const result = JSON.parse(run.stdout);
    const verdict = (agent: string) =>
      result.agents.find((a: { agent: string }) => a.agent === agent).verdict;
    expect(result.decision).toBe("ask");
    // The real hook, with the same payload, answers Claude Code the same.
    const hook = await runCli(["--home", home, "hook", "claude-code"], { input: claude("cat .env") });
    expect(JSON.parse(hook.stdout).hookSpecificOutput.permissionDecision).toBe(verdict("claude-code"));
    expect(verdict("codex")).toBe("deny");
  });

  it("shows no decision (pass) for a command the policy has no objection to, and a witness_before wait", async () => {
    const policy = join(root, "wb.yaml");
    writeFileSync(policy, "max_risk: critical\nwitness_before: medium\n");
    const harmless = JSON.parse((await runCli(["--home", home, "policy", "test", "ls", "--json"])).stdout);
    expect(harmless).toMatchObject({ decision: "allow", rule: null });
    expect(harmless.agents.every((a: { verdict: string }) => a.verdict === "pass")).toBe(true);
    const gated = await runCli(["--home", home, "policy", "test", "npm publish", "--policy", policy]);
    expect(gated.code, gated.stderr).toBe(0);
    expect(gated.stdout).toContain("after a witnessed seal (witness_before medium)");
  });
});
