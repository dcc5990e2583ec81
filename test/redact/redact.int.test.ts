/**
 * Redaction end to end with the built CLI: secrets sent through the hook and `record` are in no
 * file of the home and in no output, the risk is what the unredacted action classifies as, the
 * trail verifies, `redact check` confirms the value, and an independent Python implementation of
 * the documented recipe agrees.
 */
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGENTS, type AgentName } from "../../src/hooks/index.js";
import { startReceiver } from "../export/otlp-receiver.js";
import { CLI, runCli, tempDir } from "../helpers/cli.js";
import { filesHolding } from "../helpers/tree.js";
import { PEM, PEM_BODY, SECRETS, verifyRedactionInPython } from "./secrets.js";

let home: string;
let cleanup: () => Promise<void>;
const outputs: string[] = [];

async function cli(args: string[], input?: string, expected = 0) {
  const result = await runCli(args, { input, env: { TRAILSEAL_HOME: home } });
  outputs.push(result.stdout, result.stderr);
  expect(result.code, result.stderr).toBe(expected);
  return result;
}

const bashCommand = `curl -H "Authorization: Bearer ${SECRETS.bearer}" https://deploy:${SECRETS.urlPassword}@example.com/x -d token=${SECRETS.github}`;
const actions = [
  { kind: "command", command: `export GITHUB_TOKEN=${SECRETS.envToken} && rm -rf build` },
  { kind: "command", command: `aws s3 ls --profile x # ${SECRETS.aws} ${SECRETS.stripe}` },
  { kind: "mcp", server: "db", tool: "connect", arguments: { user: "app", password: SECRETS.jsonPassword } },
  { kind: "network", method: "GET", url: `https://api.example.com/v1?key=${SECRETS.google}` },
  { kind: "command", command: `printf '%s' '${PEM}' > ~/.ssh/id_rsa` },
];
// Shapes that used to leak (test/redact/families.test.ts has the table): each through the hook.
const FAMILY = {
  redis: "Quiet-Lamp-Redis",
  mysql: 'Otter"Moss-Mysql',
  htpasswd: "Brass-Fern-Htpasswd",
  netrc: "Slate-Hollow-Netrc",
  mcp: "Amber-Dune-Mcp",
  sas: "k7GhWq%2BXyZabcdEFGH%2Fijkl%3D",
};
const familyCommands = [
  `sudo redis-cli -a ${FAMILY.redis} flushall`,
  `sudo mysql -uroot -p'${FAMILY.mysql}' -e 'DROP DATABASE app'`,
  `sudo htpasswd -b /etc/nginx/.htpasswd admin ${FAMILY.htpasswd} && rm -rf /`,
  `curl -o /tmp/x "https://a.blob.core.windows.net/c/b?sv=2022-11-02&sig=${FAMILY.sas}" && sudo rm -rf /`,
];
/** A shell command in each agent's own payload format. */
function commandPayload(agent: AgentName, command: string): object {
  const claude = (tool: string, event: string) => ({
    hook_event_name: event,
    session_id: "s",
    cwd: "/w",
    tool_name: tool,
    tool_input: { command },
  });
  switch (agent) {
    case "claude-code":
    case "codex":
      return claude("Bash", "PreToolUse");
    case "gemini":
      return claude("run_shell_command", "BeforeTool");
    case "kiro":
      return { hook_event_name: "preToolUse", cwd: "/w", tool_name: "execute_bash", tool_input: { command } };
    case "cursor":
      return {
        hook_event_name: "beforeShellExecution",
        conversation_id: "c",
        workspace_roots: ["/w"],
        command,
        cwd: "/w",
      };
    case "copilot":
      return { timestamp: 1, cwd: "/w", toolName: "bash", toolArgs: JSON.stringify({ command }) };
    case "windsurf":
      return {
        agent_action_name: "pre_run_command",
        trajectory_id: "t",
        tool_info: { command_line: command, cwd: "/w" },
      };
    case "cline":
      return {
        hookName: "PreToolUse",
        taskId: "t",
        preToolUse: { toolName: "execute_command", parameters: { command } },
      };
    case "opencode":
      return {
        hook_event_name: "tool.execute.before",
        tool: "bash",
        sessionID: "s",
        callID: "c",
        args: { command },
      };
  }
}
const allSecrets = [
  ...Object.values(SECRETS).filter((s) => s !== SECRETS.cookie),
  PEM_BODY,
  ...Object.values(FAMILY),
  // and as JSON spells the one with a quote
  JSON.stringify(FAMILY.mysql).slice(1, -1),
];

beforeAll(async () => {
  ({ dir: home, cleanup } = await tempDir("trailseal-redact-"));
  await cli(["init"]);
  const pre = JSON.stringify({
    hook_event_name: "PreToolUse",
    session_id: "s1",
    cwd: "/w",
    tool_name: "Bash",
    tool_input: { command: bashCommand },
  });
  await cli(["hook", "claude-code"], pre);
  const post = JSON.stringify({
    hook_event_name: "PostToolUse",
    session_id: "s1",
    cwd: "/w",
    tool_name: "Bash",
    tool_input: { command: bashCommand },
    tool_response: { stdout: `OPENAI_API_KEY=${SECRETS.openai}\n${SECRETS.slack}` },
  });
  await cli(["hook", "claude-code"], post);
  await cli(["record", "--json"], actions.map((a) => JSON.stringify(a)).join("\n"));
  // Answers that quote the command: the reason shown to the agent carries no secret either.
  const deny = JSON.stringify({
    hook_event_name: "PreToolUse",
    session_id: "s1",
    cwd: "/w",
    tool_name: "Bash",
    tool_input: { command: `rm -rf / --password=${SECRETS.jsonPassword} --token ${SECRETS.anthropic}` },
  });
  const denied = await cli(["hook", "claude-code"], deny);
  expect(JSON.parse(denied.stdout).hookSpecificOutput.permissionDecisionReason).toMatch(/\[redacted:/);
  const windsurf = JSON.stringify({
    agent_action_name: "pre_run_command",
    trajectory_id: "t1",
    tool_info: { command_line: `rm -rf / && curl -u me:${SECRETS.urlPassword} x`, cwd: "/w" },
  });
  await cli(["hook", "windsurf"], windsurf, 2);
  // A long string is digested after redaction: its markers stay beside the digest.
  const write = JSON.stringify({
    hook_event_name: "PreToolUse",
    session_id: "s1",
    cwd: "/w",
    tool_name: "Write",
    tool_input: { file_path: "/w/notes.md", content: `${"x".repeat(4000)}\nAPI_TOKEN=${SECRETS.gitlab}\n` },
  });
  await cli(["hook", "claude-code"], write);
  // Every agent, every shape: the answer (stdout, stderr, exit status as the agent reads it)
  // must not repeat the secret, and the trail must not hold it.
  for (const agent of AGENTS) {
    for (const command of familyCommands) {
      const result = await runCli(["hook", agent], {
        input: JSON.stringify(commandPayload(agent, command)),
        env: { TRAILSEAL_HOME: home },
      });
      outputs.push(result.stdout, result.stderr);
      expect(`${result.stdout}${result.stderr}`, `${agent}: ${command}`).toMatch(
        /denied|confirm|\[redacted:/,
      );
    }
  }
  const files = [
    { file_path: "/w/.netrc", content: `machine api.example.com\n  login me\n  password ${FAMILY.netrc}\n` },
  ];
  for (const input of files) {
    await cli(
      ["hook", "claude-code"],
      JSON.stringify({ ...commandPayload("claude-code", ""), tool_name: "Write", tool_input: input }),
    );
  }
  await cli(
    ["record", "--json"],
    JSON.stringify({
      kind: "mcp",
      server: "ops",
      tool: "run",
      arguments: { args: ["--password", FAMILY.mcp] },
    }),
  );
  await cli(["seal"]);
}, 60_000);
afterAll(() => cleanup());

describe("redaction before hashing", () => {
  it("leaves no secret in any file under the home or in any output", async () => {
    await cli(["verify"]);
    await cli(["log"]);
    await cli(["log", "--json"]);
    await cli(["log", "--events", "--json"]);
    await cli(["summary"]);
    await cli(["report", "--format", "html"]);
    await cli(["report", "--json"]);
    await cli(["report", "--format", "md"]);
    await cli(["stats"]);
    await cli(["export", "--format", "jsonl", "--output", "-"]);
    await cli(["export", "--format", "jsonl", "--output", join(home, "copy.jsonl")]);
    await cli(["verify", "--export", join(home, "copy.jsonl")]);
    // OTLP, as a collector receives it (JSON encoding, so the bytes are searchable)
    const receiver = await startReceiver();
    try {
      await cli(["export", "--otlp-endpoint", receiver.url, "--otlp-protocol", "http/json"]);
      expect(receiver.records.length).toBeGreaterThan(0);
      outputs.push(JSON.stringify(receiver.records));
    } finally {
      await receiver.close();
    }
    // the dashboard's API, served by the real process
    const dashboard = spawn(process.execPath, [CLI, "dashboard", "--port", "0", "--json"], {
      env: { ...process.env, TRAILSEAL_HOME: home },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      let printed = "";
      while (!/\}\s*$/.test(printed)) printed += ((await once(dashboard.stdout, "data")) as [Buffer])[0];
      const { url } = JSON.parse(printed);
      outputs.push(await (await fetch(new URL("/api/summary?period=all", url))).text());
    } finally {
      dashboard.kill("SIGTERM");
      await once(dashboard, "close");
    }
    for (const secret of allSecrets) expect(await filesHolding(home, secret), secret).toEqual([]);
    // and the same with grep, as an auditor would look: exit 1 means no file matched
    for (const secret of allSecrets) {
      const grep = await promisify(execFile)("grep", ["-rlF", "--", secret, home]).catch((error) => error);
      expect(grep.code, `${secret}: ${grep.stdout}`).toBe(1);
    }
    for (const output of outputs) for (const secret of allSecrets) expect(output).not.toContain(secret);
    const trail = await readFile(join(home, "trail", "events-000000.jsonl"), "utf8");
    expect(trail.match(/\[redacted:[a-z0-9-]+:[0-9a-f]{16}\]/g)?.length).toBeGreaterThanOrEqual(
      allSecrets.length,
    );
  });

  it("keeps the classification of the unredacted action", async () => {
    const { stdout } = await cli(["log", "--events", "--json"]);
    const recorded = JSON.parse(stdout).filter((event: { phase: string }) => event.phase === "record");
    for (const [index, action] of actions.entries()) {
      const classified = JSON.parse((await cli(["classify", "--json"], JSON.stringify(action))).stdout);
      expect(recorded[index].risk).toEqual({ level: classified.level, flags: classified.flags });
    }
  });

  it("confirms a suspected value with redact check, without printing it", async () => {
    const { stdout } = await cli(["redact", "check", "-", "--seq", "2", "--json"], SECRETS.envToken);
    expect(JSON.parse(stdout)).toMatchObject({ seq: 2, matched: true });
    await cli(["redact", "check", "-", "--seq", "2"], "not-the-token", 1);
    // seq 9: the Write whose content was digested; the marker beside the digest confirms it
    const { stdout: long } = await cli(["redact", "check", "-", "--seq", "9", "--json"], SECRETS.gitlab);
    expect(JSON.parse(long)).toMatchObject({ seq: 9, matched: true });
    const missing = await cli(["redact", "check", "x", "--seq", "999"], undefined, 2);
    expect(missing.stderr).toContain("REDACT_EVENT_NOT_FOUND");
  });

  it("re-verifies with the documented recipe in Python", async () => {
    // The secret goes to the script in a file outside the home (the home must stay clean).
    const outside = await tempDir("trailseal-redact-py-");
    const secretFile = join(outside.dir, "secret.txt");
    await writeFile(secretFile, SECRETS.github);
    try {
      expect(await verifyRedactionInPython(home, secretFile)).toMatch(/^ok [1-9][0-9]* [1-9]/);
    } finally {
      await outside.cleanup();
    }
  });
});
