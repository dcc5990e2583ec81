/** `trailseal report --controls` through the built CLI. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../helpers/cli.js";
import { initialisedHome } from "../helpers/init-home.js";

let home: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  ({ dir: home, cleanup } = await tempDir("trailseal-controls-"));
  await initialisedHome(home);
  const input = JSON.stringify({
    hook_event_name: "PreToolUse",
    session_id: "s1",
    cwd: "/w",
    tool_name: "Bash",
    tool_input: { command: "sudo ls" },
  });
  expect((await runCli(["hook", "claude-code"], { input, env: { TRAILSEAL_HOME: home } })).code).toBe(0);
  expect((await runCli(["seal", "--home", home])).code).toBe(0);
});
afterEach(() => cleanup());

describe("report --controls", () => {
  it("maps the evidence to the framework's controls in JSON, Markdown and HTML", async () => {
    const json = await runCli(["report", "--home", home, "--controls", "owasp-aisvs", "--json"]);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report.controls.framework).toBe("owasp-aisvs");
    expect(report.policy).toMatchObject({ decisions: 1, decisions_with_version: 1, denied_total: 1 });
    expect(report.policy.denied[0].rule).toBe("rules.commands.deny");
    const md = await runCli(["report", "--home", home, "--controls", "eu-ai-act"]);
    expect(md.stdout).toContain("## Controls: EU AI Act");
    expect(md.stdout).toContain("Art. 26(6)");
    const html = await runCli(["report", "--home", home, "--controls", "iso-42001", "--format", "html"]);
    expect(html.stdout).toContain("A.6.2.8");
  });

  it("refuses a framework it has no mapping for, with a coded error", async () => {
    const result = await runCli(["report", "--home", home, "--controls", "pci-dss"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("REPORT_FRAMEWORK_UNKNOWN");
    expect(result.stdout).toBe("");
  });
});
