// Witness server throughput (file backend): anchors/s and p50/p99 latency of POST /api/v1/anchor
// with 64 concurrent keep-alive clients on loopback, against `node dist/cli.js witness serve`
// (a real process; run `npm run build` first). Every 201 must be durable: after the run the
// server is SIGKILLed (no graceful flush) and the anchor log must hold one line per 201.
// Baselines in the same run: a bare node:http server answering 201 with no storage (the HTTP
// ceiling), and sequential write+fsync of one anchor line per call (the storage-only ceiling
// without batching). The server's health reports its fsync count, giving the batch size.
// Quick by default; BENCH_FULL=1 for 20 000 requests per server.
import { mkdtemp, open, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { anchorBody, BARE_HTTP_SERVER, loadAnchors, machine, report, startProcess } from "./bench-lib.mjs";

const CONCURRENCY = 64;
const TOTAL = process.env.BENCH_FULL ? 20_000 : 3_000;
const WARMUP = 200;

const load = (base, total, offset) => loadAnchors([base], total, offset, { concurrency: CONCURRENCY });

async function fsyncBaseline(dir, count) {
  const handle = await open(join(dir, "fsync-baseline.jsonl"), "a");
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    await handle.write(`${anchorBody(i)}\n`);
    await handle.sync();
  }
  const seconds = (performance.now() - started) / 1000;
  await handle.close();
  return count / seconds;
}

const dir = await mkdtemp(join(tmpdir(), "trailseal-bench-witness-"));
try {
  const bare = await startProcess(["-e", BARE_HTTP_SERVER]);
  await load(bare.url, WARMUP, 0);
  const baseline = await load(bare.url, TOTAL, 0);
  await bare.kill("SIGTERM");

  const store = join(dir, "store");
  const witness = await startProcess([
    "dist/cli.js",
    "witness",
    "serve",
    "--port",
    "0",
    "--store",
    store,
    "--rate-limit",
    "0",
  ]);
  await load(witness.url, WARMUP, 1e9);
  const commitsBefore = (await (await fetch(`${witness.url}/api/v1/health`)).json()).commits_since_start;
  const served = await load(witness.url, TOTAL, 0);
  const commits =
    (await (await fetch(`${witness.url}/api/v1/health`)).json()).commits_since_start - commitsBefore;
  await witness.kill("SIGKILL");
  const created = served.statuses.get(201) ?? 0;
  const lines = (await readFile(join(store, "anchors.jsonl"), "utf8")).split("\n").filter(Boolean).length;
  if (created !== TOTAL || lines !== TOTAL + WARMUP) {
    console.error(
      `durability check failed: ${created} x 201 of ${TOTAL}; ${lines} lines for ${TOTAL + WARMUP} anchors`,
    );
    process.exitCode = 1;
  }
  const fsyncRate = await fsyncBaseline(dir, 300);

  report(
    `Witness server, file backend (${TOTAL} anchors, ${CONCURRENCY} concurrent clients, loopback)`,
    machine(),
    [
      [
        "bare node:http 201, no storage (baseline)",
        `${baseline.rate.toFixed(0)} req/s`,
        `p50 ${baseline.p50.toFixed(2)} ms, p99 ${baseline.p99.toFixed(2)} ms`,
      ],
      [
        "witness serve, file backend, 201 after fsync",
        `${served.rate.toFixed(0)} anchors/s`,
        `p50 ${served.p50.toFixed(2)} ms, p99 ${served.p99.toFixed(2)} ms`,
      ],
      ["witness ÷ bare HTTP throughput", `${(served.rate / baseline.rate).toFixed(2)}x`, ""],
      [
        "group commit: anchors per write+fsync",
        `${(TOTAL / commits).toFixed(1)}`,
        `${commits} fsyncs for ${TOTAL} anchors`,
      ],
      [
        "storage-only ceiling with one write+fsync per anchor",
        `${fsyncRate.toFixed(0)} anchors/s`,
        `group commit needs ${((commits / TOTAL) * 100).toFixed(1)}% of those fsyncs`,
      ],
      [
        "durability: 201s vs lines after SIGKILL",
        `${created} / ${lines - WARMUP}`,
        created === lines - WARMUP ? "every 201 on disk" : "MISMATCH",
      ],
    ],
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
