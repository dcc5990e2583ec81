import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../helpers/cli.js";

let home: string;
let cleanup: () => Promise<void>;
const env = () => ({ TRAILSEAL_HOME: home });

async function trailBytes(): Promise<string> {
  const dir = join(home, "trail");
  const files = (await readdir(dir)).filter((name) => name.endsWith(".jsonl")).sort();
  return (await Promise.all(files.map((name) => readFile(join(dir, name), "utf8")))).join("");
}

beforeAll(async () => {
  ({ dir: home, cleanup } = await tempDir());
  expect((await runCli(["init"], { env: env() })).code).toBe(0);
});
afterAll(() => cleanup());

describe("trailseal record", () => {
  it("records a Claude Code hook payload and prints the event", async () => {
    const payload = {
      session_id: "abc",
      hook_event_name: "PreToolUse",
      tool_name: "Read",
      tool_input: { file_path: "/p/src/a.ts" },
      cwd: "/p",
    };
    const result = await runCli(["record", "--json"], { input: JSON.stringify(payload), env: env() });
    expect(result.code, result.stderr).toBe(0);
    const event = JSON.parse(result.stdout);
    expect(event).toMatchObject({
      seq: 0,
      agent: "claude-code",
      session: "abc",
      action: { kind: "file", op: "read" },
    });
    expect(event.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("records JSONL as many events (bulk import)", async () => {
    const lines = ["ls", "pwd", "whoami"]
      .map((command) => JSON.stringify({ kind: "command", command }))
      .join("\n");
    const result = await runCli(["record"], { input: lines, env: env() });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("3 events recorded");
    const verify = JSON.parse((await runCli(["verify", "--json"], { env: env() })).stdout);
    expect(verify).toMatchObject({ ok: true, event_count: 4 });
  });

  it.each([
    ["not JSON", "this is not json", "ACTION_INVALID_JSON"],
    ["the wrong shape", JSON.stringify({ kind: "command" }), "ACTION_INVALID"],
    ["an unknown kind", JSON.stringify({ kind: "teleport", to: "mars" }), "ACTION_INVALID"],
    [
      "a bad line in JSONL",
      `${JSON.stringify({ kind: "command", command: "ls" })}\n{oops`,
      "ACTION_INVALID_JSON",
    ],
    ["10 MB", JSON.stringify({ kind: "command", command: "x".repeat(10 << 20) }), "ACTION_TOO_LARGE"],
    ["nothing", "", "ACTION_EMPTY"],
  ])("refuses %s with a clear error and changes nothing", async (_name, input, code) => {
    const before = await trailBytes();
    const result = await runCli(["record"], { input, env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^trailseal: error: /);
    expect(result.stderr).toContain(`(${code})`);
    expect(result.stdout).toBe("");
    expect(await trailBytes()).toBe(before);
  });
});

describe("trailseal verify", () => {
  it("names the first broken seq and exits 1", async () => {
    const dir = join(home, "trail");
    const file = join(dir, (await readdir(dir)).filter((name) => name.endsWith(".jsonl")).sort()[0]!);
    const { writeFile } = await import("node:fs/promises");
    const original = await readFile(file, "utf8");
    const lines = original.split("\n");
    lines[2] = lines[2]!.replace('"pwd"', '"rm -rf /"');
    await writeFile(file, lines.join("\n"));
    const result = await runCli(["verify", "--json"], { env: env() });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: false,
      broken: { seq: 2, reason: "hash_mismatch" },
    });
    const human = await runCli(["verify"], { env: env() });
    expect(human.stderr).toContain("seq 2");
    await writeFile(file, original);
  });
});

describe("trailseal log", () => {
  it("refuses a --limit that is not a non-negative integer as a usage error (exit 2)", async () => {
    for (const bad of ["abc", "-1", "1e3", ""]) {
      const result = await runCli(["log", "--limit", bad], { env: env() });
      expect(result.code).toBe(2);
      expect(result.stderr).not.toContain("internal");
    }
    expect((await runCli(["log", "--limit", "1", "--json"], { env: env() })).code).toBe(0);
  });
});

describe("audit commands on a home without a trail", () => {
  it("verify and report refuse a missing trail (exit 2) instead of passing it as empty, and create nothing", async () => {
    const missing = join(home, "no-such-home");
    for (const args of [["verify"], ["verify", "--json"], ["report", "--json"]]) {
      const result = await runCli([...args, "--home", missing]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("TRAIL_NOT_FOUND");
    }
    await expect(readdir(missing)).rejects.toMatchObject({ code: "ENOENT" });
  });
});
