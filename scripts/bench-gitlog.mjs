// Benchmark of the git transparency log (docs/performance.md "## Git transparency log").
// Run after `npm run build`:  node scripts/bench-gitlog.mjs
//   TRAILSEAL_BENCH_FULL=1   also builds and verifies in a 100k-entry log (slow)
//   TRAILSEAL_BENCH_ANCHORS  anchors for the throughput run (default 20000)
// 1. Group-commit throughput of the git backend (durable: objects and ref fsync'd before an
//    append resolves), p50/p99 latency, against one-commit-per-anchor measured in the same run.
// 2. Verify one anchor by cloning (newest and oldest entry), in logs of 1k/10k(/100k) entries,
//    as a ratio to stock `git clone --depth 1` of the same log in the same run; by system git
//    (file://) and by isomorphic-git over smart HTTP.
// 3. Storage growth: objects on disk, repository size and full-clone time of a log of N entries
//    written by the server backend, repacking on its cadence vs never repacking (same run).
//    TRAILSEAL_BENCH_GROWTH  entries for this run (default 10000; 100000 with FULL)
//    TRAILSEAL_BENCH_GROWTH_BATCH  largest commit (default 100; 1 = one commit per entry, as a
//    witness sees it when seals arrive one at a time)
//   TRAILSEAL_BENCH_PARTS    comma-separated subset of throughput,verify,growth (default: all)
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { machine, median, percentile, report } from "./bench-lib.mjs";

const gitlog = await import(new URL("../dist/witness/gitlog/index.js", import.meta.url).href);
const FULL = process.env.TRAILSEAL_BENCH_FULL === "1";
const ANCHORS = Number(process.env.TRAILSEAL_BENCH_ANCHORS ?? 10000);
const PARTS = new Set((process.env.TRAILSEAL_BENCH_PARTS ?? "throughput,verify,growth").split(","));
const root = mkdtempSync(join(tmpdir(), "ts-bench-gitlog-"));
const home = join(root, "home");
const signal = () => new AbortController().signal;
let seq = 0;
const request = () => ({
  protocol: "trailseal-witness-v1",
  tip_hash: `sha256:${randomBytes(32).toString("hex")}`,
  chained_events: seq++,
  seal_signature: `hmac-sha256:${randomBytes(32).toString("hex")}`,
  key_id: "bench-key",
  requested_at: new Date().toISOString(),
});

async function newLog(name) {
  return (await gitlog.initLog(join(root, name), { home, bare: true, origin: `bench.example/${name}` }))
    .gitdir;
}

/** Appends `total` anchors with `concurrency` outstanding at a time; returns rate and latencies. */
async function load(storage, total, concurrency) {
  const latencies = [];
  let issued = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (issued < total) {
        issued++;
        const t0 = performance.now();
        await storage.append(request());
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return { rate: total / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

const rows = [];

// 1. Throughput.
if (PARTS.has("throughput")) {
  const gitdir = await newLog("throughput.git");
  const storage = await gitlog.openGitStorage(gitdir, { home });
  const single = await load(storage, 200, 1);
  const grouped = await load(storage, ANCHORS, 512);
  await storage.close();
  const commits = Number(
    execFileSync("git", ["--git-dir", gitdir, "rev-list", "--count", "main"]).toString(),
  );
  rows.push([
    "one commit per anchor (concurrency 1)",
    `${single.rate.toFixed(0)} anchors/s`,
    `p99 ${single.p99.toFixed(1)} ms`,
  ]);
  rows.push([
    `group commit, ${ANCHORS} anchors, 512 concurrent`,
    `${grouped.rate.toFixed(0)} anchors/s (${commits} commits)`,
    `${(grouped.rate / single.rate).toFixed(1)}x one-per-commit; p50 ${grouped.p50.toFixed(0)} ms, p99 ${grouped.p99.toFixed(0)} ms; goal 2000/s: ${grouped.rate >= 2000 ? "met" : "NOT met"}`,
  ]);
}

// A smart-HTTP server (git http-backend) for the isomorphic-git measurements.
function startHttp(projectRoot) {
  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    const env = {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: projectRoot,
      GIT_HTTP_EXPORT_ALL: "1",
      REQUEST_METHOD: req.method,
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers["content-type"] ?? "",
      ...(req.headers["content-encoding"] ? { HTTP_CONTENT_ENCODING: req.headers["content-encoding"] } : {}),
      ...(req.headers["git-protocol"] ? { GIT_PROTOCOL: req.headers["git-protocol"] } : {}),
    };
    const child = spawn("git", ["http-backend"], { env });
    req.pipe(child.stdin);
    let head = Buffer.alloc(0);
    let done = false;
    child.stdout.on("data", (chunk) => {
      if (done) return void res.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\r\n\r\n");
      if (end < 0) return;
      done = true;
      for (const line of head.subarray(0, end).toString().split("\r\n")) {
        const [name, ...rest] = line.split(":");
        if (name.toLowerCase() === "status") res.statusCode = Number(rest.join(":").trim().split(" ")[0]);
        else res.setHeader(name, rest.join(":").trim());
      }
      res.write(head.subarray(end + 4));
    });
    child.stdout.on("end", () => res.end());
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function timeIt(fn, runs = 3) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

// 2. Verify by cloning.
const sizes = PARTS.has("verify") ? [1000, 10000, ...(FULL ? [100000] : [])] : [];
const projectRoot = join(root, "served");
execFileSync("mkdir", ["-p", projectRoot]);
const http = await startHttp(projectRoot);
const httpBase = `http://127.0.0.1:${http.address().port}`;
for (const size of sizes) {
  const name = `log-${size}.git`;
  const gitdir = await gitlog
    .initLog(join(projectRoot, name), { home, bare: true, origin: `bench.example/${size}` })
    .then((r) => r.gitdir);
  const storage = await gitlog.openGitStorage(gitdir, { home, maxBatch: 100 });
  const ids = [];
  await Promise.all(
    Array.from({ length: 200 }, async () => {
      while (ids.length < size) {
        const { anchor } = await storage.append(request());
        ids.push(anchor.anchor_id);
      }
    }),
  );
  await storage.close();
  const byIndex = (i) => ids.find((id) => id.startsWith(`wit_${i}_`));
  const newest = byIndex(size - 1);
  const oldest = byIndex(0);
  const commits = Number(
    execFileSync("git", ["--git-dir", gitdir, "rev-list", "--count", "main"]).toString(),
  );
  const fileUrl = pathToFileURL(gitdir).toString();
  const clone1 = await timeIt(async () => {
    const dest = join(root, `c-${randomBytes(4).toString("hex")}`);
    execFileSync("git", ["clone", "-q", "--bare", "--depth", "1", fileUrl, dest]);
    rmSync(dest, { recursive: true, force: true });
  });
  const system = gitlog.createGitWitness({ url: fileUrl, name: "bench", home });
  const runs = size >= 10000 ? 1 : 3;
  const sysNewest = await timeIt(() => system.fetchAnchor(newest, { signal: signal() }), runs);
  const sysOldest = await timeIt(() => system.fetchAnchor(oldest, { signal: signal() }), 1);
  const httpUrl = `${httpBase}/${name}`;
  const iso = gitlog.createGitWitness({ url: httpUrl, name: "bench", home });
  const isoNewest = await timeIt(() => iso.fetchAnchor(newest, { signal: signal() }), runs);
  const r = (ms) => `${ms.toFixed(0)} ms`;
  const x = (ms) => `${(ms / clone1).toFixed(2)}x git clone --depth 1 (${clone1.toFixed(0)} ms)`;
  rows.push([
    `verify newest of ${size} (${commits} commits), system git file://`,
    r(sysNewest),
    x(sysNewest),
  ]);
  rows.push([`verify oldest of ${size} (deepens to full history), system git`, r(sysOldest), x(sysOldest)]);
  rows.push([`verify newest of ${size}, isomorphic-git over HTTP, temp dir`, r(isoNewest), x(isoNewest)]);
}
http.close();

// 3. Storage growth with and without the repack cadence.
function diskBytes(dir) {
  return Number(execFileSync("du", ["-sb", dir]).toString().split("\t")[0]);
}
function countObjects(gitdir) {
  const text = execFileSync("git", ["--git-dir", gitdir, "count-objects", "-v"]).toString();
  const get = (key) => Number(new RegExp(`^${key}: (\\d+)`, "m").exec(text)?.[1] ?? 0);
  return { loose: get("count"), packed: get("in-pack"), packs: get("packs") };
}
const GROWTH = Number(process.env.TRAILSEAL_BENCH_GROWTH ?? (FULL ? 100000 : 10000));
const GROWTH_BATCH = Number(process.env.TRAILSEAL_BENCH_GROWTH_BATCH ?? 100);
const growth = {};
for (const [label, repackEvery] of PARTS.has("growth")
  ? [
      ["never repacked", 0],
      ["repacked every 100 commits", 100],
    ]
  : []) {
  const gitdir = await newLog(`growth-${repackEvery}.git`);
  const storage = await gitlog.openGitStorage(gitdir, { home, maxBatch: GROWTH_BATCH, repackEvery });
  let written = 0;
  // Loose objects while the writer is busy (not only after it stops): the largest count seen.
  let maxLoose = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      maxLoose = Math.max(maxLoose, countObjects(gitdir).loose);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 200 }, async () => {
      while (written < GROWTH) {
        written++;
        await storage.append(request());
      }
    }),
  );
  const appendS = (performance.now() - t0) / 1000;
  sampling = false;
  await sampler;
  const looseAtEnd = countObjects(gitdir).loose;
  await storage.close();
  const objects = countObjects(gitdir);
  const commits = execFileSync("git", ["--git-dir", gitdir, "rev-list", "--count", "main"]).toString().trim();
  const files = Number(execFileSync("sh", ["-c", `find '${gitdir}/objects' -type f | wc -l`]).toString());
  const bytes = diskBytes(gitdir);
  const clone = await timeIt(async () => {
    const dest = join(root, `g-${randomBytes(4).toString("hex")}`);
    execFileSync("git", ["clone", "-q", "--bare", "--no-local", pathToFileURL(gitdir).toString(), dest]);
    rmSync(dest, { recursive: true, force: true });
  }, 2);
  growth[repackEvery] = { files, bytes, clone, rate: GROWTH / appendS };
  rows.push([
    `${GROWTH} entries (${commits} commits), ${label}`,
    `${files} files under objects/ (${objects.loose} loose, ${objects.packs} packs); ${(bytes / 1e6).toFixed(1)} MB; loose while writing: at most ${maxLoose}, ${looseAtEnd} at the last append`,
    `full clone ${clone.toFixed(0)} ms; appends ${(GROWTH / appendS).toFixed(0)}/s`,
  ]);
}
if (PARTS.has("growth")) {
  const [never, packed] = [growth[0], growth[100]];
  rows.push([
    `repacked vs never, ${GROWTH} entries`,
    `${(packed.files / never.files).toFixed(3)}x files, ${(packed.bytes / never.bytes).toFixed(2)}x bytes`,
    `${(packed.clone / never.clone).toFixed(2)}x clone time, ${(packed.rate / never.rate).toFixed(2)}x append rate`,
  ]);
}
report("Git transparency log", machine(), rows);
rmSync(root, { recursive: true, force: true });
