import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_RELAY_CONFIG } from "../../src/home/index.js";
import {
  acquirePidfile,
  emptyRuntimeState,
  RotatingLog,
  readPidfile,
  readRelayState,
  redactConfig,
  releasePidfile,
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

describe("relay pidfile", () => {
  it("refuses a second live holder and replaces a stale one", async () => {
    const path = join(dir, "relay.pid");
    // This test process counts as a live relay only if its command line says "relay"; use a
    // child whose argv carries the word.
    const live = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)", "relay"]);
    try {
      await acquirePidfile(path, live.pid!);
      await expect(acquirePidfile(path, process.pid)).rejects.toMatchObject({
        code: "RELAY_ALREADY_RUNNING",
      });
      expect(await runningRelayPid(path)).toBe(live.pid);
    } finally {
      live.kill();
      await new Promise((resolve) => live.once("exit", resolve));
    }
    const dead = await deadPid();
    await writeFile(path, `${dead}\n`);
    expect(await runningRelayPid(path)).toBeNull();
    expect(await acquirePidfile(path, process.pid)).toEqual({ replacedStale: dead });
    expect(await readPidfile(path)).toBe(process.pid);
    await releasePidfile(path, 12345);
    expect(await readPidfile(path)).toBe(process.pid);
    await releasePidfile(path, process.pid);
    expect(await readPidfile(path)).toBeNull();
  });
});

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
