// Archiving old trail segments (docs/trail-format.md, "Archives"): what an archive run costs, and
// what verifying through archives costs against verifying the same trail with no archive, both
// in this run. The same events are written twice (two homes); one home is archived.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { checkIntegrity } from "../dist/integrity/index.js";
import { appendEvents, archiveTrail, trailDir, verifyTrailSequential } from "../dist/trail/index.js";
import { machine, median, report, syntheticEventBody } from "./bench-lib.mjs";

const N = Number(process.env.BENCH_ARCHIVE_EVENTS ?? 200_000);
const RUNS = 5;
const OLD = Math.floor(N * 0.9); // the share older than the working window
const cli = join(import.meta.dirname, "..", "dist", "cli.js");
const old = () => new Date("2026-01-15T12:00:00.000Z");
const CUTOFF = new Date("2026-02-01T00:00:00.000Z");

async function timed(runs, fn) {
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  return median(times);
}

const bytesIn = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (n, entry) => n + (entry.isFile() ? statSync(join(dir, entry.name)).size : 0),
    0,
  );

const root = mkdtempSync(join(tmpdir(), "trailseal-bench-archive-"));
try {
  const plain = join(root, "plain");
  execFileSync(process.execPath, [cli, "init", "--home", plain]);
  const batch = 5_000;
  for (let i = 0; i < N; ) {
    const n = Math.min(batch, (i < OLD ? OLD : N) - i);
    const bodies = Array.from({ length: n }, (_, k) => syntheticEventBody(i + k));
    // Old events with an old time, the rest (the working window) with today's.
    await appendEvents(trailDir(plain), bodies, i < OLD ? { now: old } : {});
    i += n;
  }
  const liveBytes = bytesIn(trailDir(plain));

  // One archive run per fresh copy of the same trail (copied before the clock starts).
  const copies = [0, 1, 2].map((run) => {
    const copy = join(root, `archived-${run}`);
    cpSync(plain, copy, { recursive: true });
    return copy;
  });
  let archived = "";
  let entry = null;
  const archiveMs = await timed(copies.length, async (run) => {
    archived = copies[run];
    ({ archive: entry } = await archiveTrail(trailDir(archived), { cutoff: CUTOFF }));
    if (!entry || entry.count !== OLD)
      throw new Error(`expected ${OLD} events archived, got ${entry?.count}`);
  });
  const gzBytes = statSync(join(trailDir(archived), "archive", `${entry.name}.jsonl.gz`)).size;

  const verifyPlain = await timed(RUNS, async () => {
    const result = await verifyTrailSequential(trailDir(plain));
    if (!result.ok || result.eventCount !== N) throw new Error("the plain trail must verify");
  });
  const verifyArchived = await timed(RUNS, async () => {
    const result = await verifyTrailSequential(trailDir(archived));
    if (!result.ok || result.eventCount !== N || result.archive.problems.length > 0)
      throw new Error("the archived trail must verify");
  });
  const verifyCli = (home) =>
    timed(3, () => execFileSync(process.execPath, [cli, "verify", "--home", home], { stdio: "ignore" }));
  const cliPlain = await verifyCli(plain);
  const cliArchived = await verifyCli(archived);

  // Reading commands check the record first; with the checkpoint, an archive costs one SHA-256
  // pass over its gzip (and seals) file instead of its lines.
  const warm = async (home) => {
    const env = { ...process.env, TRAILSEAL_HOME: home };
    await checkIntegrity(home, { env });
    return timed(RUNS, async () => {
      const verdict = await checkIntegrity(home, { env });
      if (!verdict.ok || !verdict.incremental) throw new Error("expected the checkpoint to hold");
    });
  };
  const warmPlain = await warm(plain);
  const warmArchived = await warm(archived);

  const rate = (ms, n) => `${Math.round((n / ms) * 1000).toLocaleString("en-US")} events/s`;
  report(
    `Archiving (${N.toLocaleString("en-US")} events, ${OLD.toLocaleString("en-US")} archived, ${(liveBytes / 2 ** 20).toFixed(0)} MiB live before; medians)`,
    machine(),
    [
      [
        "verify, same trail without archives (baseline, in-process, sequential)",
        `${verifyPlain.toFixed(0)} ms`,
        rate(verifyPlain, N),
      ],
      [
        "verify through the archive (in-process, sequential)",
        `${verifyArchived.toFixed(0)} ms`,
        `${(verifyArchived / verifyPlain).toFixed(2)}× the baseline; ${rate(verifyArchived, N)}`,
      ],
      [
        "archive run (verify the part, gzip, fsync, manifest, rewrite the rest; median of 3 fresh copies)",
        `${archiveMs.toFixed(0)} ms`,
        `${(archiveMs / verifyPlain).toFixed(2)}× the baseline; ${rate(archiveMs, OLD)} archived`,
      ],
      [
        "reading commands' integrity check with the checkpoint, without archives",
        `${warmPlain.toFixed(0)} ms`,
        "1.00×",
      ],
      [
        "the same, through the archive (its files' SHA-256 instead of its lines)",
        `${warmArchived.toFixed(0)} ms`,
        `${(warmArchived / warmPlain).toFixed(2)}×`,
      ],
      ["`trailseal verify`, without archives (process, median of 3)", `${cliPlain.toFixed(0)} ms`, "1.00×"],
      [
        "`trailseal verify`, through the archive",
        `${cliArchived.toFixed(0)} ms`,
        `${(cliArchived / cliPlain).toFixed(2)}×`,
      ],
      [
        "archive size (gzip) against the lines it holds",
        `${(gzBytes / 2 ** 20).toFixed(1)} MiB`,
        `${(entry.bytes / gzBytes || 0).toFixed(1)}× smaller`,
      ],
    ],
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
