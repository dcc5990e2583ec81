// Report benchmark: time to build the compliance report on a large trail with a seal
// every 15 minutes of trail time, against a plain `verifyTrail` pass over the same trail in the
// same run (the floor: the report must verify the chain anyway).
// Usage: npm run build && node scripts/bench-report.mjs   (BENCH_REPORT_EVENTS=100000 by default)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { chainEvent, serializeEvent } from "../dist/chain/index.js";
import { homePaths, initHome, loadSealKey } from "../dist/home/index.js";
import { collectReport, renderReport } from "../dist/report/index.js";
import { createSeal } from "../dist/seal/index.js";
import { trailDir, verifyTrail } from "../dist/trail/index.js";
import { machine, median, report, syntheticEventBody } from "./bench-lib.mjs";

const N = Number(process.env.BENCH_REPORT_EVENTS ?? 100_000);
const ROUNDS = 3;
const home = mkdtempSync(join(tmpdir(), "trailseal-bench-report-"));
const dir = trailDir(home);

const body = syntheticEventBody;
const ms = (v) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;

try {
  await initHome(home);
  const key = await loadSealKey(home, {});
  // 30 days of trail; a batch of events every 15 minutes, each batch followed by a seal, with a
  // 6-hour outage (no seals) in the middle so that the report has gaps to find.
  const span = 30 * 86_400_000;
  const interval = 15 * 60_000;
  const ticks = span / interval;
  const perTick = Math.max(1, Math.ceil(N / ticks));
  const t0 = Date.now() - span;
  // Built in memory and written once (the trail and seal-store formats of docs/), so that the
  // set-up does not dominate the run; the measured code reads them like any other home.
  let written = 0;
  let tip = `sha256:${"0".repeat(64)}`;
  const eventLines = [];
  const sealLines = [];
  for (let tick = 0; written < N; tick += 1) {
    const at = new Date(t0 + tick * interval).toISOString();
    for (let k = 0; k < perTick && written < N; k += 1) {
      const event = chainEvent(body(written), written, tip, at);
      eventLines.push(serializeEvent(event));
      tip = event.hash;
      written += 1;
    }
    const outage = tick > ticks / 2 && tick < ticks / 2 + 24;
    if (!outage) {
      const seal = createSeal(key, tip, written, new Date(Date.parse(at) + 1000).toISOString());
      sealLines.push(JSON.stringify({ type: "seal", id: `seal-${sealLines.length + 1}`, ...seal }));
    }
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "events-000000.jsonl"), `${eventLines.join("\n")}\n`);
  writeFileSync(join(homePaths(home).seals, "seals.jsonl"), `${sealLines.join("\n")}\n`);
  const seals = sealLines.length;

  const verify = [];
  const build = [];
  const html = [];
  let last;
  for (let r = 0; r < ROUNDS; r += 1) {
    let start = performance.now();
    const result = await verifyTrail(dir);
    if (!result.ok || result.eventCount !== N) throw new Error("bench trail does not verify");
    verify.push(performance.now() - start);
    start = performance.now();
    last = await collectReport(home, { env: {} });
    build.push(performance.now() - start);
    start = performance.now();
    renderReport(last, "html");
    html.push(performance.now() - start);
  }
  const v = median(verify);
  const b = median(build);
  const h = median(html);
  report(`report on ${N.toLocaleString("en-US")} events, ${seals.toLocaleString("en-US")} seals`, machine(), [
    ["baseline: verifyTrail full pass", ms(v), "1.00×"],
    [
      "collectReport (verify + keep hashes, check every seal, one event pass)",
      ms(b),
      `${(b / v).toFixed(2)}× verify`,
    ],
    ["render HTML", ms(h), `${(h / v).toFixed(3)}× verify`],
    ["coverage found", `${last.seal_coverage.percent}%`, `${last.seal_coverage.gaps.length} gap(s)`],
  ]);
} finally {
  rmSync(home, { recursive: true, force: true });
}
