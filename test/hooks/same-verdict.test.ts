/**
 * One verdict in every agent: `rm -rf /` is blocked, a `.env` read is blocked or put to the user,
 * a harmless read passes without trailseal approving it, and every outcome lands in the trail
 * with the agent's name — each in the agent's own payload and answer format.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGENTS, type AgentName, type HookResult, runHook } from "../../src/hooks/index.js";
import { tempDir } from "../helpers/cli.js";

let home: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: home, cleanup } = await tempDir("trailseal-same-verdict-"));
});
afterAll(() => cleanup());

const CWD = "/home/dev/project";
type Kind = "command" | "read" | "post";
type Build = (kind: Kind, value: string) => object;

const claudeStyle =
  (command: string, read: string, readKey: string, pre: string, post: string, extra: object = {}): Build =>
  (kind, value) => ({
    hook_event_name: kind === "post" ? post : pre,
    session_id: "s",
    cwd: CWD,
    tool_name: kind === "read" ? read : command,
    tool_input: kind === "read" ? { [readKey]: value } : { command: value },
    ...(kind === "post" ? { tool_response: { stdout: "" } } : {}),
    ...extra,
  });

const BUILD: Record<AgentName, Build> = {
  "claude-code": claudeStyle("Bash", "Read", "file_path", "PreToolUse", "PostToolUse"),
  codex: claudeStyle("Bash", "Read", "file_path", "PreToolUse", "PostToolUse"),
  gemini: claudeStyle("run_shell_command", "read_file", "file_path", "BeforeTool", "AfterTool"),
  kiro: (kind, value) => ({
    hook_event_name: kind === "post" ? "postToolUse" : "preToolUse",
    cwd: CWD,
    tool_name: kind === "read" ? "fs_read" : "execute_bash",
    tool_input: kind === "read" ? { operations: [{ mode: "Line", path: value }] } : { command: value },
    ...(kind === "post" ? { tool_response: { success: true } } : {}),
  }),
  cursor: (kind, value) => ({
    conversation_id: "c",
    workspace_roots: [CWD],
    ...(kind === "command"
      ? { hook_event_name: "beforeShellExecution", command: value, cwd: CWD }
      : kind === "read"
        ? { hook_event_name: "beforeReadFile", file_path: value, content: "" }
        : { hook_event_name: "afterShellExecution", command: value, output: "", duration: 1 }),
  }),
  copilot: (kind, value) => ({
    timestamp: 1,
    cwd: CWD,
    toolName: kind === "read" ? "view" : "bash",
    toolArgs: JSON.stringify(kind === "read" ? { path: value } : { command: value }),
    ...(kind === "post" ? { toolResult: { resultType: "success", textResultForLlm: "" } } : {}),
  }),
  windsurf: (kind, value) => ({
    agent_action_name:
      kind === "post" ? "post_run_command" : kind === "read" ? "pre_read_code" : "pre_run_command",
    trajectory_id: "t",
    tool_info: kind === "read" ? { file_path: value } : { command_line: value, cwd: CWD },
  }),
  cline: (kind, value) => {
    const body = {
      toolName: kind === "read" ? "read_file" : "execute_command",
      parameters: kind === "read" ? { path: value } : { command: value },
    };
    return kind === "post"
      ? { hookName: "PostToolUse", taskId: "t", postToolUse: { ...body, result: "", success: true } }
      : { hookName: "PreToolUse", taskId: "t", preToolUse: body };
  },
  opencode: (kind, value) => ({
    hook_event_name: kind === "post" ? "tool.execute.after" : "tool.execute.before",
    tool: kind === "read" ? "read" : "bash",
    sessionID: "s",
    callID: "c",
    args: kind === "read" ? { filePath: value } : { command: value },
  }),
};

/** What the agent does with the answer: block, ask the user, or go on by its own rules. */
function outcome(agent: AgentName, result: HookResult): "block" | "ask" | "own-rules" {
  if (result.exitCode === 2) return "block";
  const answer = result.stdout.trim() === "" ? {} : JSON.parse(result.stdout);
  const decision =
    answer.hookSpecificOutput?.permissionDecision ??
    answer.permission ??
    answer.permissionDecision ??
    answer.decision ??
    (answer.cancel === true ? "deny" : undefined);
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
