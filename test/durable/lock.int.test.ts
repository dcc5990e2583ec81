import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, readlinkSync } from "node:fs";
import { mkdir, readFile, utimes, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireLock, withDirLock } from "../../src/durable/index.js";
import { tempDir } from "../helpers/cli.js";
import { PERMISSION_FLAG } from "../helpers/permission.js";

const WORKER = join(import.meta.dirname, "lock-worker.mjs");
const hasProc = existsSync("/proc/self/stat");

interface Worker {
  proc: ChildProcess;
  exited: Promise<{ code: number | null; stderr: string }>;
  line: (text: string) => Promise<void>;
}

const children: ChildProcess[] = [];

function startWorker(
  mode: string,
  dir: string,
  options: object,
  count?: number,
  nodeOptions: string[] = [],
): Worker {
  const args = [
    ...nodeOptions,
    WORKER,
    mode,
    dir,
    JSON.stringify(options),
    ...(count === undefined ? [] : [String(count)]),
  ];
  const proc = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  children.push(proc);
  let stdout = "";
  let stderr = "";
  const waiters: { text: string; resolve: () => void }[] = [];
  proc.stdout!.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
    for (const waiter of waiters) if (stdout.split("\n").includes(waiter.text)) waiter.resolve();
  });
  proc.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    proc.on("close", (code) => resolve({ code, stderr })),
  );
  const line = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (stdout.split("\n").includes(text)) return resolve();
      waiters.push({ text, resolve });
      exited.then(({ code, stderr: err }) =>
        reject(new Error(`worker exited ${code} before "${text}": ${err}`)),
      );
    });
  return { proc, exited, line };
}

async function killed(worker: Worker): Promise<void> {
  worker.proc.kill("SIGKILL");
  await worker.exited;
}

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir("trailseal-lock-"));
});
afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await cleanup();
});

describe("withDirLock across processes", () => {
  it("serializes 6 processes × 30 read-modify-write increments exactly", async () => {
    await writeFile(join(dir, "counter"), "0");
    const workers = Array.from({ length: 6 }, () => startWorker("count", dir, { timeoutMs: 60_000 }, 30));
    const results = await Promise.all(workers.map((w) => w.exited));
    for (const result of results) expect(result).toMatchObject({ code: 0 });
    expect(await readFile(join(dir, "counter"), "utf8")).toBe("180");
    expect(existsSync(join(dir, ".lock"))).toBe(false);
  });

  it.runIf(hasProc)(
    "takes over at once from a holder killed with SIGKILL (no age limit involved)",
    async () => {
      const holder = startWorker("hold", dir, { staleMs: 600_000 });
      await holder.line("held");
      const record = JSON.parse(readFileSync(join(dir, ".lock"), "utf8"));
      expect(record).toMatchObject({ pid: holder.proc.pid, token: expect.any(String) });
      await killed(holder);
      // An age limit of 10 minutes cannot be what frees it: the dead pid is.
      const got = await withDirLock(dir, async () => "locked", { staleMs: 600_000, timeoutMs: 30_000 });
      expect(got).toBe("locked");
    },
  );

  it.runIf(hasProc)("does not steal from a live holder, however old its lock", async () => {
    const holder = startWorker("hold", dir, { staleMs: 50 });
    await holder.line("held");
    const old = new Date(Date.now() - 3_600_000);
    await utimes(join(dir, ".lock"), old, old);
    await expect(
      withDirLock(dir, async () => "stolen", { staleMs: 50, timeoutMs: 500 }),
    ).rejects.toMatchObject({
      code: "DURABLE_LOCK_TIMEOUT",
    });
    expect(JSON.parse(readFileSync(join(dir, ".lock"), "utf8")).pid).toBe(holder.proc.pid);
    await killed(holder);
  });

  it("without /proc checks, a live holder keeps its lock past the age limit by refreshing it", async () => {
    const holder = startWorker("hold", dir, { staleMs: 1_000, procChecks: false });
    await holder.line("held");
    await expect(
      withDirLock(dir, async () => "stolen", { staleMs: 1_000, timeoutMs: 3_000, procChecks: false }),
    ).rejects.toMatchObject({ code: "DURABLE_LOCK_TIMEOUT" });
    await killed(holder);
    // Dead and no longer refreshed: the age limit frees it.
    expect(await withDirLock(dir, async () => "locked", { staleMs: 1_000, procChecks: false })).toBe(
      "locked",
    );
  });

  for (const procChecks of hasProc ? [true, false] : [false]) {
    it(`lets exactly one of several waiters at a time take a stale lock (procChecks: ${procChecks})`, async () => {
      const options = { staleMs: procChecks ? 600_000 : 300, procChecks, timeoutMs: 60_000 };
      for (let round = 0; round < 3; round += 1) {
        const holder = startWorker("hold", dir, options);
        await holder.line("held");
        const waiters = Array.from({ length: 5 }, () =>
          startWorker("once", dir, { ...options, pauseOnStaleMs: 50 }),
        );
        await Promise.all(waiters.map((w) => w.line("waiting")));
        await killed(holder);
        const results = await Promise.all(waiters.map((w) => w.exited));
        for (const result of results) expect(result).toMatchObject({ code: 0 });
        expect(existsSync(join(dir, "in-lock"))).toBe(false);
        expect(existsSync(join(dir, ".lock"))).toBe(false);
        expect(existsSync(join(dir, ".lock.steal"))).toBe(false);
      }
    });
  }
});

describe.runIf(hasProc)("stale records", () => {
  const identity = () => ({
    v: 1,
    boot: readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim(),
    ns: readlinkSync("/proc/self/ns/pid"),
    host: hostname(),
    token: "t".repeat(24),
  });

  it("treats a live pid with another start time as a reused pid: the lock is stale", async () => {
    await mkdir(join(dir, "elsewhere"));
    const other = startWorker("hold", join(dir, "elsewhere"), {});
    await other.line("held");
    await writeFile(join(dir, ".lock"), JSON.stringify({ ...identity(), pid: other.proc.pid, start: "1" }));
    expect(await withDirLock(dir, async () => "locked", { staleMs: 600_000, timeoutMs: 30_000 })).toBe(
      "locked",
    );
    await killed(other);
  });

  it("treats a record with this process's pid but an unknown token as leaked", async () => {
    const start = readFileSync("/proc/self/stat", "latin1").split(") ")[1]!.split(" ")[19];
    await writeFile(join(dir, ".lock"), JSON.stringify({ ...identity(), pid: process.pid, start }));
    expect(await withDirLock(dir, async () => "locked", { staleMs: 600_000, timeoutMs: 30_000 })).toBe(
      "locked",
    );
  });

  it("waits on a lock held in this same process, and gets it after release", async () => {
    const first = await acquireLock(join(dir, ".lock"));
    await expect(withDirLock(dir, async () => "x", { timeoutMs: 100 })).rejects.toMatchObject({
      code: "DURABLE_LOCK_TIMEOUT",
    });
    const second = withDirLock(dir, async () => "second", { timeoutMs: 30_000 });
    await first.release();
    expect(await second).toBe("second");
  });
});

describe("acquireLock", () => {
  it("release removes only a lock it still owns", async () => {
    const path = join(dir, ".lock");
    const first = await acquireLock(path, { procChecks: false, staleMs: 1 });
    const old = new Date(Date.now() - 60_000);
    await utimes(path, old, old);
    // Taken over (its age limit passed: as if the holder had stalled), then released late.
    const second = await acquireLock(path, { procChecks: false, staleMs: 1, timeoutMs: 30_000 });
    const successor = readFileSync(path, "utf8");
    await first.release();
    expect(readFileSync(path, "utf8")).toBe(successor);
    await second.release();
    expect(existsSync(path)).toBe(false);
  });

  it("takes over a leftover lock directory of the former (proper-lockfile) lock once it is old", async () => {
    await mkdir(join(dir, ".lock"));
    const old = new Date(Date.now() - 60_000);
    await utimes(join(dir, ".lock"), old, old);
    expect(await withDirLock(dir, async () => "locked", { timeoutMs: 30_000 })).toBe("locked");
  });

  it("reports a directory it cannot create the lock in with DURABLE_LOCK_FAILED", async () => {
    await expect(withDirLock(join(dir, "missing"), async () => "x")).rejects.toMatchObject({
      code: "DURABLE_LOCK_FAILED",
    });
  });

  it("keeps a held lock fresh under Node's permission model, which refuses fd-based futimes", async () => {
    // What `npx trailseal witness serve` confined with --permission runs into: every
    // refresh failed, the lock was reported lost after a third of staleMs and every anchor got 503.
    const confined = [PERMISSION_FLAG, "--allow-fs-read=*", `--allow-fs-write=${dir}`];
    const worker = startWorker("refresh", dir, { staleMs: 60 }, 300, confined);
    await worker.line(JSON.stringify({ lost: null })); // rejects when the worker ends without it
    expect((await worker.exited).code).toBe(0);
  });
});
