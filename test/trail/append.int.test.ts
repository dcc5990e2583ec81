import { spawn } from "node:child_process";
import { appendFile, mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventBody } from "../../src/chain/index.js";
import { acquireLock } from "../../src/durable/index.js";
import { appendEvents, trailDir, verifyTrail } from "../../src/trail/index.js";
import { CLI, runCli, tempDir } from "../helpers/cli.js";

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

let home: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir: home, cleanup } = await tempDir());
});
afterEach(() => cleanup());

describe("appendEvents", () => {
  it("chains batches in order and verifies", async () => {
    const dir = trailDir(home);
    const first = await appendEvents(dir, [body("a"), body("b")]);
    const second = await appendEvents(dir, [body("c")]);
    expect(first.map((e) => e.seq)).toEqual([0, 1]);
    expect(second[0]!.prev).toBe(first[1]!.hash);
    const result = await verifyTrail(dir);
    expect(result).toMatchObject({ ok: true, eventCount: 3, chainTip: second[0]!.hash });
  });

  it("moves a torn last line aside and continues the chain", async () => {
    const dir = trailDir(home);
    const [event] = await appendEvents(dir, [body("a")]);
    const segment = join(dir, (await readdir(dir)).find((name) => name.endsWith(".jsonl"))!);
    await appendFile(segment, '{"seq":1,"ts":"2026-');
    const [next] = await appendEvents(dir, [body("b")]);
    expect(next).toMatchObject({ seq: 1, prev: event!.hash });
    expect(await readFile(join(dir, "torn", (await readdir(join(dir, "torn")))[0]!), "utf8")).toBe(
      '{"seq":1,"ts":"2026-',
    );
    expect(await verifyTrail(dir)).toMatchObject({ ok: true, eventCount: 2 });
  });

  // The tail is read from a small window at the segment's end that grows for a longer line.
  it.each([
    ["a last event longer than the first read", ""],
    ["a torn line after a long event", '{"seq":2,"ts":"2026-'],
  ])("continues the chain after %s", async (_, torn) => {
    const dir = trailDir(home);
    await appendEvents(dir, [body("a")]);
    const [long] = await appendEvents(dir, [body(`echo ${"x".repeat(300_000)}`)]);
    const segment = join(dir, (await readdir(dir)).find((name) => name.endsWith(".jsonl"))!);
    if (torn) await appendFile(segment, torn);
    const [next] = await appendEvents(dir, [body("b")]);
    expect(next).toMatchObject({ seq: 2, prev: long!.hash });
    expect(await verifyTrail(dir)).toMatchObject({ ok: true, eventCount: 3 });
  });

  it("refuses to append after a corrupt (not torn) last event", async () => {
    const dir = trailDir(home);
    await appendEvents(dir, [body("a")]);
    const segment = join(dir, (await readdir(dir)).find((name) => name.endsWith(".jsonl"))!);
    await appendFile(segment, "garbage\n");
    await expect(appendEvents(dir, [body("b")])).rejects.toMatchObject({ code: "TRAIL_CORRUPT" });
    expect((await verifyTrail(dir)).broken).toMatchObject({ seq: 1, reason: "unparsable" });
  });
});

describe("several processes appending at once", () => {
  it("produce one unbroken chain holding every event", async () => {
    const writers = 4;
    const perWriter = 8;
    const runs = Array.from({ length: writers }, (_, w) =>
      (async () => {
        for (let i = 0; i < perWriter; i += 1) {
          const result = await runCli(["record", "--json"], {
            input: JSON.stringify({ kind: "command", command: `echo w${w}-${i}` }),
            env: { TRAILSEAL_HOME: home },
          });
          expect(result.code, result.stderr).toBe(0);
        }
      })(),
    );
    await Promise.all(runs);
    const result = await verifyTrail(trailDir(home));
    expect(result).toMatchObject({ ok: true, eventCount: writers * perWriter });
    const commands = (await runCli(["log", "--events", "--json"], { env: { TRAILSEAL_HOME: home } })).stdout;
    const seen = new Set(
      (JSON.parse(commands) as { action: { command: string } }[]).map((e) => e.action.command),
    );
    for (let w = 0; w < writers; w += 1)
      for (let i = 0; i < perWriter; i += 1) expect(seen.has(`echo w${w}-${i}`)).toBe(true);
  });
});

describe("a writer killed with SIGKILL mid-append", () => {
  it("loses nothing it acknowledged, and verify passes after the repair", async () => {
    // A shell loop of `record` calls; every line it prints is an acknowledged event.
    const script = `while true; do echo '{"kind":"command","command":"sleep 0"}' | "${process.execPath}" "${CLI}" record --json | tr -d '\\n '; echo; done`;
    const child = spawn("bash", ["-c", script], {
      env: { ...process.env, TRAILSEAL_HOME: home },
      detached: true,
    });
    // Killed once a few appends were acknowledged, while the loop is inside the next one: no
    // fixed sleep, so a slow machine cannot end the test before anything was written.
    const KILL_AFTER = 5;
    let output = "";
    await new Promise<void>((resolve) => {
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
        if (output.split("\n").filter((line) => line.endsWith("}")).length >= KILL_AFTER) resolve();
      });
    });
    process.kill(-child.pid!, "SIGKILL");
    await new Promise((resolve) => child.on("close", resolve));
    const acked = output
      .split("\n")
      .filter((line) => line.endsWith("}"))
      .map((line) => JSON.parse(line) as { seq: number; hash: string });
    expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER);

    const verify = await runCli(["verify", "--json"], { env: { TRAILSEAL_HOME: home } });
    expect(verify.code, verify.stderr).toBe(0);
    const hashes = (
      JSON.parse((await runCli(["log", "--events", "--json"], { env: { TRAILSEAL_HOME: home } })).stdout) as {
        hash: string;
      }[]
    ).map((e) => e.hash);
    for (const event of acked) expect(hashes[event.seq]).toBe(event.hash);
  });
});

describe("appendEvents lock deadline", () => {
  it("shares one deadline across appends: after it, a held lock fails at once (DURABLE_LOCK_TIMEOUT)", async () => {
    const { dir: root, cleanup } = await tempDir("trailseal-deadline-");
    try {
      const dir = join(root, "trail");
      await mkdir(dir);
      const held = await acquireLock(join(dir, ".lock"));
      try {
        const lockDeadline = Date.now() + 300;
        const started = Date.now();
        const body = {
          risk: { level: "none" as const, flags: [] },
          agent: "test",
          session: null,
          cwd: null,
          phase: "record" as const,
          action: { kind: "other", tool: "x", description: "d" },
          decision: "logged" as const,
          reasons: [],
        };
        for (let k = 0; k < 3; k += 1)
          await expect(appendEvents(dir, [body], { lockDeadline })).rejects.toMatchObject({
            code: "DURABLE_LOCK_TIMEOUT",
          });
        // three appends, one 300 ms budget (each alone would wait the default 10 s)
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        await held.release();
      }
    } finally {
      await cleanup();
    }
  });
});
