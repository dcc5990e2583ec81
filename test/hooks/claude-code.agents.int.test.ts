/**
 * The real Claude Code binary (scripts/ci/install-agents.sh) with trailseal installed by
 * `trailseal hook install claude-code`, against a scripted model server on 127.0.0.1. Each
 * case scripts one tool call and checks what really happened: whether the tool ran (a file,
 * the MCP server's call log), what Claude Code sent back to the model, and the trail.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CLAUDE_CODE_TOOLS } from "../../src/hooks/index.js";
import { runCli } from "../helpers/cli.js";
import { filesHolding } from "../helpers/tree.js";
import { agentAvailable, CLAUDE_BIN } from "./agents/cache.js";
import {
  type AgentProject,
  type AgentRun,
  createAgentProject,
  installTrailsealHook,
  readTrailEvents,
  runAgent,
} from "./agents/harness.js";
import { type ModelServer, startModelServer } from "./agents/model-server.js";

const available = agentAvailable("Claude Code", CLAUDE_BIN);
const MCP_SERVER = join(import.meta.dirname, "agents", "mcp-server.mjs");

let model: ModelServer;
let project: AgentProject;
let root: string;
let work: string;
let home: string;

beforeAll(async () => {
  if (available) model = await startModelServer();
});
afterAll(() => model?.close());
beforeEach(async () => {
  project = await createAgentProject("trailseal-claude-");
  ({ root, work, home } = project);
  await mkdir(join(root, "config"), { recursive: true });
  await installTrailsealHook(project, "claude-code", ["--project"]);
  await writeFile(join(work, ".env"), "API_KEY=secret\n");
  await writeFile(
    join(work, ".mcp.json"),
    JSON.stringify({ mcpServers: { pg: { command: process.execPath, args: [MCP_SERVER] } } }),
  );
});
afterEach(() => project.cleanup());

/** One `claude -p` run: the model asks for `tool`, Claude Code runs its hooks and maybe the tool. */
function claude(
  tool: { name: string; input: Record<string, unknown> },
  allowed: string[],
  withShim = true,
): Promise<AgentRun> {
  model.script(tool);
  const args = ["-p", "do the task", "--output-format", "json", "--mcp-config", join(work, ".mcp.json")];
  if (allowed.length > 0) args.push("--allowedTools", allowed.join(","));
  const env = {
    CLAUDE_CONFIG_DIR: join(root, "config"),
    ANTHROPIC_BASE_URL: model.url,
    ANTHROPIC_API_KEY: "sk-ant-test",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    MCP_CALL_LOG: join(root, "mcp-calls.log"),
  };
  return runAgent(CLAUDE_BIN, args, project, { env, withTrailseal: withShim });
}

const events = () => readTrailEvents(home);

const lastResult = () => JSON.stringify(model.results.at(-1) ?? null);

describe.runIf(available)("the real Claude Code with trailseal installed", () => {
  it("deny: a policy deny rule blocks a command Claude Code itself would allow", async () => {
    await writeFile(join(home, "policy.yaml"), 'rules:\n  commands:\n    deny: ["touch denied*"]\n');
    // The reason quotes the command; the secret in it reaches neither the model nor the trail.
    const secret = "s3cret-value-7731";
    await claude(
      { name: "Bash", input: { command: `touch denied-marker API_TOKEN=${secret}`, description: "t" } },
      ["Bash(touch:*)"],
    );
    expect(existsSync(join(work, "denied-marker"))).toBe(false);
    expect(lastResult()).toContain("trailseal: denied");
    expect(lastResult()).toContain("API_TOKEN=[redacted:assignment:");
    expect(lastResult()).not.toContain(secret);
    expect(JSON.stringify(await events())).not.toContain(secret);
    expect((await events()).find((e) => e.phase === "pre")).toMatchObject({
      decision: "deny",
      agent: "claude-code",
    });
  });

  it("secrets in a command that runs: the trail, seal, log, report and export hold markers, never the bytes", async () => {
    // Three shapes agents type: an environment assignment, a password flag of one program
    // (attached and quoted), and a bearer header; the command prints the token back, so the
    // PostToolUse outcome carries it too.
    const token = "tS9kQ2vLx7RmN4pWz8YbC3dF6hJ1aE5u";
    const password = "Hunter2-Lamp-Orchid";
    const bearer = "b7f0c2e94a1d4e6f8a3b5c7d9e1f2a4b";
    // An assignment inside a single-quoted argument, its quotes escaped the shell's way ('\''):
    // only the parsed command shows it (lower case and digits: no token by look either).
    const quoted = "zu0rpr33yvk0c18vs5wzpx2nq9ww1bh2b";
    const command = [
      `DEPLOY_TOKEN='${token}' sh -c 'printf "token=%s\\n" "$DEPLOY_TOKEN"'`,
      `echo mysql -uroot -p'${password}' >/dev/null`,
      `echo curl -H "Authorization: Bearer ${bearer}" https://api.example.test >/dev/null`,
      `printf '%s\\n' 'deploy_token = '\\''${quoted}'\\''' > notes.txt`,
    ].join(" && ");
    await claude({ name: "Bash", input: { command, description: "deploy" } }, ["Bash"]);
    // It ran, and Claude Code handed the printed token back to the model.
    expect(lastResult()).toContain(`token=${token}`);
    const all = await events();
    expect(all.map((e) => [e.phase, e.decision])).toEqual([
      ["pre", "pass"],
      ["post", "logged"],
    ]);
    const stored = JSON.stringify(all);
    expect(stored).toContain("DEPLOY_TOKEN='[redacted:");
    expect(stored).toMatch(/-p'\[redacted:password-flag:[0-9a-f]{16}\]'/);
    expect(stored).toContain("Bearer [redacted:");
    const seal = await runCli(["seal", "--json", "--home", home]);
    expect(seal.code).toBe(0);
    const exported = join(root, "export.jsonl");
    const outputs = [
      seal,
      await runCli(["export", "--format", "jsonl", "--output", exported, "--home", home]),
      await runCli(["log", "--json", "--home", home]),
      await runCli(["log", "--events", "--home", home]),
      await runCli(["report", "--json", "--home", home]),
      await runCli(["verify", "--export", exported, "--home", home]),
    ];
    for (const output of outputs) expect(output.code).toBe(0);
    const exportText = await readFile(exported, "utf8");
    expect(exportText).toContain("[redacted:");
    for (const secret of [token, password, bearer, quoted]) {
      for (const output of outputs) expect(output.stdout + output.stderr).not.toContain(secret);
      expect(exportText).not.toContain(secret);
      expect(await filesHolding(home, secret)).toEqual([]);
    }
  });

  it("rm -rf / is denied by trailseal although Claude Code's settings allow rm (GNU rm's --preserve-root keeps a failed test harmless)", async () => {
    await claude({ name: "Bash", input: { command: "rm -rf /", description: "r" } }, ["Bash(rm:*)"]);
    expect(lastResult()).toContain("trailseal: denied");
    expect((await events()).find((e) => e.phase === "pre")).toMatchObject({
      decision: "deny",
      agent: "claude-code",
    });
  });

  it("ask: a risky read is put to the user (none in -p mode, so it does not run)", async () => {
    await claude({ name: "Bash", input: { command: "cp .env leaked", description: "c" } }, ["Bash(cp:*)"]);
    expect(existsSync(join(work, "leaked"))).toBe(false);
    expect((await events()).find((e) => e.phase === "pre")).toMatchObject({ decision: "ask" });
  });

  it("pass-through: trailseal gives no approval; Claude Code's own permissions decide", async () => {
    // Not allowed by Claude Code's settings: without an approval from trailseal it must not run.
    await claude({ name: "Bash", input: { command: "touch unapproved", description: "t" } }, []);
    expect(existsSync(join(work, "unapproved"))).toBe(false);
    // Allowed by Claude Code's settings: runs, and trailseal records pass (no approval given).
    await claude({ name: "Bash", input: { command: "touch approved", description: "t" } }, ["Bash(touch:*)"]);
    expect(existsSync(join(work, "approved"))).toBe(true);
    const pre = (await events()).filter((e) => e.phase === "pre");
    expect(pre.map((e) => e.decision)).toEqual(["pass", "pass"]);
    const post = (await events()).filter((e) => e.phase === "post");
    expect(post.some((e) => e.action.command === "touch approved")).toBe(true);
  });

  it("a missing trailseal binary blocks the tool (fail closed)", async () => {
    await claude(
      { name: "Bash", input: { command: "touch ran-without-hook", description: "t" } },
      ["Bash(touch:*)"],
      false,
    );
    expect(existsSync(join(work, "ran-without-hook"))).toBe(false);
  });

  it("a failed call is recorded with its failure", async () => {
    await claude({ name: "Bash", input: { command: "ls ./no-such-dir", description: "l" } }, ["Bash(ls:*)"]);
    const post = (await events()).filter((e) => e.phase === "post");
    expect(post).toHaveLength(1);
    expect(post[0]).toMatchObject({ decision: "logged", outcome: { failed: true } });
  });

  it("a 1.1 MB Write is not denied for its size; its 2 MB PostToolUse is recorded as a post event", async () => {
    const content = "x".repeat(1_100_000);
    await claude({ name: "Write", input: { file_path: join(work, "big.txt"), content } }, ["Write"]);
    expect((await readFile(join(work, "big.txt"), "utf8")).length).toBe(content.length);
    const all = await events();
    expect(all.map((e) => [e.phase, e.decision, e.action.tool])).toEqual([
      ["pre", "pass", "Write"],
      ["post", "logged", "Write"],
    ]);
    expect(all[1]!.input.content).toMatchObject({ bytes: 1_100_000 });
  });

  it("knows every tool the installed Claude Code offers the model", async () => {
    await claude({ name: "Bash", input: { command: "true", description: "t" } }, ["Bash(true)"]);
    expect(model.toolNames).toContain("Bash");
    const unknown = model.toolNames.filter(
      (name) => !name.startsWith("mcp__") && !CLAUDE_CODE_TOOLS.includes(name),
    );
    expect(unknown).toEqual([]);
  });

  it("MCP: a destructive query is denied before the server sees it; a harmless one runs and is recorded", async () => {
    const log = join(root, "mcp-calls.log");
    await claude({ name: "mcp__pg__query", input: { sql: "DROP TABLE users" } }, ["mcp__pg__query"]);
    expect(existsSync(log)).toBe(false);
    expect(lastResult()).toContain("trailseal: denied");
    await claude({ name: "mcp__pg__query", input: { sql: "select 1" } }, ["mcp__pg__query"]);
    expect(await readFile(log, "utf8")).toContain("select 1");
    const all = await events();
    expect(all.map((e) => [e.phase, e.decision, e.action.kind])).toEqual([
      ["pre", "deny", "mcp"],
      ["pre", "pass", "mcp"],
      ["post", "logged", "mcp"],
    ]);
  });
});
