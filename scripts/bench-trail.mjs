// Trail benchmarks: append throughput in-process and per CLI call, and verify of a
// large trail as a ratio to one SHA-256 pass over the same bytes, with peak memory.
// Usage: npm run build && node scripts/bench-trail.mjs   (BENCH_TRAIL_EVENTS=1000000 by default)
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { appendEvents, trailDir } from "../dist/trail/index.js";
import { machine, median, report } from "./bench-lib.mjs";

const N = Number(process.env.BENCH_TRAIL_EVENTS ?? 1_000_000);
const home = mkdtempSync(join(tmpdir(), "trailseal-bench-"));
const dir = trailDir(home);

const body = (i) => ({
  risk: { level: i % 17 === 0 ? "high" : "low", flags: i % 17 === 0 ? ["network_request"] : [] },
  agent: "claude-code",
  session: `session-${i >> 10}`,
  cwd: "/home/dev/project",
  phase: "pre",
  action: { tool: "Bash", kind: "command", command: `npm test -- --shard ${i % 8}/8` },
  decision: "allow",
  reasons: ["runs the project's test command"],
  input: { command: `npm test -- --shard ${i % 8}/8`, description: "run tests" },
});

function timeNode(args, input) {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { input, env: { ...process.env, TRAILSEAL_HOME: home } });
  if (result.status !== 0) throw new Error(result.stderr.toString());
  return performance.now() - start;
}

function childRun(code) {
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", code], {
    maxBuffer: 1 << 20,
  }).toString();
  return JSON.parse(out);
}

try {
  // 1. In-process appends, one event per append (each locked and fsync'd).
  const single = 500;
  let start = performance.now();
  for (let i = 0; i < single; i += 1) await appendEvents(dir, [body(i)]);
  const perAppendMs = (performance.now() - start) / single;

  // 2. Per CLI call, against `node -e 0` in the same run.
  const action = JSON.stringify({ kind: "command", command: "npm test" });
  const base = [];
  const cli = [];
  for (let i = 0; i < 15; i += 1) {
    base.push(timeNode(["-e", "0"]));
    cli.push(timeNode(["dist/cli.js", "record"], action));
  }

  // 3. Build the big trail in batches, then verify it in a fresh process.
  start = performance.now();
  const batch = 10_000;
  for (let i = single + 15; i < N; i += batch) {
    await appendEvents(
      dir,
      Array.from({ length: Math.min(batch, N - i) }, (_, k) => body(i + k)),
    );
  }
  const buildS = (performance.now() - start) / 1000;

  const sha = childRun(`
    import { createHash } from "node:crypto"; import { createReadStream, readdirSync, statSync } from "node:fs";
    const dir = ${JSON.stringify(dir)}; const t = performance.now(); let bytes = 0;
    for (const f of readdirSync(dir).filter((n) => n.endsWith(".jsonl")).sort()) {
      const h = createHash("sha256");
      for await (const chunk of createReadStream(dir + "/" + f, { highWaterMark: 1 << 20 })) { h.update(chunk); bytes += chunk.length; }
      h.digest();
    }
    console.log(JSON.stringify({ ms: performance.now() - t, bytes, rss: process.resourceUsage().maxRSS }));`);
  // verifyTrail picks worker threads for a trail this size; the one-thread pass is shown beside it.
  const verifyWith = (fn) =>
    childRun(`
    import { ${fn} } from ${JSON.stringify(new URL("../dist/trail/index.js", import.meta.url).href)};
    const t = performance.now(); const r = await ${fn}(${JSON.stringify(dir)});
    if (!r.ok) throw new Error("trail did not verify");
    console.log(JSON.stringify({ ms: performance.now() - t, count: r.eventCount, rss: process.resourceUsage().maxRSS }));`);
  const verify = verifyWith("verifyTrail");
  const sequential = verifyWith("verifyTrailSequential");
  const idle = childRun(`console.log(JSON.stringify({ rss: process.resourceUsage().maxRSS }));`);

  report("Trail", machine(), [
    [
      "in-process append (1 event, lock + fsync)",
      `${perAppendMs.toFixed(2)} ms/append`,
      `${Math.round(1000 / perAppendMs)} appends/s`,
    ],
    [
      "CLI `record` per call",
      `${median(cli).toFixed(1)} ms`,
      `${(median(cli) / median(base)).toFixed(2)}× node -e 0 (${median(base).toFixed(1)} ms)`,
    ],
    [
      `build ${verify.count.toLocaleString("en-US")} events in batches of 10k`,
      `${buildS.toFixed(1)} s`,
      `${Math.round(verify.count / buildS)} events/s`,
    ],
    [`sha256 pass over ${(sha.bytes / 1e6).toFixed(0)} MB`, `${(sha.ms / 1000).toFixed(2)} s`, "baseline"],
    [
      `verify ${verify.count.toLocaleString("en-US")} events (verifyTrail, ${availableParallelism()} threads)`,
      `${(verify.ms / 1000).toFixed(2)} s`,
      `${(verify.ms / sha.ms).toFixed(2)}× the sha256 pass`,
    ],
    [
      "verify, one thread (verifyTrailSequential)",
      `${(sequential.ms / 1000).toFixed(2)} s`,
      `${(sequential.ms / sha.ms).toFixed(2)}× the sha256 pass`,
    ],
    [
      "peak RSS: idle node / sha256 pass / verify / verify one thread",
      `${(idle.rss / 1024).toFixed(0)} / ${(sha.rss / 1024).toFixed(0)} / ${(verify.rss / 1024).toFixed(0)} / ${(sequential.rss / 1024).toFixed(0)} MB`,
      "flat: verify streams",
    ],
  ]);
} finally {
  rmSync(home, { recursive: true, force: true });
}
