/**
 * Echoes: no answer, reason or error message repeats a secret the event redacts. Each of the
 * nine agents' hooks runs as a real process of the built CLI — Cursor, Windsurf and Kiro through
 * the command their installed settings file holds, run with /bin/sh and the payload on stdin, as
 * they document — with a command carrying secrets of eight shapes, for a deny, an ask (its deny
 * where the agent cannot ask), an explicit allow (where the agent takes one), an outcome, and a
 * call and an outcome that could not be parsed. Then every view of the trail: log, summary, stats, report,
 * export, the OTLP body a local receiver got, the dashboard's API and stream, `policy test` and
 * `classify` (whose reasons quote the command, as the hook's do), and the errors of refused
 * input. The answers, the outputs and every file under the home hold markers, never the bytes,
 * and the trail re-verifies with the recipe of docs/trail-format.md in Python.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGENT_SPECS, AGENTS, type AgentName } from "../../src/agents/index.js";
import { startReceiver } from "../export/otlp-receiver.js";
import { CLI, type CliResult, runCli } from "../helpers/cli.js";
import { filesHolding } from "../helpers/tree.js";
import { type AgentProject, createAgentProject, installTrailsealHook } from "../hooks/agents/harness.js";
import { SECRETS, verifyRedactionInPython } from "./secrets.js";

// Secrets of the shapes people type; none looks like a token except the vendor one.
const P = {
  vendor: SECRETS.github,
  quoted: 'Otter"Moss-Mysql-41',
  userColon: "Heron-Curl-User-58",
  urlAt: "Lynx@Url-Pass-63",
  env: "Tern-Env-Deploy-72",
  htpasswd: "Fern-Htpasswd-Brass-85",
  openssl: "Slate-Openssl-Pass-94",
  locale: "Dune-Locale-Pass-17",
  printed: "Amber-Printed-Token-26",
};
/** Each secret as a command, a JSON text and a URL spell it. */
const SPELLINGS = Object.values(P).flatMap((s) => [
  ...new Set([s, JSON.stringify(s).slice(1, -1), encodeURIComponent(s)]),
]);

/** Simple commands, each matched by an allow glob of the allowing policy below. */
const PIECES = [
  `mysql -uroot -p'${P.quoted}' -e 'select 1'`,
  `curl -uadmin:${P.userColon} https://example.com/x`,
  `git clone https://deploy:${P.urlAt}@git.example.com/app.git`,
  `DEPLOY_TOKEN=${P.env} ./deploy.sh`,
  `htpasswd -b .htpasswd admin ${P.htpasswd}`,
  `openssl rsa -passin pass:${P.openssl} -in k.pem`,
  `PASSWORD=$"${P.locale}" ./seed.sh`,
  `echo ${P.vendor} >/dev/null`,
];
const RUN = PIECES.join(" && ");
/** A deny rule quotes the first simple command it matched: each agent's deny starts elsewhere. */
const deny = (index: number) =>
  [...PIECES.slice(index % PIECES.length), ...PIECES.slice(0, index % PIECES.length)]
    .map((piece) => `sudo ${piece}`)
    .join(" && ");
const POLICY = `max_risk: high
ask: medium
rules:
  commands:
    deny: ["sudo *"]
`;
/** An allow glob is also an exception to every deny glob: the allows are asked under their own policy. */
const ALLOWING = `${POLICY}    allow: ["mysql *", "curl *", "git clone *", "*deploy.sh", "htpasswd *", "openssl *", "*seed.sh", "echo *"]
`;

/** The outcome event of a command that ran and printed secrets, in each agent's format. */
function postPayload(agent: AgentName, command: string, output: string): object {
  const claude = (tool: string, event: string, response: unknown) => ({
    hook_event_name: event,
    session_id: "s",
    cwd: "/w",
    tool_name: tool,
    tool_input: { command },
    tool_response: response,
  });
  switch (agent) {
    case "claude-code":
    case "codex":
      return claude("Bash", "PostToolUse", { stdout: output, stderr: "", interrupted: false });
    case "gemini":
      return claude("run_shell_command", "AfterTool", { llmContent: output, returnDisplay: output });
    case "kiro":
      return { ...claude("execute_bash", "postToolUse", { success: true, result: [output] }) };
    case "cursor":
      return { hook_event_name: "afterShellExecution", conversation_id: "c", command, output, duration: 5 };
    case "copilot":
      return {
        timestamp: 1,
        cwd: "/w",
        toolName: "bash",
        toolArgs: JSON.stringify({ command }),
        toolResult: { resultType: "success", textResultForLlm: output },
      };
    case "windsurf":
      return {
        agent_action_name: "post_run_command",
        trajectory_id: "t",
        tool_info: { command_line: command, cwd: "/w", response: output },
      };
    case "cline":
      return {
        hookName: "PostToolUse",
        taskId: "t",
        postToolUse: { toolName: "execute_command", parameters: { command }, result: output, success: true },
      };
    case "opencode":
      return {
        hook_event_name: "tool.execute.after",
        tool: "bash",
        sessionID: "s",
        callID: "c",
        args: { command },
        output: { title: command, output, metadata: {} },
      };
  }
}

/** Agents whose hook is run through the command their installed settings file holds. */
const INSTALLED: Partial<Record<AgentName, { file: string[]; pre: string; post: string }>> = {
  cursor: { file: [".cursor", "hooks.json"], pre: "beforeShellExecution", post: "afterShellExecution" },
  windsurf: { file: [".windsurf", "hooks.json"], pre: "pre_run_command", post: "post_run_command" },
  kiro: { file: [".kiro", "agents", "trailseal.json"], pre: "preToolUse", post: "postToolUse" },
};

let project: AgentProject;
let home: string;
/** Everything an agent or a user was shown: answers (stdout, stderr), CLI outputs, API bodies. */
const shown: { label: string; text: string }[] = [];
const answers: Record<string, CliResult> = {};

function sh(command: string, input: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", command], {
      cwd: project.work,
      env: { PATH: `${project.shim}:/usr/local/bin:/usr/bin:/bin`, HOME: project.root },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** One hook call as the agent makes it; its answer is kept under `label`. */
async function hook(agent: AgentName, phase: "pre" | "post", payload: string, label: string) {
  const installed = INSTALLED[agent];
  let result: CliResult;
  if (installed) {
    const settings = JSON.parse(await readFile(join(project.work, ...installed.file), "utf8"));
    const [entry] = settings.hooks[phase === "pre" ? installed.pre : installed.post];
    result = await sh(entry.command, payload);
  } else {
    result = await runCli(["hook", agent, "--home", home], { input: payload });
  }
  answers[`${agent} ${label}`] = result;
  shown.push({ label: `${agent} ${label}`, text: result.stdout + result.stderr });
  return result;
}

async function cli(args: string[], input?: string) {
  const result = await runCli([...args, "--home", home], { input });
  shown.push({ label: args.join(" "), text: result.stdout + result.stderr });
  expect(result.code, `${args.join(" ")}: ${result.stderr}`).toBe(0);
  return result;
}

/** The dashboard's summary, and the event its stream sends when `append` records one. */
async function dashboard(append: () => Promise<unknown>): Promise<string[]> {
  const child = spawn(process.execPath, [CLI, "dashboard", "--port", "0", "--json", "--home", home], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    let printed = "";
    while (!/\}\s*$/.test(printed)) printed += ((await once(child.stdout, "data")) as [Buffer])[0];
    const { url } = JSON.parse(printed);
    const summary = await (await fetch(new URL("/api/summary?period=all", url))).text();
    const stream = await fetch(new URL("/api/stream", url));
    const reader = stream.body!.getReader();
    await reader.read(); // connected
    await append();
    let events = "";
    while (!events.includes("event: trail-event"))
      events += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    return [summary, events];
  } finally {
    child.kill("SIGTERM");
    await once(child, "close");
  }
}

beforeAll(async () => {
  project = await createAgentProject("trailseal-echoes-");
  home = project.home;
  await writeFile(join(home, "policy.yaml"), POLICY);
  for (const agent of Object.keys(INSTALLED)) await installTrailsealHook(project, agent);
  for (const [index, agent] of AGENTS.entries()) {
    const spec = AGENT_SPECS[agent];
    const pre = (command: string) => JSON.stringify(spec.shell(command, project.work));
    await hook(agent, "pre", pre(deny(index)), "deny");
    await hook(agent, "pre", pre(`cat .env && ${RUN}`), "ask");
    const output = `token=${P.printed}\nDEPLOY_TOKEN=${P.env}\n`;
    const post = JSON.stringify(postPayload(agent, deny(index + 5), output));
    await hook(agent, "post", post, "post");
    await hook(agent, "post", post.slice(0, -2), "unparsed post");
    // Cut short (the agent was killed mid-write, a pipe closed): not JSON, denied, kept as evidence.
    await hook(agent, "pre", pre(deny(index + 3)).slice(0, -2), "unparsed");
  }
  await writeFile(join(home, "policy.yaml"), ALLOWING);
  for (const agent of AGENTS.filter((name) => AGENT_SPECS[name].canAllow))
    await hook(agent, "pre", JSON.stringify(AGENT_SPECS[agent].shell(RUN, project.work)), "allow");
  await writeFile(join(home, "policy.yaml"), POLICY);
}, 120_000);
afterAll(() => project?.cleanup());

describe("echoes: answers and outputs never repeat a secret the event redacts", () => {
  it("each agent's answers: a deny that blocks, an ask, an allow, an outcome, unparsable payloads", () => {
    for (const agent of AGENTS) {
      const spec = AGENT_SPECS[agent];
      for (const label of ["deny", "unparsed"]) {
        const { code, stdout } = answers[`${agent} ${label}`]!;
        expect(spec.blocks({ exit: code, stdout }), `${agent} ${label}: ${stdout}`).not.toBeNull();
      }
      // The deny's reason quotes the command: it shows markers in the secrets' place.
      const denied = answers[`${agent} deny`]!;
      expect(denied.stdout + denied.stderr, agent).toContain("[redacted:");
      expect(answers[`${agent} post`]!.code, agent).toBe(0);
      // An outcome that could not be recorded: said on stderr (never as a deny of the outcome).
      const failed = answers[`${agent} unparsed post`]!;
      expect(failed.stdout + failed.stderr, agent).toMatch(/could not be|denied because the hook failed/);
    }
    expect(answers["claude-code allow"]!.stdout).toContain('"permissionDecision":"allow"');
    expect(answers["cursor ask"]!.stdout).toContain('"permission":"ask"');
    for (const { label, text } of shown)
      for (const secret of SPELLINGS) expect(text, label).not.toContain(secret);
  });

  it("every view of the trail, the export, OTLP, the dashboard, policy test, classify and refusals hold markers only", async () => {
    await cli(["log"]);
    await cli(["log", "--events"]);
    await cli(["log", "--events", "--json"]);
    await cli(["summary"]);
    await cli(["stats"]);
    await cli(["report", "--format", "html"]);
    await cli(["report", "--json"]);
    const exported = join(project.root, "export.jsonl");
    await cli(["export", "--format", "jsonl", "--output", exported]);
    await cli(["verify", "--export", exported]);
    shown.push({ label: "export file", text: await readFile(exported, "utf8") });
    const receiver = await startReceiver();
    try {
      await cli(["export", "--otlp-endpoint", receiver.url, "--otlp-protocol", "http/json"]);
      expect(receiver.records.length).toBeGreaterThan(0);
      shown.push({ label: "OTLP", text: JSON.stringify(receiver.records) });
    } finally {
      await receiver.close();
    }
    const [summary = "", streamed = ""] = await dashboard(() =>
      hook("claude-code", "pre", JSON.stringify(AGENT_SPECS["claude-code"].shell(deny(5), "/w")), "streamed"),
    );
    expect(streamed).toContain("[redacted:");
    shown.push({ label: "dashboard summary", text: summary }, { label: "dashboard stream", text: streamed });
    // policy test records nothing, yet shows the command: with the markers the trail would hold.
    const tested = await cli(["policy", "test", deny(1), "--json"]);
    expect(JSON.parse(tested.stdout).command).toContain("[redacted:");
    await cli(["policy", "test", deny(2)]);
    // classify --batch with a policy answers with the same reasons, deny globs quoting the line.
    const policyFile = join(project.root, "deny.yaml");
    await writeFile(policyFile, POLICY);
    const batch = PIECES.map((_, index) => JSON.stringify({ kind: "command", command: deny(index) }));
    const classified = await cli(["classify", "--batch", "--policy", policyFile], `${batch.join("\n")}\n`);
    expect(classified.stdout.match(/\[redacted:/g)?.length).toBeGreaterThanOrEqual(PIECES.length);
    const payloads = PIECES.map((_, index) => JSON.stringify(AGENT_SPECS.copilot.shell(deny(index), "/w")));
    await cli(
      ["classify", "--batch", "--agent", "copilot", "--policy", policyFile],
      `${payloads.join("\n")}\n`,
    );
    await cli(["classify", "--json"], batch[0]);
    // A reason quoting the action itself (an address that cannot be read), alone and in a batch.
    const unreadable = JSON.stringify({ kind: "network", method: "GET", url: `${PIECES[0]} ${PIECES[1]}` });
    expect((await cli(["classify"], unreadable)).stdout).toContain("[redacted:");
    await cli(["classify", "--batch"], `${unreadable}\n`);
    // Failed calls: input that is not an action says so without quoting it.
    for (const input of [
      `{"kind":"command","command":${JSON.stringify(RUN)}`,
      JSON.stringify({ kind: "cmd", command: RUN }),
    ]) {
      for (const verb of ["record", "classify"]) {
        const failed = await runCli([verb, "--home", home], { input });
        expect(failed.code, `${verb}: ${failed.stderr}`).not.toBe(0);
        shown.push({ label: `${verb} refused`, text: failed.stdout + failed.stderr });
      }
    }
    for (const { label, text } of shown)
      for (const secret of SPELLINGS) expect(text, label).not.toContain(secret);
    for (const secret of SPELLINGS) expect(await filesHolding(home, secret), secret).toEqual([]);
  });

  it("the trail re-verifies with the documented recipe in Python, its markers committing to the secrets", async () => {
    // The secret goes to the script in a file outside the home (the home must stay clean).
    for (const secret of [P.quoted, P.htpasswd, P.locale]) {
      const secretFile = join(project.root, "secret.txt");
      await writeFile(secretFile, secret);
      expect(await verifyRedactionInPython(home, secretFile)).toMatch(/^ok [1-9][0-9]* [1-9]/);
    }
  });
});
