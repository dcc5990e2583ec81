// Dashboard benchmarks: /api/summary latency on a large trail and SSE delivery
// latency of a new event, against baselines measured in the same run (one readEvents pass over
// the trail; one appendEvents call).
// Usage: npm run build && node scripts/bench-dashboard.mjs   (BENCH_DASHBOARD_EVENTS=100000 by default)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { startDashboard } from "../dist/dashboard/index.js";
import { appendEvents, readEvents, trailDir, verifyTrail } from "../dist/trail/index.js";
import { machine, median, percentile, report, syntheticEventBody } from "./bench-lib.mjs";

const N = Number(process.env.BENCH_DASHBOARD_EVENTS ?? 100_000);
const REQUESTS = 50;
const SSE_ROUNDS = 30;
const home = mkdtempSync(join(tmpdir(), "trailseal-bench-dashboard-"));
const dir = trailDir(home);

const body = syntheticEventBody;

const ms = (v) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;

try {
  // A trail spread over the last 30 days, 1000 events per timestamp.
  const batch = 1000;
  const span = 30 * 86_400_000;
  const t0 = Date.now() - span;
  for (let i = 0; i < N; i += batch) {
    const at = new Date(t0 + (span * i) / N);
    await appendEvents(
      dir,
      Array.from({ length: Math.min(batch, N - i) }, (_, k) => body(i + k)),
      { now: () => at },
    );
  }

  // Baselines: one parse pass (what a naive /api/summary would do per request) and one verify.
  const passes = [];
  for (let r = 0; r < 3; r += 1) {
    const start = performance.now();
    let n = 0;
    for await (const _ of readEvents(dir)) n += 1;
    if (n !== N) throw new Error(`read ${n} events, expected ${N}`);
    passes.push(performance.now() - start);
  }
  const readPass = median(passes);
  let start = performance.now();
  await verifyTrail(dir);
  const verifyPass = performance.now() - start;

  // Start-up: the first incremental pass (counts, buckets and chain integrity together).
  start = performance.now();
  const running = await startDashboard({ home, port: 0, env: {} });
  const startup = performance.now() - start;
  const rss = process.memoryUsage().rss / 2 ** 20;

  const rows = [
    ["baseline: readEvents full pass", ms(readPass), "1.00×"],
    ["baseline: verifyTrail full pass", ms(verifyPass), `${(verifyPass / readPass).toFixed(2)}× read pass`],
    [
      "dashboard start-up (first pass + integrity)",
      ms(startup),
      `${(startup / readPass).toFixed(2)}× read pass`,
    ],
  ];
  for (const period of ["today", "7d", "30d", "all"]) {
    const times = [];
    for (let r = 0; r < REQUESTS; r += 1) {
      const s = performance.now();
      const response = await fetch(`${running.url}api/summary?period=${period}`);
      await response.json();
      times.push(performance.now() - s);
    }
    const p50 = median(times);
    rows.push([
      `/api/summary?period=${period} p50 (p95)`,
      `${ms(p50)} (${ms(percentile(times, 95))})`,
      `${(p50 / readPass).toFixed(4)}× read pass (${(readPass / p50).toFixed(0)}× faster)`,
    ]);
  }

  // SSE: append one event, time until the stream delivers it.
  const controller = new AbortController();
  const stream = await fetch(`${running.url}api/stream`, { signal: controller.signal });
  const reader = stream.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const nextEvent = async () => {
    for (;;) {
      const cut = buffer.indexOf("\n\n");
      if (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.includes("event: trail-event")) return block;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("stream ended");
      buffer += decoder.decode(value, { stream: true });
    }
  };
  await reader.read(); // the stream's first block: subscribed
  const appendTimes = [];
  const deliverTimes = [];
  const totalTimes = [];
  const bytesBefore = (await (await fetch(`${running.url}api/summary?period=today`)).json()).trail.bytes_read;
  for (let r = 0; r < SSE_ROUNDS; r += 1) {
    const a = performance.now();
    const delivered = nextEvent();
    await appendEvents(dir, [body(8)]);
    const b = performance.now();
    await delivered;
    const c = performance.now();
    appendTimes.push(b - a);
    deliverTimes.push(c - b);
    totalTimes.push(c - a);
  }
  controller.abort();
  const bytesAfter = (await (await fetch(`${running.url}api/summary?period=today`)).json()).trail.bytes_read;
  const appendMs = median(appendTimes);
  rows.push(
    ["baseline: appendEvents (1 event, fsync'd)", ms(appendMs), "1.00×"],
    [
      "SSE delivery after the append returns, p50 (p95)",
      `${ms(median(deliverTimes))} (${ms(percentile(deliverTimes, 95))})`,
      `${(median(deliverTimes) / appendMs).toFixed(2)}× append`,
    ],
    [
      "SSE append-to-browser total, p50",
      ms(median(totalTimes)),
      `${(median(totalTimes) / appendMs).toFixed(2)}× append`,
    ],
    [
      "bytes read per new event",
      `${((bytesAfter - bytesBefore) / SSE_ROUNDS).toFixed(0)} B`,
      "one line each",
    ],
    ["process RSS after start-up", `${rss.toFixed(0)} MiB`, `${N.toLocaleString("en-US")} events`],
  );
  await running.close();
  report(`Dashboard, ${N.toLocaleString("en-US")}-event trail`, machine(), rows);
} finally {
  rmSync(home, { recursive: true, force: true });
}
