// Shared by the benchmark scripts: machine details, medians and a uniform printout; for the
// witness server benchmarks, the server processes and the load of concurrent anchor requests.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus, totalmem } from "node:os";
import { createInterface } from "node:readline";

/** A Claude Code PreToolUse payload, as the hook reads it on stdin. */
export const preToolUse = (tool_name, tool_input) =>
  JSON.stringify({
    hook_event_name: "PreToolUse",
    session_id: "bench",
    cwd: "/home/dev/project",
    tool_name,
    tool_input,
  });

export function machine() {
  const cpu = cpus();
  return `${cpu[0]?.model ?? "unknown cpu"}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, ${process.platform}`;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Prints a Markdown table, ready to paste into docs/performance.md. */
export function report(title, machineLine, rows) {
  console.log(`\n### ${title}\n\nMachine: ${machineLine}\n`);
  console.log("| measure | result | ratio / rate |\n|---|---|---|");
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
}

const LEVELS = ["none", "none", "low", "low", "low", "medium", "medium", "high", "critical"];

/** The i-th event body of a synthetic trail: a realistic mix of levels, flags, agents and decisions. */
export function syntheticEventBody(i) {
  const level = LEVELS[i % LEVELS.length];
  return {
    risk: {
      level,
      flags: level === "critical" ? ["privilege_escalation"] : level === "high" ? ["force_push"] : [],
    },
    agent: i % 3 === 0 ? "cursor" : "claude-code",
    session: `session-${i >> 10}`,
    cwd: "/home/dev/project",
    phase: "pre",
    action: { tool: "Bash", kind: "command", command: `npm test -- --shard ${i % 8}/8` },
    decision: level === "critical" ? "deny" : "allow",
    reasons: ["benchmark event"],
  };
}

/**
 * CPU time (user + system, ms) of this process's waited-for children so far, from
 * /proc/self/stat (Linux; NaN elsewhere). Counted in clock ticks (10 ms), so only the mean over
 * many runs is meaningful; it is less distorted than wall time when other work shares the cores.
 */
export function childrenCpuMs() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (state): cutime and cstime are fields 16 and 17.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * Minor page faults of this process's waited-for children so far (/proc/self/stat's cminflt;
 * Linux; NaN elsewhere): a kernel-side cost that CPU ticks measure coarsely and callgrind not at
 * all (each fault maps a page of heap, code or a file read).
 */
export function childrenMinorFaults() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (state): cminflt is field 11.
    return Number(fields[8]);
  } catch {
    return Number.NaN;
  }
}

/** A fresh anchor request (docs/protocol.md) for chained count `n`, under `keyId`. */
export function anchorBody(n, keyId = "bench-key") {
  return JSON.stringify({
    protocol: "trailseal-witness-v1",
    tip_hash: `sha256:${randomBytes(32).toString("hex")}`,
    chained_events: n,
    seal_signature: `hmac-sha256:${randomBytes(32).toString("hex")}`,
    key_id: keyId,
    requested_at: new Date().toISOString(),
  });
}

const ROOT = new URL("..", import.meta.url).pathname;

/** Starts a node process (in the checkout) that prints its base URL as the first stdout line. */
export async function startProcess(args) {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const kill = (signal) => {
    child.kill(signal);
    return exited;
  };
  return { url, child, kill };
}

/** The HTTP ceiling: a bare node:http server answering every request 201, no storage (`node -e`). */
export const BARE_HTTP_SERVER = `
const http = require("node:http");
const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    const body = JSON.stringify({ anchor_id: "wit_baseline", witnessed_at: new Date().toISOString() });
    res.writeHead(201, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
  });
});
server.listen(0, "127.0.0.1", () => console.log("http://127.0.0.1:" + server.address().port));
`;

/**
 * `total` POST /api/v1/anchor requests from `concurrency` workers, each sending back to back on
 * keep-alive sockets; worker i uses bases[i % n] (replicas share the load). Request n's body is
 * `body(offset + n)`. Returns the rate, p50/p99 latency (ms) and the count of each status.
 */
export async function loadAnchors(bases, total, offset, { concurrency = 64, body = anchorBody } = {}) {
  const agents = bases.map(() => new Agent({ keepAlive: true, maxSockets: concurrency }));
  const latencies = [];
  const statuses = new Map();
  let next = 0;
  const one = (worker, n) =>
    new Promise((resolve, reject) => {
      const payload = body(offset + n);
      const started = performance.now();
      const req = request(
        new URL("/api/v1/anchor", bases[worker % bases.length]),
        {
          method: "POST",
          agent: agents[worker % bases.length],
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            latencies.push(performance.now() - started);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            resolve();
          });
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < total) await one(worker, next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const agent of agents) agent.destroy();
  return { rate: total / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses };
}
