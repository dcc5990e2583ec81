// Export benchmarks: events/s exported as JSON Lines and as OTLP/HTTP protobuf log records (to a
// receiver on 127.0.0.1 that only drains the bytes), and `verify --export` of the copy, each as a
// ratio to one read pass of the same trail (readEvents: read + JSON.parse) measured in the same run.
// Usage: npm run build && node scripts/bench-export.mjs   (BENCH_EXPORT_EVENTS=100000 by default)
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { exportTrail, verifyExportFile } from "../dist/export/index.js";
import { loadSealKey } from "../dist/home/index.js";
import { appendEvents, readEvents, trailDir } from "../dist/trail/index.js";
import { machine, median, report, syntheticEventBody } from "./bench-lib.mjs";

const N = Number(process.env.BENCH_EXPORT_EVENTS ?? 100_000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const home = mkdtempSync(join(tmpdir(), "trailseal-bench-export-"));
const cli = join(import.meta.dirname, "..", "dist", "cli.js");
const server = createServer((req, res) => {
  req.on("data", () => undefined);
  req.on("end", () => res.writeHead(200, { "content-type": "application/x-protobuf" }).end());
});

async function timed(fn) {
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

try {
  execFileSync(process.execPath, [cli, "init", "--home", home]);
  const batch = 10_000;
  for (let i = 0; i < N; i += batch) {
    const bodies = [];
    for (let j = i; j < Math.min(N, i + batch); j += 1) bodies.push(syntheticEventBody(j));
    await appendEvents(trailDir(home), bodies);
    if (i + batch >= N / 2 && i < N / 2) execFileSync(process.execPath, [cli, "seal", "--home", home]);
  }
  execFileSync(process.execPath, [cli, "seal", "--home", home]);
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${server.address().port}/v1/logs`;
  const output = join(home, "export.jsonl");

  const read = await timed(async () => {
    let n = 0;
    for await (const _ of readEvents(trailDir(home))) n += 1;
    if (n !== N) throw new Error(`read ${n} events, expected ${N}`);
  });
  const jsonl = await timed(() => exportTrail({ home, selection: {}, output, stdout: process.stdout }));
  const verify = await timed(async () => {
    // With the home's key: a copy whose seals no key here proves does not verify.
    const result = await verifyExportFile(output, await loadSealKey(home, {}));
    if (!result.ok) throw new Error(JSON.stringify(result.problem));
  });
  const otlp = await timed(() =>
    exportTrail({
      home,
      selection: {},
      otlp: { endpoint, protocol: "http/protobuf", headers: {}, serviceVersion: "bench" },
      stdout: process.stdout,
    }),
  );
  const rate = (ms) => `${Math.round(N / (ms / 1000)).toLocaleString("en-US")} events/s`;
  const ratio = (ms) => `${(ms / read).toFixed(2)}× the read pass`;
  const mib = (statSync(output).size / 2 ** 20).toFixed(1);
  report(`Export (${N.toLocaleString("en-US")} events, 2 seals, medians of ${RUNS})`, machine(), [
    ["one read pass of the trail (baseline)", `${read.toFixed(0)} ms, ${rate(read)}`, "1.00×"],
    [`export --format jsonl (${mib} MiB)`, `${jsonl.toFixed(0)} ms, ${rate(jsonl)}`, ratio(jsonl)],
    ["verify --export of that copy", `${verify.toFixed(0)} ms, ${rate(verify)}`, ratio(verify)],
    [
      "export --otlp-endpoint (http/protobuf, 512 a batch)",
      `${otlp.toFixed(0)} ms, ${rate(otlp)}`,
      ratio(otlp),
    ],
  ]);
} finally {
  server.close();
  rmSync(home, { recursive: true, force: true });
}
