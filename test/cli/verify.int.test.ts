// `verify` only reads: it never takes the writer's lock, works on a read-only trail, leaves a
// torn tail alone, and tells "could not check" (exit 2) from "tampered" (exit 1); --json always
// prints one object with its outcome.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { appendFile, chmod, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, runCli, tempDir } from "../helpers/cli.js";

let root: string;
let cleanup: () => Promise<void>;
let run = 0;
const holders: ChildProcess[] = [];
beforeAll(async () => {
  ({ dir: root, cleanup } = await tempDir("trailseal-verify-"));
});
afterEach(() => {
  for (const child of holders.splice(0)) child.kill("SIGKILL");
});
afterAll(() => cleanup());

async function homeWith(events: number): Promise<string> {
  const home = join(root, `h${run++}`);
  await mkdir(home);
  const env = { TRAILSEAL_HOME: home };
  expect((await runCli(["init"], { env })).code).toBe(0);
  const lines = Array.from({ length: events }, (_, k) =>
    JSON.stringify({ kind: "command", command: `echo ${k}` }),
  );
  expect((await runCli(["record"], { input: lines.join("\n"), env })).code).toBe(0);
  return home;
}

const segment = async (home: string) => {
  const dir = join(home, "trail");
  return join(dir, (await readdir(dir)).filter((name) => name.endsWith(".jsonl")).sort()[0] as string);
};
const verify = (home: string, json = true) =>
  runCli(json ? ["verify", "--json"] : ["verify"], { env: { TRAILSEAL_HOME: home } });

describe("trailseal verify", () => {
  it("does not wait for a live writer's lock", async () => {
    const home = await homeWith(3);
    const holder = spawn(
      process.execPath,
      [join(REPO_ROOT, "test/durable/lock-worker.mjs"), "hold", join(home, "trail"), "{}"],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    holders.push(holder);
    await new Promise<void>((resolve) => holder.stdout?.once("data", () => resolve()));
    const result = await verify(home);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, outcome: "ok", event_count: 3 });
  });

  it("reads around a torn tail without repairing it", async () => {
    const home = await homeWith(2);
    const path = await segment(home);
    await appendFile(path, '{"seq":2,"ts":"20');
    const size = (await stat(path)).size;
    const result = await verify(home);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, event_count: 2, torn_bytes: 17 });
    expect((await stat(path)).size).toBe(size);
    expect((await readdir(join(home, "trail"))).includes("torn")).toBe(false);
  });

  it("says tampered (exit 1) for a changed event", async () => {
    const home = await homeWith(2);
    const path = await segment(home);
    await writeFile(path, (await readFile(path, "utf8")).replace("echo 1", "echo 9"));
    const result = await verify(home);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, outcome: "tampered" });
    // People get the break as a finding, then one coded error from the CLI's catch with its hint.
    const human = await verify(home, false);
    expect(human.code).toBe(1);
    expect(human.stderr).toMatch(/^trail broken at seq 1 \(\w+\): /m);
    const errors = human.stderr.split("\n").filter((line) => line.startsWith("trailseal: error: "));
    expect(errors).toEqual([
      expect.stringMatching(/^trailseal: error: trail broken at seq 1 .*\(TRAIL_CHAIN_BROKEN\)$/),
    ]);
    expect(human.stderr).toContain("trailseal: hint: events 0..0 verify");
  });

  it("says could not check (exit 2, not 1) when the trail cannot be read, and --json still prints", async () => {
    const home = await homeWith(1);
    const path = await segment(home);
    await rm(path);
    await mkdir(path); // a segment that cannot be read (EISDIR), even for root
    const json = await verify(home);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      outcome: "unchecked",
      error: { code: "TRAIL_UNREADABLE" },
    });
    expect(json.stderr).toContain("(TRAIL_UNREADABLE)");
    expect(json.stderr).toContain("trailseal: hint: nothing was verified");
    const human = await verify(home, false);
    expect(human.code).toBe(2);
    expect(human.stderr).toContain("TRAIL_UNREADABLE");
  });

  it("verifies a read-only trail", async (context) => {
    const home = await homeWith(2);
    const trail = join(home, "trail");
    let undo: () => void;
    if (process.getuid?.() === 0) {
      // root ignores permission bits: a read-only bind mount is the real thing
      const mounted = spawnSync("mount", ["--bind", "-o", "ro", trail, trail]);
      if (mounted.status !== 0 || spawnSync("mount", ["-o", "remount,bind,ro", trail]).status !== 0) {
        spawnSync("umount", [trail]);
        console.warn("skipped: cannot make a read-only bind mount here");
        return context.skip();
      }
      undo = () => spawnSync("umount", [trail]);
    } else {
      await chmod(await segment(home), 0o444);
      await chmod(trail, 0o555);
      undo = () => spawnSync("chmod", ["-R", "u+w", trail]);
    }
    try {
      const result = await verify(home);
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, event_count: 2 });
    } finally {
      undo();
    }
  });
});
