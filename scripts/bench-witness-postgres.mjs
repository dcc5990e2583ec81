// Witness server on PostgreSQL: durable anchors/s and p50/p99 of POST /api/v1/anchor with 64
// concurrent keep-alive clients, for one and for two `witness serve --store postgres://…`
// replicas (real processes, `npm run build` first) on one real PostgreSQL server started here in
// a temporary directory (initdb + pg_ctl, Unix socket only, fsync and synchronous_commit on).
// Beside them in the same run: a bare node:http server (the HTTP ceiling) and the file backend.
// Then the database's own limit: sequential single-row commits per second on one connection and
// on 8 (its commit rate, which with batches of B anchors caps the log at rate x B), and the
// database's size per million anchors, extrapolated linearly from the bytes the run added.
// Every 201 must be durable: after each run the replicas are SIGKILLed and the database must
// hold one entry per 201. Quick by default (3,000 anchors a run); BENCH_FULL=1 for 20,000.
// Skips (exit 0, with a message) when PostgreSQL's binaries are not installed.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chmod, chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import {
  anchorBody as anchorRequest,
  BARE_HTTP_SERVER,
  loadAnchors,
  machine,
  report,
  startProcess,
} from "./bench-lib.mjs";

const CONCURRENCY = 64;
const TOTAL = process.env.BENCH_FULL ? 20_000 : 3_000;
const WARMUP = 200;

function pgBin() {
  const base = "/usr/lib/postgresql";
  if (process.env.TRAILSEAL_PG_BIN) return process.env.TRAILSEAL_PG_BIN;
  if (!existsSync(base)) return null;
  const version = readdirSync(base)
    .filter((v) => existsSync(join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? join(base, version, "bin") : null;
}

/** Anchors spread over 10,000 seal keys, as many homes would send them. */
const anchorBody = (n) => anchorRequest(n, `bench-key-${n % 10_000}`);
const load = (bases, total, offset) =>
  loadAnchors(bases, total, offset, { concurrency: CONCURRENCY, body: anchorBody });

/** Single-row INSERT commits per second on `connections` connections for ~2 s. */
async function commitRate(url, connections) {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  await setup.query("CREATE TABLE IF NOT EXISTS bench_commit (n bigint, at timestamptz DEFAULT now())");
  await setup.end();
  let commits = 0;
  const until = performance.now() + 2_000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      while (performance.now() < until) {
        await client.query("INSERT INTO bench_commit (n) VALUES ($1)", [commits]);
        commits += 1;
      }
      await client.end();
    }),
  );
  return commits / ((performance.now() - started) / 1000);
}

const bin = pgBin();
if (!bin) {
  console.log("skipped: PostgreSQL is not installed (apt-get install postgresql)");
  process.exit(0);
}
const dir = await mkdtemp(join(tmpdir(), "trailseal-bench-pg-"));
let user = null;
if (process.getuid?.() === 0) {
  user = "postgres";
  await chmod(dir, 0o700);
  await chown(
    dir,
    Number(execFileSync("id", ["-u", user]).toString()),
    Number(execFileSync("id", ["-g", user]).toString()),
  );
}
const asServer = (cmd, args) =>
  execFileSync(user ? "runuser" : cmd, user ? ["-u", user, "--", cmd, ...args] : args, { stdio: "pipe" });
const data = join(dir, "data");
asServer(join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "--no-locale", "-E", "UTF8"]);
asServer(join(bin, "pg_ctl"), [
  "-D",
  data,
  "-l",
  join(dir, "server.log"),
  "-w",
  "-o",
  `-k ${dir} -c listen_addresses='' -p 5432 -c max_connections=100 -c shared_buffers=128MB`,
  "start",
]);
const dbUrl = (name) => `postgres://postgres@localhost/${name}?host=${encodeURIComponent(dir)}&port=5432`;
const admin = new pg.Client({ connectionString: dbUrl("postgres") });
await admin.connect();

async function newLog(name) {
  await admin.query(`CREATE DATABASE ${name}`);
  const home = join(dir, `${name}-home`);
  const mirror = join(dir, `${name}.git`);
  execFileSync(process.execPath, [
    "dist/cli.js",
    "--home",
    home,
    "witness",
    "init",
    "--bare",
    "--origin",
    `bench.example/${name}`,
    mirror,
  ]);
  const url = dbUrl(name);
  execFileSync(process.execPath, [
    "dist/cli.js",
    "--home",
    home,
    "witness",
    "serve",
    "--port",
    "0",
    "--store",
    url,
    "--migrate",
  ]);
  return { url, home, mirror };
}

async function query(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

async function runReplicas(name, replicas) {
  const log = await newLog(name);
  const [{ bytes: emptyBytes }] = await query(
    log.url,
    "SELECT pg_database_size(current_database()) AS bytes",
  );
  const servers = [];
  for (let i = 0; i < replicas; i++)
    servers.push(
      await startProcess([
        "dist/cli.js",
        "--home",
        log.home,
        "witness",
        "serve",
        "--port",
        "0",
        "--store",
        log.url,
        "--mirror",
        log.mirror,
        "--rate-limit",
        "0",
      ]),
    );
  const urls = servers.map((s) => s.url);
  await load(urls, WARMUP, 1e9);
  const healthOf = () => Promise.all(urls.map(async (u) => (await fetch(`${u}/api/v1/health`)).json()));
  const before = await healthOf();
  const served = await load(urls, TOTAL, 0);
  const after = await healthOf();
  const commits = after.reduce((sum, h, i) => sum + h.commits_since_start - before[i].commits_since_start, 0);
  for (const server of servers) await server.kill("SIGKILL");
  const [{ size }] = await query(log.url, "SELECT size FROM log_state");
  await query(log.url, "CHECKPOINT");
  const [{ bytes }] = await query(log.url, "SELECT pg_database_size(current_database()) AS bytes");
  const relations = await query(
    log.url,
    `SELECT relname, pg_total_relation_size(c.oid) AS bytes FROM pg_class c
       WHERE relname IN ('log_entries', 'log_tiles', 'log_state') ORDER BY relname`,
  );
  const created = served.statuses.get(201) ?? 0;
  if (created !== TOTAL || Number(size) !== TOTAL + WARMUP) {
    console.error(`durability check failed (${name}): ${created} x 201 of ${TOTAL}; ${size} entries`);
    process.exitCode = 1;
  }
  return { ...served, commits, size: Number(size), added: Number(bytes) - Number(emptyBytes), relations };
}

/**
 * The sequencer without HTTP: one replica in this process appending `total` anchors 4,096 at a
 * time (full group-commit batches), and the database's size at `total / 5` and at `total`: the
 * marginal bytes per anchor between the two (after CHECKPOINT; autovacuum on, as in production)
 * exclude the empty database and count the dead row versions a busy log carries.
 */
async function fill(total) {
  const log = await newLog("fill");
  const { openPostgresLog } = await import("../dist/witness/postgres/index.js");
  const storage = await openPostgresLog(log.url, {
    home: log.home,
    mirror: log.mirror,
    publishMirror: false,
  });
  const sizeNow = async () => {
    await query(log.url, "CHECKPOINT");
    return Number((await query(log.url, "SELECT pg_database_size(current_database()) AS b"))[0].b);
  };
  let done = 0;
  let at20 = 0;
  let started = performance.now();
  while (done < total) {
    const batch = Array.from({ length: 4096 }, (_, i) => JSON.parse(anchorBody(done + i)));
    await Promise.all(batch.map((request) => storage.append(request)));
    done += batch.length;
    if (!at20 && done >= total / 5) {
      const seconds = (performance.now() - started) / 1000;
      at20 = { bytes: await sizeNow(), done, seconds };
      started = performance.now();
    }
  }
  const seconds = (performance.now() - started) / 1000;
  await storage.close();
  const bytes = await sizeNow();
  return {
    rate: (done - at20.done) / seconds,
    perAnchor: (bytes - at20.bytes) / (done - at20.done),
    from: at20.done,
    done,
    bytes,
  };
}

try {
  const bare = await startProcess(["-e", BARE_HTTP_SERVER]);
  await load([bare.url], WARMUP, 0);
  const baseline = await load([bare.url], TOTAL, 0);
  await bare.kill("SIGTERM");

  const file = await startProcess([
    "dist/cli.js",
    "witness",
    "serve",
    "--port",
    "0",
    "--store",
    join(dir, "file-store"),
    "--rate-limit",
    "0",
  ]);
  await load([file.url], WARMUP, 1e9);
  const fileRun = await load([file.url], TOTAL, 0);
  await file.kill("SIGKILL");

  const one = await runReplicas("one", 1);
  const two = await runReplicas("two", 2);
  const [{ url: rateUrl }] = [await newLog("rate")];
  const serial = await commitRate(rateUrl, 1);
  const parallel = await commitRate(rateUrl, 8);
  const filled = await fill(process.env.BENCH_FULL ? 250_000 : 61_440);

  const perMillion = (run) => (run.added / run.size) * 1e6;
  const gib = (bytes) => `${(bytes / 2 ** 30).toFixed(2)} GiB`;
  const line = (label, run, unit = "anchors/s") => [
    label,
    `${run.rate.toFixed(0)} ${unit}`,
    `p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms; ${(run.rate / baseline.rate).toFixed(2)}x bare HTTP`,
  ];
  report(
    `Witness server on PostgreSQL (${TOTAL} anchors a run, ${CONCURRENCY} concurrent clients, loopback, one PostgreSQL ${bin.split("/").at(-2)} on a Unix socket, fsync on)`,
    machine(),
    [
      line("bare node:http 201, no storage (baseline)", baseline, "req/s"),
      line("witness serve, file backend (201 after fsync)", fileRun),
      line("witness serve, PostgreSQL, 1 replica (201 after COMMIT)", one),
      line("witness serve, PostgreSQL, 2 replicas, clients split", two),
      [
        "2 replicas ÷ 1 replica",
        `${(two.rate / one.rate).toFixed(2)}x`,
        "both sequence through one row lock",
      ],
      [
        "anchors per transaction (group commit)",
        `${(TOTAL / one.commits).toFixed(1)} (1 replica), ${(TOTAL / two.commits).toFixed(1)} (2)`,
        `${one.commits} and ${two.commits} transactions`,
      ],
      [
        "PostgreSQL commit rate, single-row INSERT, 1 connection",
        `${serial.toFixed(0)} commits/s`,
        "one WAL flush each: the sequencer's ceiling is this x the batch size",
      ],
      [
        "PostgreSQL commit rate, 8 connections",
        `${parallel.toFixed(0)} commits/s`,
        "its own group commit of WAL flushes",
      ],
      [
        "sequencer alone, in process, batches of 4,096 (no HTTP)",
        `${filled.rate.toFixed(0)} anchors/s`,
        `${filled.done} anchors; what one database takes when the replicas batch fully`,
      ],
      [
        "database size per million anchors (extrapolated)",
        gib(filled.perAnchor * 1e6),
        `${filled.perAnchor.toFixed(0)} bytes/anchor: the growth from ${filled.from} to ${filled.done} anchors, x 1,000,000 / that count (linear: entries, their indexes and tiles all grow with the log); ${gib(filled.bytes)} at ${filled.done}`,
      ],
      [
        "database size per anchor, the short HTTP run",
        gib(perMillion(two)),
        `per million; ${(two.added / two.size).toFixed(0)} bytes/anchor over ${two.size} anchors incl. small-log overhead: ${two.relations
          .map((r) => `${r.relname} ${(Number(r.bytes) / 2 ** 20).toFixed(1)} MiB`)
          .join(", ")}`,
      ],
      [
        "durability: 201s vs entries after SIGKILL",
        `${one.statuses.get(201)} / ${one.size - WARMUP}, ${two.statuses.get(201)} / ${two.size - WARMUP}`,
        one.size - WARMUP === TOTAL && two.size - WARMUP === TOTAL ? "every 201 in the database" : "MISMATCH",
      ],
    ],
  );
} finally {
  await admin.end().catch(() => undefined);
  try {
    asServer(join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
  } catch {}
  await rm(dir, { recursive: true, force: true });
}
