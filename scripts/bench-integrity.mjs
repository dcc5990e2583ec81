// Reading commands check the record first (src/integrity): what that costs on a long trail,
// against the read pass every view already makes. The checkpoint (verified-prefix.json) turns a
// call into one plain SHA-256 pass over the verified bytes plus the new events; without it (the
// first call, or a home without the seal key) the whole trail is verified.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { checkIntegrity } from "../dist/integrity/index.js";
import { appendEvents, readEvents, trailDir, verifyTrailSequential } from "../dist/trail/index.js";
import { machine, median, report, syntheticEventBody } from "./bench-lib.mjs";

const N = Number(process.env.BENCH_INTEGRITY_EVENTS ?? 200_000);
const RUNS = 5;
const cli = join(import.meta.dirname, "..", "dist", "cli.js");

async function timed(fn) {
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  return median(times);
}

const home = mkdtempSync(join(tmpdir(), "trailseal-bench-integrity-"));
try {
  execFileSync(process.execPath, [cli, "init", "--home", home]);
  const batch = 5_000;
  for (let i = 0; i < N; i += batch) {
    await appendEvents(
      trailDir(home),
      Array.from({ length: Math.min(batch, N - i) }, (_, k) => syntheticEventBody(i + k)),
    );
  }
  execFileSync(process.execPath, [cli, "seal", "--home", home]);
  const segment = join(trailDir(home), "events-000000.jsonl");
  const env = { ...process.env, TRAILSEAL_HOME: home };
  const checkpoint = join(home, "verified-prefix.json");

  const read = await timed(async () => {
    let n = 0;
    for await (const _ of readEvents(trailDir(home))) n += 1;
    if (n !== N) throw new Error(`read ${n} events, expected ${N}`);
  });
  const sha = await timed(() => createHash("sha256").update(readFileSync(segment)).digest("hex"));
  const verify = await timed(() => verifyTrailSequential(trailDir(home)));
  const cold = await timed(async () => {
    rmSync(checkpoint, { force: true });
    const verdict = await checkIntegrity(home, { env });
    if (!verdict.ok || verdict.incremental) throw new Error("expected a whole verification");
  });
  await checkIntegrity(home, { env });
  const warm = await timed(async () => {
    const verdict = await checkIntegrity(home, { env });
    if (!verdict.ok || !verdict.incremental || verdict.verifiedNow !== 0)
      throw new Error("expected the checkpoint");
  });
  const appended = await timed(async (run) => {
    await appendEvents(
      trailDir(home),
      Array.from({ length: 1_000 }, (_, k) => syntheticEventBody(N + run * 1_000 + k)),
    );
    const verdict = await checkIntegrity(home, { env });
    if (!verdict.ok || verdict.verifiedNow !== 1_000) throw new Error("expected 1,000 new events verified");
  });
  const summary = await timed(() => execFileSync(process.execPath, [cli, "summary", "--home", home]));

  const mib = (statSync(segment).size / 2 ** 20).toFixed(0);
  const ratio = (ms) => `${(ms / read).toFixed(2)}× the read pass`;
  const row = (name, ms) => [name, `${ms.toFixed(0)} ms`, ratio(ms)];
  report(
    `Reading commands: integrity first (${N.toLocaleString("en-US")} events, ${mib} MiB, medians of ${RUNS})`,
    machine(),
    [
      row("one read pass of the trail, as the views make (baseline)", read),
      row("one SHA-256 pass over the trail's bytes", sha),
      row("verifyTrail, whole trail (sequential)", verify),
      row("checkIntegrity without a checkpoint (first call)", cold),
      row("checkIntegrity with the checkpoint, nothing new", warm),
      row("checkIntegrity with the checkpoint, 1,000 new events (incl. appending them)", appended),
      row("`trailseal summary`, whole process, checkpoint in place", summary),
    ],
  );
} finally {
  rmSync(home, { recursive: true, force: true });
}
