// The unwitnessed tail: the time from an agent hook call's return to the witness quorum's receipt
// of a seal covering its event, with the relay's prompt seals (auto_seal.max_unsealed_seconds),
// against `witness serve` on both backends (file store, git log) on loopback, quorum 1. Two
// loads: isolated calls (the relay idle before each) and a busy agent (calls back to back, in
// 4 parallel streams). Also the largest window an attacker could cut: the most events, and the
// longest time, recorded but not yet held by the witness. Ratios against the seal cadence's
// worst case (15 minutes) measured in the same terms; a hook call's own time is the baseline
// taken in this run. Polling the witness every 5 ms adds up to 5 ms to each figure.
// Run after `npm run build`: node scripts/bench-witness-latency.mjs  (BENCH_LATENCY_CALLS=100 for more)
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { machine, percentile, report } from "./bench-lib.mjs";

const root = resolve(import.meta.dirname, "..");
// A private copy of dist/ (inside the repo, so node_modules resolves): a rebuild running
// meanwhile cannot pull files from under the measurement.
if (!existsSync(join(root, "dist", "cli.cjs"))) throw new Error("run `npm run build` first");
const snapshot = join(root, `.bench-latency-dist-${process.pid}`);
cpSync(join(root, "dist"), snapshot, { recursive: true });
process.on("exit", () => rmSync(snapshot, { recursive: true, force: true }));
const cli = join(snapshot, "cli.cjs");
const calls = Number(process.env.BENCH_LATENCY_CALLS ?? 40);
const CADENCE_MS = 15 * 60_000;

const payload = (i) =>
  JSON.stringify({
    hook_event_name: "PreToolUse",
    session_id: "bench",
    cwd: "/home/dev/project",
    tool_name: "Bash",
    tool_input: { command: `npm test -- --shard ${i % 8}/8` },
  });

function run(args, options = {}) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: "utf8", ...options });
  if (result.status !== 0)
    throw new Error(`trailseal ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

/** One hook call as Claude Code makes it; resolves at its return with the time it took. */
function hookCall(home, i) {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [cli, "hook", "claude-code"], {
      // Each call in its own process, as the figures before the resident server (docs/hooks.md).
      env: { ...process.env, TRAILSEAL_HOME: home, TRAILSEAL_HOOK_SERVER: "off" },
      stdio: ["pipe", "ignore", "ignore"],
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolvePromise({ at: performance.now(), ms: performance.now() - started })
        : reject(new Error(`hook exited ${code}`)),
    );
    child.stdin.end(payload(i));
  });
}

function startWitness(home, store) {
  const child = spawn(
    process.execPath,
    [cli, "--home", home, "witness", "serve", "--port", "0", "--store", store],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolvePromise, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const line = out.split("\n").find((l) => l.startsWith("http"));
      if (line) resolvePromise({ url: line.trim().replace(/\/$/, ""), child });
    });
    child.on("exit", (code) => reject(new Error(`witness serve exited ${code}`)));
  });
}

async function witnessed(url, keyId) {
  try {
    const response = await fetch(`${url}/api/v1/anchors?key_id=${encodeURIComponent(keyId)}&latest=true`);
    if (response.status !== 200) return 0;
    return (await response.json()).chained_events;
  } catch {
    return 0; // a keep-alive socket the server closed: the next poll asks again
  }
}

/** Events in the trail now (its lines): at a call's return, at least that call's seq + 1. */
function eventCount(home) {
  const dir = join(home, "trail");
  let lines = 0;
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".jsonl")))
    for (const byte of readFileSync(join(dir, name))) if (byte === 10) lines += 1;
  return lines;
}

async function keyIdOf(home) {
  for (;;) {
    try {
      return JSON.parse(readFileSync(join(home, "seals", "seals.jsonl"), "utf8").split("\n")[0]).key_id;
    } catch {
      await sleep(20);
    }
  }
}

/**
 * Hook calls, then waits for the witness to hold a seal covering each; returns per-call latency
 * (ms from the call's return to the first poll that saw it covered) and the largest cuttable window.
 */
async function measure(home, url, keyId, streams, perStream) {
  let recorded = eventCount(home);
  let window = { events: 0, ms: 0 };
  let done = false;
  const latencies = [];
  const waiting = [];
  const poller = (async () => {
    while (!done || waiting.length > 0) {
      const count = await witnessed(url, keyId);
      const now = performance.now();
      for (let i = waiting.length - 1; i >= 0; i--) {
        if (waiting[i].count <= count) {
          latencies.push(now - waiting[i].at);
          waiting.splice(i, 1);
        }
      }
      if (waiting.length > 0) {
        window = {
          events: Math.max(window.events, recorded - count),
          ms: Math.max(window.ms, now - Math.min(...waiting.map((w) => w.at))),
        };
      }
      await sleep(5);
    }
  })();
  await Promise.all(
    Array.from({ length: streams }, async (_, s) => {
      for (let i = 0; i < perStream; i++) {
        const { at } = await hookCall(home, s * perStream + i);
        recorded = eventCount(home);
        waiting.push({ count: recorded, at });
        if (streams === 1) while (waiting.length > 0) await sleep(5);
      }
    }),
  );
  done = true;
  await poller;
  return { latencies, window };
}

async function backend(name, makeStore) {
  const dir = mkdtempSync(join(tmpdir(), "trailseal-bench-latency-"));
  const home = join(dir, "home");
  let witness;
  try {
    run(["--home", home, "init"]);
    const store = makeStore(dir, home);
    witness = await startWitness(home, store);
    const configPath = join(home, "relay-config.json");
    const config = JSON.parse(readFileSync(configPath, "utf8"));
    config.witness = { enabled: true, quorum: 1, endpoints: [{ name: "w1", url: witness.url }] };
    writeFileSync(configPath, JSON.stringify(config));
    run(["--home", home, "relay", "start", "--interval", "15m"]);
    const keyId = await keyIdOf(home);
    // Warm-up: the witness and the relay's first publish.
    await measure(home, witness.url, keyId, 1, 3);
    const hookMs = [];
    for (let i = 0; i < 5; i++) hookMs.push((await hookCall(home, i)).ms);
    await measure(home, witness.url, keyId, 1, 1);
    const isolated = await measure(home, witness.url, keyId, 1, calls);
    const sealsBefore = JSON.parse(run(["--home", home, "relay", "status", "--json"])).seals_created;
    const busy = await measure(home, witness.url, keyId, 4, calls / 2);
    const sealsBusy =
      JSON.parse(run(["--home", home, "relay", "status", "--json"])).seals_created - sealsBefore;
    return { name, isolated, busy, sealsBusy, hookMs: percentile(hookMs, 50) };
  } finally {
    spawnSync(process.execPath, [cli, "--home", home, "relay", "stop"]);
    witness?.child.kill("SIGTERM");
    await sleep(200);
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = [
  await backend("HTTP witness, file store", (dir) => join(dir, "store")),
  await backend("HTTP witness, git log", (dir, home) => {
    const log = join(dir, "log.git");
    run(["--home", home, "witness", "init", "--bare", "--origin", "bench.example/log", log]);
    return log;
  }),
];

const fmt = (ms) => `${ms.toFixed(0)} ms`;
const rows = [];
for (const r of results) {
  for (const [load, m] of [
    ["isolated calls", r.isolated],
    [`busy agent (4 streams, ${calls * 2} calls)`, r.busy],
  ]) {
    const p50 = percentile(m.latencies, 50);
    const p99 = percentile(m.latencies, 99);
    rows.push([
      `${r.name}, ${load}: hook return → witnessed, p50 / p99`,
      `${fmt(p50)} / ${fmt(p99)}`,
      `p99 = ${(p99 / CADENCE_MS).toExponential(1)} × the 15-min cadence; ${(p99 / r.hookMs).toFixed(0)}× a hook call (${fmt(r.hookMs)})`,
    ]);
    rows.push([
      `${r.name}, ${load}: largest cuttable window`,
      `${m.window.events} events, ${fmt(m.window.ms)}`,
      `vs up to 15 min of events with the cadence alone`,
    ]);
  }
  rows.push([
    `${r.name}, busy agent: seals made`,
    `${r.sealsBusy} for ${calls * 2} calls`,
    "one seal per burst, not per event",
  ]);
}
report("Unwitnessed tail: hook call → witness quorum (prompt seals, quorum 1, loopback)", machine(), rows);
