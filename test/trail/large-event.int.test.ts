// No event can brick the trail: a multi-megabyte command (a heredoc through Bash) once made a line
// the tail reader refused, and every later append failed with TRAIL_CORRUPT while verify said ok.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventBody } from "../../src/chain/index.js";
import { appendEvents, MAX_EVENT_LINE_BYTES, trailDir, verifyTrail } from "../../src/trail/index.js";
import { REPO_ROOT, runCli, tempDir } from "../helpers/cli.js";

let home: string;
let cleanup: () => Promise<void>;
const env = () => ({ TRAILSEAL_HOME: home });
beforeEach(async () => {
  ({ dir: home, cleanup } = await tempDir());
  expect((await runCli(["init"], { env: env() })).code).toBe(0);
});
afterEach(() => cleanup());

/** A 5 MB heredoc: the kind of command an agent writes a file with. */
const BIG = `cat > data.txt <<'EOF'\n${"0123456789abcdef".repeat(5_000_000 / 16)}\nEOF`;

async function trailLines(): Promise<string[]> {
  const dir = trailDir(home);
  const names = (await readdir(dir)).filter((name) => name.endsWith(".jsonl")).sort();
  const text = (await Promise.all(names.map((name) => readFile(join(dir, name), "utf8")))).join("");
  return text.split("\n").filter((line) => line !== "");
}

/** The Python recipe of docs/trail-format.md, as printed there. */
async function runDocumentedRecipe(): Promise<string> {
  const doc = await readFile(join(REPO_ROOT, "docs", "trail-format.md"), "utf8");
  const recipe = doc.slice(doc.indexOf("## Recipe: re-verify a trail without trailseal"));
  const code = /```python\n([\s\S]*?)```/.exec(recipe)![1]!;
  const script = join(home, "verify_trail.py");
  await writeFile(script, code);
  const { stdout } = await promisify(execFile)("python3", [script, trailDir(home)], {
    maxBuffer: 1 << 20,
  });
  return stdout;
}

async function tenMore(): Promise<void> {
  const lines = Array.from({ length: 10 }, (_, i) =>
    JSON.stringify({ kind: "command", command: `echo ${i}` }),
  );
  const result = await runCli(["record"], { input: lines.join("\n"), env: env() });
  expect(result.code, result.stderr).toBe(0);
}

describe("a multi-megabyte command", () => {
  it("through record: kept as a digest with its start, and the trail still appends and verifies", async () => {
    const recorded = await runCli(["record", "--json"], {
      input: JSON.stringify({ kind: "command", command: BIG }),
      env: env(),
    });
    expect(recorded.code, recorded.stderr).toBe(0);
    await tenMore();

    const lines = await trailLines();
    expect(lines).toHaveLength(11);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThan(1 << 20);
    const command = JSON.parse(lines[0]!).action.command;
    expect(command).toEqual({
      sha256: createHash("sha256").update(BIG).digest("hex"),
      bytes: Buffer.byteLength(BIG),
      head: BIG.slice(0, 512),
    });

    const verify = await runCli(["verify", "--json"], { env: env() });
    expect(verify.code, verify.stderr).toBe(0);
    expect(JSON.parse(verify.stdout)).toMatchObject({ ok: true, event_count: 11 });
    expect(await runDocumentedRecipe()).toMatch(/^ok 11 events/);

    const log = await runCli(["log"], { env: env() });
    expect(log.code, log.stderr).toBe(0);
    expect(log.stdout).toContain("cat > data.txt <<'EOF'");
  });

  it("through the agent hook: the same, and the next calls are answered", async () => {
    const payload = {
      hook_event_name: "PreToolUse",
      session_id: "s1",
      cwd: home,
      tool_name: "Bash",
      tool_input: { command: BIG },
    };
    const hook = await runCli(["hook", "claude-code"], { input: JSON.stringify(payload), env: env() });
    expect(hook.code, hook.stderr).toBe(0);
    await tenMore();
    const small = await runCli(["hook", "claude-code"], {
      input: JSON.stringify({ ...payload, tool_input: { command: "ls" } }),
      env: env(),
    });
    expect(small.code, small.stderr).toBe(0);
    expect(small.stdout).not.toContain('"deny"');

    const lines = (await trailLines()).map((line) => JSON.parse(line));
    expect(lines.length).toBeGreaterThanOrEqual(12);
    expect(lines[0].action.command).toMatchObject({ bytes: Buffer.byteLength(BIG) });
    expect(lines.every((event) => event.decision !== "deny")).toBe(true);
    const verify = await runCli(["verify", "--json"], { env: env() });
    expect(verify.code, verify.stderr).toBe(0);
    expect(await runDocumentedRecipe()).toMatch(/^ok \d+ events/);
  });
});

describe("the line bound", () => {
  function body(command: string): EventBody {
    return {
      risk: { level: "low", flags: [] },
      agent: "test",
      session: null,
      cwd: null,
      phase: "record",
      action: { kind: "command", tool: "command", command },
      decision: "logged",
      reasons: [],
    };
  }

  it("reads back a line of exactly the largest size the writer accepts, and appends after it", async () => {
    const dir = trailDir(home);
    const [probe] = await appendEvents(dir, [body("")]);
    const overhead = Buffer.byteLength(`${JSON.stringify(probe)}\n`); // seq 1 has as many digits as seq 0
    const [largest] = await appendEvents(dir, [body("y".repeat(MAX_EVENT_LINE_BYTES - overhead))]);
    expect(Buffer.byteLength(`${JSON.stringify(largest)}\n`)).toBe(MAX_EVENT_LINE_BYTES);
    const [after] = await appendEvents(dir, [body("after")]);
    expect(after!.seq).toBe(2);
    expect(await verifyTrail(dir)).toMatchObject({ ok: true, eventCount: 3 });
  });

  it("refuses a longer line with TRAIL_EVENT_TOO_LARGE and appends nothing", async () => {
    const dir = trailDir(home);
    await appendEvents(dir, [body("first")]);
    const before = await trailLines();
    const error = await appendEvents(dir, [body("z".repeat(MAX_EVENT_LINE_BYTES))]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "TRAIL_EVENT_TOO_LARGE" });
    expect(await trailLines()).toEqual(before);
    await appendEvents(dir, [body("second")]);
    expect(await verifyTrail(dir)).toMatchObject({ ok: true, eventCount: 2 });
  });
});
