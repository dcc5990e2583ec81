// The ordinary commands' start-up: each a new process through the package's bin (dist/cli.cjs),
// against `node -e 0` measured in the same run, interleaved, median of many runs. CPU is the
// children's user + system time (/proc/self/stat), which load on a shared machine inflates less
// than wall time; the kernel counts it in 10 ms ticks, so CPU is the mean (wall the median). The agent hook and `record` have their own benchmark (bench-hook.mjs).
// Run after `npm run build`: node scripts/bench-cli-start.mjs   (BENCH_CLI_RUNS=40 for more)
//
// Every process (the baseline too) runs without NODE_EXTRA_CA_CERTS and NODE_OPTIONS: the first
// makes every Node 20 start parse a CA bundle (~40 ms on the benchmark machine), which would hide
// the commands' own cost inside the baseline. BENCH_CLI_BASE=<dir> also times another build
// (e.g. one made with TRAILSEAL_BUILD_OUT from an older commit), interleaved, and prints new/base.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { childrenCpuMs, machine, median, report } from "./bench-lib.mjs";

const root = resolve(import.meta.dirname, "..");
if (!existsSync(join(root, "dist", "cli.cjs"))) throw new Error("run `npm run build` first");
// Private copies of the builds (inside the repo, so node_modules resolves): a rebuild running
// meanwhile cannot pull files from under the measurement.
const copies = [];
function snapshot(dir, name) {
  const copy = join(root, `.bench-cli-${name}-${process.pid}`);
  cpSync(dir, copy, { recursive: true });
  copies.push(copy);
  return join(copy, "cli.cjs");
}
const builds = { new: snapshot(join(root, "dist"), "new") };
if (process.env.BENCH_CLI_BASE) builds.base = snapshot(resolve(process.env.BENCH_CLI_BASE), "base");

const environment = { ...process.env };
delete environment.NODE_EXTRA_CA_CERTS;
delete environment.NODE_OPTIONS;
const runs = Number(process.env.BENCH_CLI_RUNS ?? 20);
const home = mkdtempSync(join(tmpdir(), "trailseal-bench-cli-"));
// A separate cache root per run, so the first measured run of a command is not a cold cache
// forever and a stale cache from another build is never read.
environment.XDG_CACHE_HOME = mkdtempSync(join(tmpdir(), "trailseal-bench-cli-cache-"));

function run(cli, args, input) {
  return spawnSync(process.execPath, [cli, "--home", home, ...args], { input, env: environment });
}

// A home with a few recorded actions and one seal, so `verify`, `log` and `summary` have work.
const setup = run(builds.new, ["init"]);
if (setup.status !== 0) throw new Error(`init failed: ${setup.stderr}`);
for (const command of ["ls", "git status", "npm test"])
  run(builds.new, ["record"], JSON.stringify({ kind: "command", command }));
run(builds.new, ["seal"]);

const commands = {
  "--version": ["--version"],
  "--help": ["--help"],
  log: ["log"],
  verify: ["verify"],
  summary: ["summary"],
  "seal --json": ["seal", "--json"],
  "witness serve --help": ["witness", "serve", "--help"],
  "relay status": ["relay", "status"],
};

const cpu = new Map();
const wall = new Map();
function time(label, args) {
  const before = childrenCpuMs();
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { env: environment });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  cpu.set(label, [...(cpu.get(label) ?? []), childrenCpuMs() - before]);
  wall.set(label, [...(wall.get(label) ?? []), ms]);
  return result;
}

const load = [loadavg()[0]];
// One warm-up of each (page cache, compile cache), then interleaved runs.
for (const args of Object.values(commands)) for (const cli of Object.values(builds)) run(cli, args);
for (let i = 0; i < runs; i++) {
  time("node -e 0", ["-e", "0"]);
  for (const [name, args] of Object.entries(commands))
    for (const [build, cli] of Object.entries(builds)) {
      const result = time(`${build} ${name}`, [cli, "--home", home, ...args]);
      if (result.status !== 0 && name !== "relay status")
        throw new Error(`${name} exited ${result.status}: ${result.stderr}`);
    }
}
load.push(loadavg()[0]);

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const base = { cpu: mean(cpu.get("node -e 0")), wall: median(wall.get("node -e 0")) };
const rows = [
  ["baseline: `node -e 0`", `${base.cpu.toFixed(0)} ms CPU, ${base.wall.toFixed(0)} ms wall`, "1.00×"],
];
for (const name of Object.keys(commands))
  for (const build of Object.keys(builds)) {
    const c = mean(cpu.get(`${build} ${name}`));
    const w = median(wall.get(`${build} ${name}`));
    let ratio = `${(c / base.cpu).toFixed(2)}× CPU, ${(w / base.wall).toFixed(2)}× wall`;
    if (build === "new" && builds.base) {
      const b = mean(cpu.get(`base ${name}`));
      ratio += `; ${(c / b).toFixed(2)}× base CPU`;
    }
    rows.push([
      `${build === "new" ? "" : "base: "}\`trailseal ${name}\``,
      `${c.toFixed(0)} ms CPU, ${w.toFixed(0)} ms wall`,
      ratio,
    ]);
  }
report(
  `CLI start-up (${runs} runs each: CPU mean, wall median)`,
  `${machine()}; 1-minute load average ${load.map((l) => l.toFixed(1)).join(" → ")}`,
  rows,
);

rmSync(home, { recursive: true, force: true });
rmSync(environment.XDG_CACHE_HOME, { recursive: true, force: true });
for (const copy of copies) rmSync(copy, { recursive: true, force: true });
