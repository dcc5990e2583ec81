import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  acquireRelayLock,
  clearStaleRelayLock,
  DEFAULT_RELAY_CONFIG,
  emptyRuntimeState,
  RotatingLog,
  readRelayState,
  redactConfig,
  relayHolder,
  runningRelayPid,
  writeRelayState,
} from "../../src/relay/index.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "trailseal-relay-files-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", "0"]);
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

describe("relay log rotation", () => {
  it("rotates by size and keeps a bounded number of old logs", async () => {
    const path = join(dir, "relay.log");
    const log = new RotatingLog(path, { maxBytes: 1024, keep: 2 });
    for (let i = 0; i < 100; i++) log.write("info", `line ${i} ${"x".repeat(40)}`);
    const names = (await readdir(dir)).sort();
    expect(names).toEqual(["relay.log", "relay.log.1", "relay.log.2"]);
    for (const name of names) {
      expect((await readFile(join(dir, name))).length).toBeLessThanOrEqual(1024);
    }
    expect(await readFile(path, "utf8")).toContain("line 99");
  });
});

describe("relay lifetime lock", () => {
  it("refuses a second relay while the first lives, and knows a dead one by its process, not its command line", async () => {
    const path = join(dir, "relay.lock");
    const held = await acquireRelayLock(path);
    await expect(acquireRelayLock(path)).rejects.toMatchObject({ code: "RELAY_ALREADY_RUNNING" });
    expect(await runningRelayPid(path)).toBe(process.pid);
    await held.release();
    expect(await runningRelayPid(path)).toBeNull();

    // A relay killed hard leaves its lock; a live process whose command line says "relay"
    // (`tail -f relay.log`) with that pid would have kept the old pidfile "running".
    const dead = await deadPid();
    const record = JSON.parse(await readFile(await lockOf(dir), "utf8"));
    await writeFile(path, `${JSON.stringify({ ...record, pid: dead })}\n`);
    expect(await relayHolder(path)).toEqual({ pid: dead, alive: false });
    expect(await runningRelayPid(path)).toBeNull();
    expect(await clearStaleRelayLock(path)).toBe(dead);
    expect(await relayHolder(path)).toBeNull();
    const next = await acquireRelayLock(path);
    await next.release();
  });

  it("does not count a live process that merely mentions relay in its command line", async () => {
    const path = join(dir, "relay.lock");
    const impostor = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)", "relay.log"]);
    try {
      const record = JSON.parse(await readFile(await lockOf(dir), "utf8"));
      // the record of a process with the impostor's pid but another start time: a recycled pid
      await writeFile(path, `${JSON.stringify({ ...record, pid: impostor.pid, start: "1" })}\n`);
      expect(await runningRelayPid(path)).toBeNull();
      const lock = await acquireRelayLock(path);
      await lock.release();
    } finally {
      impostor.kill();
      await new Promise((resolve) => impostor.once("exit", resolve));
    }
  });
});

/** A lock record of this process (taken and released in a scratch file), to edit in tests. */
async function lockOf(at: string): Promise<string> {
  const scratch = join(at, "scratch.lock");
  const lock = await acquireRelayLock(scratch);
  const copy = join(at, "record.json");
  await writeFile(copy, await readFile(scratch));
  await lock.release();
  return copy;
}

describe("relay state file", () => {
  it("round-trips, redacts auth tokens, and reports an unreadable file instead of throwing", async () => {
    const path = join(dir, "relay-state.json");
    expect(await readRelayState(path)).toEqual({ kind: "missing" });
    const config = {
      ...DEFAULT_RELAY_CONFIG,
      witness: {
        enabled: true,
        quorum: 1,
        endpoints: [{ name: "w", url: "http://w/api/v1/anchor", auth_token: "tok" }],
      },
    };
    const state = {
      version: 1 as const,
      pid: 42,
      started_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
      stopped_at: null,
      interval_ms: 1000,
      config: redactConfig(config),
      ...emptyRuntimeState(),
    };
    await writeRelayState(path, state);
    const read = await readRelayState(path);
    expect(read).toEqual({ kind: "ok", state });
    expect(await readFile(path, "utf8")).not.toContain('"tok"');
    await writeFile(path, "{ torn");
    expect((await readRelayState(path)).kind).toBe("invalid");
  });
});
