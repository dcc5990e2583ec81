/**
 * gemini-cli-core 0.61's own HookRunner and HookAggregator (scripts/ci/install-agents.sh)
 * running the commands `trailseal hook install gemini` wrote, with the environment sanitised
 * the way Gemini does in GitHub Actions (GITHUB_SHA set: TRAILSEAL_HOME is dropped, so the
 * home must come from the command itself).
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GEMINI_TOOLS } from "../../src/hooks/index.js";
import { agentAvailable, GEMINI_CORE } from "./agents/cache.js";
import {
  type AgentProject,
  createAgentProject,
  installTrailsealHook,
  readTrailEvents,
} from "./agents/harness.js";

const available = agentAvailable("gemini-cli-core", GEMINI_CORE);

// biome-ignore lint/suspicious/noExplicitAny: gemini-cli-core is loaded from the agent cache, untyped here
type Any = any;
let core: Any;
let project: AgentProject;
let root: string;
let home: string;
let work: string;
let shim: string;
let hooks: { before: Any; after: Any };
const saved = { ...process.env };

beforeAll(async () => {
  if (!available) return;
  core = await import(pathToFileURL(join(GEMINI_CORE, "dist", "src", "hooks", "index.js")).href);
  project = await createAgentProject("trailseal-gemini-");
  ({ root, home, work, shim } = project);
  await installTrailsealHook(project, "gemini");
  const settings = JSON.parse(await readFile(join(work, ".gemini", "settings.json"), "utf8"));
  hooks = { before: settings.hooks.BeforeTool[0].hooks[0], after: settings.hooks.AfterTool[0].hooks[0] };
  // As in GitHub Actions: strict sanitisation drops TRAILSEAL_HOME; a stray one must not be used either.
  process.env.GITHUB_SHA = "0123456789abcdef";
  process.env.TRAILSEAL_HOME = join(root, "wrong-home");
});
afterAll(async () => {
  process.env = saved;
  await project?.cleanup();
});

function runner() {
  return new core.HookRunner({
    isTrustedFolder: () => true,
    sanitizationConfig: {
      enableEnvironmentVariableRedaction: true,
      allowedEnvironmentVariables: [],
      blockedEnvironmentVariables: [],
    },
    storage: { getPlansDir: () => join(root, "plans") },
  });
}

async function run(event: "BeforeTool" | "AfterTool", fields: Record<string, unknown>, withShim = true) {
  const path = saved.PATH ?? "/usr/bin:/bin";
  process.env.PATH = withShim ? `${shim}:${path}` : path.replace(/[^:]*trailseal[^:]*:?/g, "");
  const input = {
    session_id: "g1",
    transcript_path: join(root, "t.json"),
    cwd: work,
    hook_event_name: event,
    timestamp: new Date().toISOString(),
    ...fields,
  };
  const config = event === "BeforeTool" ? hooks.before : hooks.after;
  const results = await runner().executeHooksParallel([config], core.HookEventName[event], input);
  return new core.HookAggregator().aggregateResults(results, core.HookEventName[event]);
}

const events = () => readTrailEvents(home);

describe.runIf(available)("gemini-cli-core's hook runner with trailseal installed", () => {
  it("deny: rm -rf / is blocked, with trailseal's reason", async () => {
    const result = await run("BeforeTool", {
      tool_name: "run_shell_command",
      tool_input: { command: "rm -rf /" },
    });
    expect(result.finalOutput.isBlockingDecision()).toBe(true);
    expect(result.finalOutput.getEffectiveReason()).toContain("trailseal: denied");
    expect((await events()).at(-1)).toMatchObject({ decision: "deny", agent: "gemini" });
    expect(existsSync(join(root, "wrong-home"))).toBe(false);
  });

  it("ask: the user sees trailseal's systemMessage", async () => {
    const result = await run("BeforeTool", {
      tool_name: "read_file",
      tool_input: { file_path: join(work, ".env") },
    });
    expect(result.finalOutput.isAskDecision()).toBe(true);
    expect(result.finalOutput.systemMessage).toContain("trailseal: needs your confirmation");
  });

  it("pass-through: a harmless call gets no decision (Gemini's own confirmation runs)", async () => {
    const result = await run("BeforeTool", {
      tool_name: "grep_search",
      tool_input: { pattern: "x", dir_path: "." },
    });
    expect(result.finalOutput?.decision).toBeUndefined();
    expect(result.finalOutput?.isBlockingDecision() ?? false).toBe(false);
    expect((await events()).at(-1)).toMatchObject({
      decision: "pass",
      action: { kind: "file", op: "search" },
    });
  });

  it("MCP: mcp_<server>_<tool> with mcp_context is judged as MCP", async () => {
    const result = await run("BeforeTool", {
      tool_name: "mcp_postgres_query",
      tool_input: { sql: "DROP TABLE users" },
      mcp_context: { server_name: "postgres", tool_name: "query", command: "npx", args: ["pg-mcp"] },
      original_request_name: "query",
    });
    expect(result.finalOutput.isBlockingDecision()).toBe(true);
    expect((await events()).at(-1)?.action).toMatchObject({ kind: "mcp", server: "postgres", tool: "query" });
  });

  it("secrets: neither the answer nor any file under the home holds a secret the call carried", async () => {
    const password = "Quiet-Otter-Lamp-77";
    const token = "tS9kQ2vLx7RmN4pWz8YbC3dF6hJ1aE5u";
    const before = await run("BeforeTool", {
      tool_name: "run_shell_command",
      tool_input: { command: `rm -rf / && sudo redis-cli -a '${password}' flushall` },
    });
    expect(before.finalOutput.isBlockingDecision()).toBe(true);
    await run("AfterTool", {
      tool_name: "run_shell_command",
      tool_input: { command: "./deploy.sh" },
      tool_response: { llmContent: `deployed with DEPLOY_TOKEN=${token}`, returnDisplay: "ok" },
    });
    const stored = JSON.stringify(await events());
    expect(stored).toContain("-a '[redacted:");
    expect(stored).toContain("DEPLOY_TOKEN=[redacted:");
    for (const secret of [password, token]) {
      expect(JSON.stringify(before)).not.toContain(secret);
      expect(before.finalOutput.getEffectiveReason() ?? "").not.toContain(secret);
      expect(stored).not.toContain(secret);
      for (const entry of await readdir(home, { withFileTypes: true, recursive: true })) {
        if (entry.isFile())
          expect((await readFile(join(entry.parentPath, entry.name))).includes(secret)).toBe(false);
      }
    }
  });

  it("AfterTool: an oversized result is recorded and never replaced by a deny", async () => {
    const result = await run("AfterTool", {
      tool_name: "read_file",
      tool_input: { file_path: join(work, "big.ts") },
      tool_response: { llmContent: "x".repeat(2_000_000), returnDisplay: "read" },
    });
    expect(result.finalOutput?.isBlockingDecision() ?? false).toBe(false);
    expect((await events()).at(-1)).toMatchObject({ phase: "post", decision: "logged" });
  });

  it("knows every built-in tool of the installed gemini-cli-core", async () => {
    const names = await import(
      pathToFileURL(join(GEMINI_CORE, "dist", "src", "tools", "tool-names.js")).href
    );
    const builtIn = Object.entries(names)
      .filter(([key, value]) => key.endsWith("_TOOL_NAME") && typeof value === "string")
      .map(([, value]) => value as string);
    expect(builtIn.length).toBeGreaterThan(10);
    expect(builtIn.filter((name) => !GEMINI_TOOLS.includes(name))).toEqual([]);
  });

  it("a missing trailseal blocks BeforeTool, and only warns on AfterTool", async () => {
    const before = await run(
      "BeforeTool",
      { tool_name: "run_shell_command", tool_input: { command: "ls" } },
      false,
    );
    expect(before.finalOutput.isBlockingDecision()).toBe(true);
    const after = await run(
      "AfterTool",
      { tool_name: "run_shell_command", tool_input: { command: "ls" }, tool_response: { llmContent: "a" } },
      false,
    );
    expect(after.finalOutput?.isBlockingDecision() ?? false).toBe(false);
  });
});
