/**
 * Archiving old trail segments (docs/trail-format.md, "Archives"): the built CLI in real
 * processes, the trail on disk. Old events are written with March timestamps through the
 * trail's own writer; the archive run uses the real clock and a 30-day window.
 */
import { spawn } from "node:child_process";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TrailTail } from "../../src/dashboard/trail-tail.js";
import { appendEvents, verifyTrailParallel, verifyTrailSequential } from "../../src/trail/index.js";
import { CLI, REPO_ROOT, runCli } from "../helpers/cli.js";
import { body, Fixture, receiptFor } from "./fixture.js";

let fx: Fixture;
let whole: string;

const OLD = 150;
const NEW = 40;

beforeEach(async () => {
  fx = await Fixture.create();
  for (let k = 0; k < OLD; k += 10) await fx.events(k, 10);
  const first = await fx.seal(OLD); // its tip is event 149: in the archive
  await receiptFor(fx, first);
  await appendEvents(
    fx.trail,
    Array.from({ length: NEW }, () => body()),
  );
  await fx.sealNow();
  whole = await readFile(join(fx.trail, "events-000000.jsonl"), "utf8");
});
afterEach(() => fx.cleanup());

const archiveDir = () => join(fx.trail, "archive");
const NAME = "archive-000000000000-000000000149";

async function verifyJson() {
  const result = await runCli(["verify", "--home", fx.home, "--json"]);
  return { code: result.code, json: JSON.parse(result.stdout), stderr: result.stderr };
}

describe("trailseal archive", () => {
  it("moves the events older than the window into a gzip archive, byte for byte, with its seals and receipts", async () => {
    const run = await runCli(["archive", "--home", fx.home, "--json"]);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.archive).toMatchObject({ name: NAME, first_seq: 0, count: OLD, seals: ["seal-1"] });
    const lines = whole.split("\n");
    const archived = gunzipSync(await readFile(join(archiveDir(), `${NAME}.jsonl.gz`))).toString("utf8");
    expect(archived).toBe(`${lines.slice(0, OLD).join("\n")}\n`);
    // The live trail continues from seq 150 in the next segment; the old one is gone.
    expect((await readdir(fx.trail)).filter((n) => n.endsWith(".jsonl"))).toEqual(["events-000001.jsonl"]);
    const live = await readFile(join(fx.trail, "events-000001.jsonl"), "utf8");
    expect(live).toBe(lines.slice(OLD).join("\n"));
    const seals = await readFile(join(archiveDir(), `${NAME}.seals.jsonl`), "utf8");
    expect(
      seals
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l).type),
    ).toEqual(["seal", "receipt"]);

    const { code, json } = await verifyJson();
    expect(code).toBe(0);
    expect(json).toMatchObject({ ok: true, event_count: OLD + NEW });
    expect(json.archives).toEqual([expect.objectContaining({ name: NAME, status: "ok" })]);
    expect(json.seals.failures).toEqual([]);
    // Views read the archive too: every event, in order.
    const events = JSON.parse((await runCli(["log", "--events", "--json", "--home", fx.home])).stdout);
    expect(events.map((e: { seq: number }) => e.seq)).toEqual([...Array(OLD + NEW).keys()]);
    // A second run has nothing older left (the live events are recent).
    const again = JSON.parse((await runCli(["archive", "--home", fx.home, "--json"])).stdout);
    expect(again.archive).toBeNull();
  });

  it("a deleted archive fails verify with TRAIL_ARCHIVE_MISSING naming it", async () => {
    expect((await runCli(["archive", "--home", fx.home])).code).toBe(0);
    // A reading command checks the record first and keeps a verified-prefix checkpoint that
    // covers the archive: deleting the archive afterwards must still be found.
    expect((await runCli(["summary", "--home", fx.home])).code).toBe(0);
    expect((await runCli(["summary", "--home", fx.home])).code).toBe(0);
    await rm(join(archiveDir(), `${NAME}.jsonl.gz`));
    const { code, json } = await verifyJson();
    expect(code).toBe(1);
    expect(json.ok).toBe(false);
    expect(json.error.code).toBe("TRAIL_ARCHIVE_MISSING");
    expect(json.archives).toEqual([expect.objectContaining({ name: NAME, status: "missing" })]);
    const human = await runCli(["verify", "--home", fx.home]);
    expect(human.code).toBe(1);
    expect(human.stderr).toContain(`archive ${NAME}`);
    expect(human.stderr).toContain("TRAIL_ARCHIVE_MISSING");
    // The reading commands say so first, too.
    const summary = await runCli(["summary", "--home", fx.home]);
    expect(summary.code).toBe(1);
    expect(summary.stderr).toContain("TRAIL_ARCHIVE_MISSING");
  });

  it("the dashboard's tail reads the archive first, then the live trail, and starts over after an archive run", async () => {
    const seqs: number[] = [];
    let resets = 0;
    const tail = new TrailTail(fx.trail, {
      line: (line) => seqs.push(JSON.parse(line).seq),
      reset: () => {
        resets += 1;
        seqs.length = 0;
      },
    });
    await tail.poll();
    expect(seqs).toEqual([...Array(OLD + NEW).keys()]);
    expect((await runCli(["archive", "--home", fx.home])).code).toBe(0);
    await tail.poll();
    expect(resets).toBe(1);
    expect(seqs).toEqual([...Array(OLD + NEW).keys()]);
    expect(
      (await runCli(["record", "--home", fx.home], { input: '{"kind":"command","command":"ls"}' })).code,
    ).toBe(0);
    await tail.poll();
    expect(seqs).toEqual([...Array(OLD + NEW + 1).keys()]);
  });

  it("the parallel verifier reads through the archive to the verdict the sequential one gives", async () => {
    expect((await runCli(["archive", "--home", fx.home])).code).toBe(0);
    const workerUrl = pathToFileURL(join(REPO_ROOT, "dist", "trail", "verify-worker.js"));
    const check = async () => {
      const tipsAt = [OLD, OLD + NEW];
      const sequential = await verifyTrailSequential(fx.trail, { tipsAt });
      const parallel = await verifyTrailParallel(fx.trail, {
        tipsAt,
        rangeBytes: 2048,
        workers: 2,
        workerUrl,
      });
      expect(parallel).toEqual(sequential);
      return sequential;
    };
    expect(await check()).toMatchObject({ ok: true, eventCount: OLD + NEW });
    await rm(join(archiveDir(), `${NAME}.jsonl.gz`));
    expect((await check()).archive.problems.map((p) => p.code)).toEqual(["TRAIL_ARCHIVE_MISSING"]);
  });

  it("an archive deleted together with its manifest is still found: the live trail starts at seq 150", async () => {
    expect((await runCli(["archive", "--home", fx.home])).code).toBe(0);
    await rm(archiveDir(), { recursive: true });
    const { code, json } = await verifyJson();
    expect(code).toBe(1);
    expect(json.error.code).toBe("TRAIL_ARCHIVE_MISSING");
    expect(json.archive_problems[0].message).toContain("events 0..149");
  });

  it("a modified archive fails verify with TRAIL_ARCHIVE_ALTERED naming it (an edited event, events dropped from its end, a damaged gzip)", async () => {
    expect((await runCli(["archive", "--home", fx.home])).code).toBe(0);
    const path = join(archiveDir(), `${NAME}.jsonl.gz`);
    const original = gunzipSync(await readFile(path)).toString("utf8");
    await writeFile(path, gzipSync(original.replace('"command":"npm test"', '"command":"npm tesT"')));
    const edited = await verifyJson();
    expect(edited.code).toBe(1);
    expect(edited.json.error.code).toBe("TRAIL_ARCHIVE_ALTERED");
    expect(edited.json.archives[0]).toMatchObject({ name: NAME, status: "altered" });
    // Events dropped from the archive's end (a shorter, still well-chained archive).
    const kept = original.split("\n").slice(0, 100).join("\n");
    await writeFile(path, gzipSync(`${kept}\n`));
    const cut = await verifyJson();
    expect(cut.code).toBe(1);
    expect(cut.json.error.code).toBe("TRAIL_ARCHIVE_ALTERED");
    // A damaged gzip.
    await writeFile(path, Buffer.from("not gzip at all"));
    const damaged = await verifyJson();
    expect(damaged.code).toBe(1);
    expect(damaged.json.error.code).toBe("TRAIL_ARCHIVE_ALTERED");
  });

  it("the report's retention figure reads the archive: met, records since the first archived event; not met once it is gone", async () => {
    expect((await runCli(["archive", "--home", fx.home])).code).toBe(0);
    const report = JSON.parse((await runCli(["report", "--home", fx.home, "--json"])).stdout);
    expect(report.retention).toMatchObject({
      met: true,
      records_since: fx.firstTs,
      covers_window: true,
      archives: { count: 1, events: OLD, oldest: fx.firstTs, problems: [] },
    });
    const controls = JSON.parse(
      (await runCli(["report", "--home", fx.home, "--json", "--controls", "eu-ai-act"])).stdout,
    );
    const art19 = controls.controls.controls.find((c: { id: string }) => c.id === "Art. 19(1)");
    expect(art19.finding).toBe(false);
    expect(art19.figure).toContain(`retention met`);
    expect(art19.figure).toContain(`archives: 1, ${OLD} events from ${fx.firstTs}`);
    await rm(join(archiveDir(), `${NAME}.jsonl.gz`));
    const gone = JSON.parse((await runCli(["report", "--home", fx.home, "--json"])).stdout);
    expect(gone.retention.met).toBe(false);
    expect(gone.retention.reason).toContain(NAME);
    expect(gone.retention.archives.problems[0]).toContain("TRAIL_ARCHIVE_MISSING");
    const goneControls = JSON.parse(
      (await runCli(["report", "--home", fx.home, "--json", "--controls", "eu-ai-act"])).stdout,
    );
    expect(goneControls.controls.controls.find((c: { id: string }) => c.id === "Art. 19(1)").finding).toBe(
      true,
    );
  });
});

/** Starts `archive` paused after `step`, kills it with SIGKILL there, and resolves once it is dead. */
function killAfter(step: string, home: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, "archive", "--home", home], {
      cwd: REPO_ROOT,
      env: { ...process.env, TRAILSEAL_HOME: undefined, TRAILSEAL_TEST_ARCHIVE_PAUSE: step },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString("utf8");
      if (err.includes(`paused after ${step}`)) child.kill("SIGKILL");
    });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      signal === "SIGKILL" ? resolve() : reject(new Error(`archive ended (${code}) before ${step}: ${err}`)),
    );
  });
}

describe("kill -9 during an archive run", () => {
  for (const step of ["archive-written", "manifest-written", "segment-written", "segment-removed"]) {
    it(`after ${step}: verify accepts every event, appends go on, the next run finishes without loss`, async () => {
      await killAfter(step, fx.home);
      const after = await verifyJson();
      expect(after.code).toBe(0);
      expect(after.json.event_count).toBe(OLD + NEW);
      // The writer appends where readers read on.
      expect(
        (await runCli(["record", "--home", fx.home], { input: '{"kind":"command","command":"ls"}' })).code,
      ).toBe(0);
      expect((await verifyJson()).json).toMatchObject({ ok: true, event_count: OLD + NEW + 1 });
      const run = JSON.parse((await runCli(["archive", "--home", fx.home, "--json"])).stdout);
      const done = await verifyJson();
      expect(done.code).toBe(0);
      expect(done.json.event_count).toBe(OLD + NEW + 1);
      expect(done.json.archives.map((a: { name: string }) => a.name)).toEqual([NAME]);
      expect((await readdir(fx.trail)).filter((n) => n.endsWith(".jsonl"))).toEqual(["events-000001.jsonl"]);
      const files = (await readdir(archiveDir())).sort();
      expect(files).toEqual([`${NAME}.jsonl.gz`, `${NAME}.seals.jsonl`, "manifest.json"]);
      // Only the run killed before its manifest archives now; the others had committed.
      expect(run.archive === null).toBe(step !== "archive-written");
      const events = JSON.parse((await runCli(["log", "--events", "--json", "--home", fx.home])).stdout);
      expect(events.map((e: { seq: number }) => e.seq)).toEqual([...Array(OLD + NEW + 1).keys()]);
    });
  }
});
