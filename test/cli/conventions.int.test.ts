/**
 * Terminal and scripting conventions, through the built CLI: `seal --json` names the seal; a
 * `record` of many actions prints one summary line (each event with --verbose); `witness serve`
 * on a busy port says so with its own code and a hint; a git log whose key is not in the home is
 * a configuration error (exit 2), not "try again later" (exit 3).
 */

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, runCli, tempDir } from "../helpers/cli.js";

let root: string;
let home: string;
let cleanup: () => Promise<void>;
const env = () => ({ TRAILSEAL_HOME: home });

beforeAll(async () => {
  ({ dir: root, cleanup } = await tempDir("trailseal-conventions-"));
  home = join(root, "home");
  expect((await runCli(["init"], { env: env() })).code).toBe(0);
});
afterAll(() => cleanup());

describe("record and seal", () => {
  it("a record of many actions prints one summary line; --verbose adds a line per event", async () => {
    const lines = ["ls", "pwd", "sudo rm -rf /"].map((command) =>
      JSON.stringify({ kind: "command", command }),
    );
    const quiet = await runCli(["record"], { input: lines.join("\n"), env: env() });
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stdout.trim().split("\n")).toHaveLength(1);
    expect(quiet.stdout).toMatch(/^3 events recorded \(critical 1, none 2\); tip sha256:/);
    const verbose = await runCli(["record", "--verbose"], { input: lines.join("\n"), env: env() });
    expect(verbose.stdout.trim().split("\n")).toHaveLength(4);
  });

  it("seal --json includes the seal id", async () => {
    const sealed = await runCli(["seal", "--json"], { env: env() });
    expect(sealed.code, sealed.stderr).toBe(0);
    expect(JSON.parse(sealed.stdout).seal_id).toMatch(/^seal-\d+$/);
  });
});

describe("configuration problems are exit 2 with a code", () => {
  it("witness serve on a busy port names it, with WITNESS_PORT_IN_USE and a hint", async () => {
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    const port = (busy.address() as { port: number }).port;
    try {
      const run = await runCli([
        "witness",
        "serve",
        "--port",
        String(port),
        "--store",
        join(root, "anchors"),
      ]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`cannot listen on 127.0.0.1:${port}: the port is already in use`);
      expect(run.stderr).toContain("(WITNESS_PORT_IN_USE)");
      expect(run.stderr).toContain("trailseal: hint: choose another --port");
    } finally {
      busy.close();
    }
  });

  it("publishing to a git log whose key is not in the home is exit 2 (GITLOG_KEY_NOT_FOUND), not 3", async () => {
    const operator = join(root, "operator");
    const log = join(root, "log.git");
    const made = await runCli([
      "--home",
      operator,
      "witness",
      "init",
      "--bare",
      "--origin",
      "test.local/log",
      log,
    ]);
    expect(made.code, made.stderr).toBe(0);
    const published = await runCli(["witness", "publish", "--witness-url", log, "--quorum", "1"], {
      env: env(),
    });
    expect(published.code, published.stdout + published.stderr).toBe(2);
    expect(published.stderr).toContain("(GITLOG_KEY_NOT_FOUND)");
    expect(published.stderr).toContain("log-keys");
  });
});

describe("errors", () => {
  it("an error quoting what the user gave shows its control characters escaped", async () => {
    const result = await runCli(["witness", "verify", "--seal", "x\u001b[2K\rforged"], { env: env() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("SEAL_NOT_FOUND");
    expect(result.stderr).toContain("x\\e[2K\\rforged");
    expect(result.stderr).not.toMatch(/[\u001b\r]/);
  });

  it("a usage error quoting an argument or option shows its control characters escaped", async () => {
    for (const args of [
      ["log", "--min-risk", "x\u001b[2K"],
      ["bogus\u001b[2K"],
      ["log", "--bogus\u001b[2K"],
    ]) {
      const result = await runCli(args, { env: env() });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^trailseal: error: /);
      expect(result.stderr).toContain("\\e[2K");
      expect(result.stderr).not.toContain("\u001b");
    }
  });
});

describe("colour and --quiet", () => {
  const critical = JSON.stringify({ kind: "command", command: "sudo rm -rf /" });
  const ESC = "\u001b[";

  it("colours levels with FORCE_COLOR, never with NO_COLOR, and not when piped", async () => {
    const forced = await runCli(["record"], { input: critical, env: { ...env(), FORCE_COLOR: "1" } });
    expect(forced.stdout).toContain(`${ESC}1;31mcritical${ESC}0m`);
    const both = await runCli(["record"], {
      input: critical,
      env: { ...env(), FORCE_COLOR: "1", NO_COLOR: "1" },
    });
    expect(both.stdout).not.toContain(ESC);
    const piped = await runCli(["record"], { input: critical, env: { ...env(), FORCE_COLOR: undefined } });
    expect(piped.stdout).not.toContain(ESC);
    const verdicts = await runCli(["policy", "test", "cat .env"], { env: { ...env(), FORCE_COLOR: "1" } });
    expect(verdicts.stdout).toContain(`${ESC}33mask${ESC}0m`);
  });

  it("a recorded command's own escapes stay escaped when colouring", async () => {
    const forged = JSON.stringify({ kind: "command", command: "ls \u001b[2K" });
    const run = await runCli(["record"], { input: forged, env: { ...env(), FORCE_COLOR: "1" } });
    expect(run.stdout).toContain("\\e[2K");
    expect(run.stdout).not.toContain(`${ESC}2K`);
  });

  it("--quiet prints nothing but --json output; errors still say what went wrong", async () => {
    const quiet = await runCli(["--quiet", "seal"], { env: env() });
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stdout).toBe("");
    const json = await runCli(["seal", "--quiet", "--json"], { env: env() });
    expect(JSON.parse(json.stdout).seal_id).toMatch(/^seal-/);
    const failed = await runCli(["--quiet", "policy", "check", "--policy", join(root, "missing.yaml")], {
      env: env(),
    });
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain("(POLICY_NOT_FOUND)");
  });
});

/** Runs the built CLI under script(1), which gives it a terminal; stdout is what the terminal showed. */
function onTerminal(args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
  const line = [process.execPath, CLI, ...args].map((word) => JSON.stringify(word)).join(" ");
  return spawnSync("/usr/bin/script", ["-qec", line, "/dev/null"], {
    encoding: "utf8",
    env: { ...process.env, ...env(), ...extraEnv },
  });
}
const hasScript = existsSync("/usr/bin/script");

describe("colour in log, summary and stats", () => {
  const ESC = "\u001b[";
  const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");
  let agentHome: string;
  const call = (tool: string, input: object, event = "PreToolUse", extra: object = {}) =>
    JSON.stringify({
      hook_event_name: event,
      session_id: "s1",
      cwd: root,
      tool_name: tool,
      tool_input: input,
      ...extra,
    });

  beforeAll(async () => {
    agentHome = join(root, "agent-home");
    expect((await runCli(["--home", agentHome, "init"])).code).toBe(0);
    // A denied call, a call that ran, and an asked call whose outcome never came (unknown).
    const calls = [
      call("Bash", { command: "sudo rm -rf /" }),
      call("Bash", { command: "ls" }),
      call("Bash", { command: "ls" }, "PostToolUse", { tool_response: { stdout: "" } }),
      call("Read", { file_path: join(root, ".env") }),
    ];
    for (const input of calls)
      expect((await runCli(["--home", agentHome, "hook", "claude-code"], { input })).code).toBe(0);
  });

  for (const command of [["log"], ["summary"], ["stats", "--risk"]]) {
    it(`${command.join(" ")}: levels, decisions and outcomes coloured with FORCE_COLOR, aligned as without`, async () => {
      const args = ["--home", agentHome, ...command];
      const piped = await runCli(args, { env: { FORCE_COLOR: undefined, NO_COLOR: undefined } });
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stdout).not.toContain(ESC);
      const forced = await runCli(args, { env: { FORCE_COLOR: "1" } });
      expect(forced.stdout).toContain(`${ESC}1;31mcritical${ESC}0m`);
      expect(forced.stdout).toContain(`${ESC}31mhigh${ESC}0m`);
      expect(forced.stdout).toContain(`${ESC}1;31mdeny${ESC}0m`);
      expect(forced.stdout).toContain(`${ESC}33mask${ESC}0m`);
      expect(forced.stdout).toContain(`${ESC}1;31mdenied${ESC}0m`);
      expect(forced.stdout).toContain(`${ESC}1;33munknown${ESC}0m`);
      // The colour codes are the only difference: columns stay where they were.
      expect(plain(forced.stdout)).toBe(piped.stdout);
      const refused = await runCli(args, { env: { FORCE_COLOR: "1", NO_COLOR: "1" } });
      expect(refused.stdout).toBe(piped.stdout);
    });
  }

  it.runIf(hasScript)("on a real terminal colour is on by default, off with NO_COLOR", () => {
    const tty = onTerminal(["--home", agentHome, "log"], { FORCE_COLOR: undefined, NO_COLOR: undefined });
    expect(tty.status, tty.stdout).toBe(0);
    expect(tty.stdout).toContain(`${ESC}1;31mdenied${ESC}0m`);
    const off = onTerminal(["--home", agentHome, "log"], { FORCE_COLOR: undefined, NO_COLOR: "1" });
    expect(off.status, off.stdout).toBe(0);
    expect(off.stdout).toContain("denied");
    expect(plain(off.stdout)).toBe(off.stdout);
  });
});

describe("progress", () => {
  it.runIf(hasScript)(
    "verify and report show progress on a terminal only, erased; not with --quiet",
    async () => {
      const piped = await runCli(["verify"], { env: env() });
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stderr).not.toContain("trailseal: verify:");
      const verify = onTerminal(["verify"]);
      expect(verify.status, verify.stdout).toBe(0);
      expect(verify.stdout).toMatch(/\r\u001b\[2Ktrailseal: verify: reading the trail\r\u001b\[2K/);
      expect(verify.stdout).toContain("trail ok:");
      const quiet = onTerminal(["--quiet", "verify"]);
      expect(quiet.status, quiet.stdout).toBe(0);
      expect(quiet.stdout).not.toContain("trailseal: verify:");
      const out = join(root, "report.md");
      const report = onTerminal(["report", "--output", out]);
      expect(report.status, report.stdout).toBe(0);
      expect(report.stdout).toMatch(/\r\u001b\[2Ktrailseal: report: reading the trail\r\u001b\[2K/);
      const pipedReport = await runCli(["report", "--output", out], { env: env() });
      expect(pipedReport.stderr).not.toContain("trailseal: report:");
    },
  );

  it.runIf(hasScript)("witness audit shows its clone and its commits on a terminal, erased", async () => {
    const log = join(root, "audited.git");
    const made = await runCli(["--home", join(root, "log-operator"), "witness", "init", "--bare", log]);
    expect(made.code, made.stderr).toBe(0);
    const url = `file://${log}`;
    const audit = onTerminal(["witness", "audit", url]);
    expect(audit.status, audit.stdout).toBe(0);
    expect(audit.stdout).toContain(`\r\u001b[2Ktrailseal: witness audit ${url}: cloning`);
    expect(audit.stdout).toMatch(/\r\u001b\[2K(\r\u001b\[2K)?ok: /);
    const piped = await runCli(["witness", "audit", url], { env: env() });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).toBe("");
  });

  it("export shows progress on stderr only on a terminal (script(1) gives it one), erased at the end", async () => {
    const out = join(root, "progress.jsonl");
    const piped = await runCli(["export", "--format", "jsonl", "--output", out], { env: env() });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).not.toContain("trailseal: export:");
    if (!existsSync("/usr/bin/script")) return;
    const tty = spawnSync(
      "/usr/bin/script",
      [
        "-qec",
        `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} export --format jsonl --output ${JSON.stringify(out)}`,
        "/dev/null",
      ],
      { encoding: "utf8", env: { ...process.env, ...env() } },
    );
    expect(tty.status, tty.stdout).toBe(0);
    expect(tty.stdout).toMatch(/\r\u001b\[2Ktrailseal: export: \d+ records/);
    expect(tty.stdout).toMatch(/\r\u001b\[2Kexported /);
  });
});
