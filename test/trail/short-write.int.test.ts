// A full disk or a file size limit makes write() return short (or fail) part-way through an
// append. Nothing of such an append may be acknowledged, and the file must be left ending in a
// whole line. `ulimit -f` gives a real short write without privileges; a small tmpfs (root only)
// gives a real ENOSPC.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { appendFile, mkdir, readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, REPO_ROOT, runCli, tempDir } from "../helpers/cli.js";

let root: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: root, cleanup } = await tempDir("trailseal-short-"));
});
afterAll(() => cleanup());

const big = (n: number) => JSON.stringify({ kind: "command", command: `echo ${"x".repeat(n)}` });

/** The CLI under a file size limit of `blocks` KiB. */
function limited(blocks: number, args: string[], home: string, input = "") {
  const quoted = [CLI, ...args].map((arg) => `'${arg}'`).join(" ");
  return spawnSync("bash", ["-c", `ulimit -f ${blocks}; exec '${process.execPath}' ${quoted}`], {
    cwd: REPO_ROOT,
    input,
    env: { ...process.env, TRAILSEAL_HOME: home, TRAILSEAL_KEY_ID: undefined },
    encoding: "utf8",
  });
}

async function segment(home: string): Promise<string> {
  const dir = join(home, "trail");
  const name = (await readdir(dir)).filter((entry) => entry.endsWith(".jsonl")).sort()[0] as string;
  return join(dir, name);
}

async function expectWholeLines(home: string, events: number) {
  const text = await readFile(await segment(home), "utf8");
  expect(text.endsWith("\n")).toBe(true);
  expect(text.split("\n").length - 1).toBe(events);
  const verify = await runCli(["verify", "--json"], { env: { TRAILSEAL_HOME: home } });
  expect(JSON.parse(verify.stdout)).toMatchObject({ ok: true, event_count: events });
  expect(existsSync(join(home, "trail", "torn"))).toBe(false);
}

describe("appends under a file size limit (ulimit -f)", () => {
  it("record fails without acknowledging and leaves the trail whole", async () => {
    const home = join(root, "record");
    await mkdir(home);
    expect((await runCli(["init"], { env: { TRAILSEAL_HOME: home } })).code).toBe(0);
    for (const command of ["ls", "pwd"]) {
      const ok = await runCli(["record"], {
        input: JSON.stringify({ kind: "command", command }),
        env: { TRAILSEAL_HOME: home },
      });
      expect(ok.code, ok.stderr).toBe(0);
    }
    const { size } = await stat(await segment(home));
    const result = limited(Math.floor(size / 1024) + 1, ["record"], home, big(4000));
    expect(result.status).not.toBe(0);
    expect(result.stdout).not.toContain("recorded");
    expect(result.stderr).toContain("DURABLE_WRITE_FAILED");
    expect((await stat(await segment(home))).size).toBe(size);
    await expectWholeLines(home, 2);
    // and the trail still takes appends once there is room
    const after = await runCli(["record"], { input: big(10), env: { TRAILSEAL_HOME: home } });
    expect(after.code, after.stderr).toBe(0);
    await expectWholeLines(home, 3);
  });

  it("the hook denies rather than answer for an event that was not kept", async () => {
    const home = join(root, "hook");
    await mkdir(home);
    const env = { TRAILSEAL_HOME: home };
    expect((await runCli(["init"], { env })).code).toBe(0);
    expect((await runCli(["record"], { input: big(10), env })).code).toBe(0);
    const { size } = await stat(await segment(home));
    const payload = JSON.stringify({
      session_id: "s",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: `ls ${"y".repeat(3000)}` },
      cwd: "/tmp",
    });
    const result = limited(Math.floor(size / 1024) + 1, ["hook", "claude-code"], home, payload);
    expect(result.stdout).toContain("deny");
    // the call may still be recorded as a (smaller) failure record: whole lines either way
    await expectWholeLines(home, (await readFile(await segment(home), "utf8")).split("\n").length - 1);
  });

  it("seal fails without printing a seal, and the seal store stays readable", async () => {
    const home = join(root, "seal");
    await mkdir(home);
    const env = { TRAILSEAL_HOME: home };
    expect((await runCli(["init"], { env })).code).toBe(0);
    expect((await runCli(["record"], { input: big(10), env })).code).toBe(0);
    const first = await runCli(["seal", "--json"], { env });
    expect(first.code, first.stderr).toBe(0);
    const store = join(home, "seals", "seals.jsonl");
    // Pad the store (with a receipt line for no seal, which readers skip) to 50 bytes short of a
    // KiB boundary, then allow the file up to that boundary: the next seal line cannot fit.
    const size = (await stat(store)).size;
    const target = (Math.floor(size / 1024) + 2) * 1024 - 50;
    const receipt = (pad: string) =>
      `${JSON.stringify({ type: "receipt", seal_id: "seal-0", witness: { name: pad, url: "http://127.0.0.1:1" }, receipt: { anchor_id: "a", witnessed_at: "2026-01-01T00:00:00.000Z" }, recorded_at: "2026-01-01T00:00:00.000Z" })}\n`;
    await appendFile(store, receipt("p".repeat(target - size - receipt("").length)));
    const before = (await stat(store)).size;
    expect(before).toBe(target);
    const blocks = Math.ceil(before / 1024);
    const result = limited(blocks, ["seal", "--json"], home);
    expect(result.status).not.toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("DURABLE_WRITE_FAILED");
    const text = await readFile(store, "utf8");
    expect(text.length).toBe(before);
    expect(text.endsWith("\n")).toBe(true);
    const list = await runCli(["verify", "--json"], { env });
    expect(list.code, list.stderr).toBe(0);
  });
});

/** A 64 KiB tmpfs at a fresh mount point, or null (with the reason) when it cannot be mounted. */
function mountTmpfs(at: string): string | null {
  if (process.platform !== "linux" || process.getuid?.() !== 0) return "not root on Linux";
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k,nr_inodes=64", "tmpfs", at], { stdio: "pipe" });
    return null;
  } catch (error) {
    return `mount failed: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  }
}

describe("appends on a full disk (a real small tmpfs)", () => {
  it("record fails on ENOSPC without acknowledging, the trail stays whole", async (context) => {
    const home = join(root, "tmpfs");
    await mkdir(home);
    const why = mountTmpfs(home);
    if (why !== null) {
      console.warn(`skipped: cannot mount a tmpfs (${why})`);
      context.skip();
    }
    try {
      const env = { TRAILSEAL_HOME: home };
      expect((await runCli(["init"], { env })).code).toBe(0);
      let acknowledged = 0;
      let failed = 0;
      for (let k = 0; k < 40 && failed === 0; k += 1) {
        const result = await runCli(["record"], { input: big(3000), env });
        if (result.code === 0) acknowledged += 1;
        else {
          failed += 1;
          // the append itself, or already the lock file that precedes it
          expect(result.stderr).toMatch(/DURABLE_WRITE_FAILED|DURABLE_LOCK_FAILED/);
        }
      }
      expect(failed).toBe(1);
      await expectWholeLines(home, acknowledged);
    } finally {
      spawnSync("umount", [home]);
    }
  });
});
