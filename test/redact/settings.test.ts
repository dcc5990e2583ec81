/** The policy's `redact` keys, read the way the recording paths read them. */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventBody } from "../../src/chain/index.js";
import { initHome } from "../../src/home/index.js";
import { runHook } from "../../src/hooks/index.js";
import { parsePolicy } from "../../src/policy/index.js";
import { redactBodies } from "../../src/redact/index.js";
import { readEvents, trailDir } from "../../src/trail/index.js";

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), "trailseal-redact-settings-"));
  await initHome(home);
});
afterEach(() => rm(home, { recursive: true, force: true }));

const body = (command: string): EventBody => ({
  risk: { level: "low", flags: [] },
  agent: "generic",
  session: null,
  cwd: null,
  phase: "record",
  action: { tool: "command", kind: "command", command },
  decision: "logged",
  reasons: [],
});
const command = (b: EventBody) => (b.action as unknown as { command: string }).command;

describe("redact policy keys", () => {
  it("redacts by default", async () => {
    const [out] = await redactBodies(home, [body("DB_PASSWORD=s3cr3t-value make")]);
    expect(command(out!)).toMatch(/^DB_PASSWORD=\[redacted:assignment:[0-9a-f]{16}\] make$/);
  });

  it("turns off with redact.enabled: false", async () => {
    await writeFile(join(home, "policy.yaml"), "redact:\n  enabled: false\n");
    const [out] = await redactBodies(home, [body("DB_PASSWORD=s3cr3t-value make")]);
    expect(command(out!)).toBe("DB_PASSWORD=s3cr3t-value make");
  });

  it("adds the policy's patterns", async () => {
    await writeFile(join(home, "policy.yaml"), "redact:\n  patterns: ['ACME-[0-9]{6}']\n");
    const [out] = await redactBodies(home, [body("deploy ACME-123456")]);
    expect(command(out!)).toMatch(/^deploy \[redacted:policy:[0-9a-f]{16}\]$/);
  });

  it("refuses an invalid pattern in the policy", async () => {
    await expect(parsePolicy("redact:\n  patterns: ['(']\n")).rejects.toMatchObject({
      code: "POLICY_INVALID",
    });
  });

  // A hook call reads policy.yaml once: redaction takes its settings from the policy the
  // verdict was judged by.
  const hookCall = async (cmd: string) => {
    const payload = { hook_event_name: "PreToolUse", session_id: "s", cwd: home, tool_name: "Bash" };
    await runHook("claude-code", JSON.stringify({ ...payload, tool_input: { command: cmd } }), { home });
    let last: EventBody | undefined;
    for await (const event of readEvents(trailDir(home))) last = event;
    return command(last!);
  };

  it("applies the policy's patterns and switch on a hook call", async () => {
    await writeFile(join(home, "policy.yaml"), "redact:\n  patterns: ['ACME-[0-9]{6}']\n");
    expect(await hookCall("deploy ACME-123456")).toMatch(/^deploy \[redacted:policy:[0-9a-f]{16}\]$/);
    await writeFile(join(home, "policy.yaml"), "redact:\n  enabled: false\n");
    expect(await hookCall("DB_PASSWORD=s3cr3t-value make")).toBe("DB_PASSWORD=s3cr3t-value make");
    await writeFile(join(home, "policy.yaml"), "max_risk: high\n");
    expect(await hookCall("DB_PASSWORD=s3cr3t-value make")).toMatch(/^DB_PASSWORD=\[redacted:assignment:/);
  });
});
