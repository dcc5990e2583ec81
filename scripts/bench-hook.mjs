// The agent hook as the agents call it: a new process per tool call (start, read stdin,
// classify, apply the policy, append + fsync, answer), for Claude Code, Cursor and Gemini CLI,
// and `trailseal record` with one action, through the package's bin (dist/cli.cjs). Reported as a ratio to `node -e 0` measured in the
// same run, interleaved, median of many runs. Goals: hook ≤ 1.3× on the common paths, ≤ 1.5×
// where the full shell grammar loads; record ≤ 1.5×.
// Run after `npm run build`: node scripts/bench-hook.mjs   (BENCH_HOOK_RUNS=100 for more)
//
// Every process (the baseline too) runs without the variables that make Node itself do work at
// start: NODE_EXTRA_CA_CERTS makes every Node 20 start parse a CA bundle (on the benchmark
// machine 62 instead of ~21 ms CPU for `node -e 0`), which hid most of the hook's cost inside the
// baseline. BENCH_HOOK_ENV=inherit keeps them (and says so).
// BENCH_HOOK_BASE=<dir> also times the hook of another build (e.g. one made with
// TRAILSEAL_BUILD_OUT from an older commit) interleaved with this one, and prints new/base.
//
// The "hook:" rows are each call in its own process (TRAILSEAL_HOOK_SERVER=off), as before the
// resident server; since it is on by default (docs/decisions/hook-server-default.md), the
// "resident:" rows are what an agent's call costs once a home's server runs.
// The resident server (TRAILSEAL_HOOK_SERVER=on, docs/decisions/hook-resident.md) is timed on the
// same scenarios, interleaved: "resident" rows count the client's CPU plus the server's CPU for
// that call (the server's /proc/<pid>/schedstat, read before and after each call), so a call's
// figure is all the work it caused. "fallback" rows are the switch on with no usable server (its
// spool directory refused), which is the in-process path plus the client's checks.
// BENCH_HOOK_RESIDENT=0 leaves them out.
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { childrenCpuMs, childrenMinorFaults, preToolUse as payload } from "./bench-lib.mjs";

const root = resolve(import.meta.dirname, "..");
// A private copy of dist/ (inside the repo, so node_modules resolves): a rebuild running
// meanwhile cannot pull files from under the measurement.
if (!existsSync(join(root, "dist", "cli.cjs"))) throw new Error("run `npm run build` first");
const snapshot = join(root, `.bench-hook-dist-${process.pid}`);
cpSync(join(root, "dist"), snapshot, { recursive: true });
const cli = join(snapshot, "cli.cjs");
const baseDir = process.env.BENCH_HOOK_BASE ? resolve(process.env.BENCH_HOOK_BASE) : null;
const baseSnapshot = baseDir && join(root, `.bench-hook-base-${process.pid}`);
if (baseDir) cpSync(baseDir, baseSnapshot, { recursive: true });
const baseCli = baseSnapshot && join(baseSnapshot, "cli.cjs");
const START_UP_VARIABLES = ["NODE_EXTRA_CA_CERTS", "NODE_OPTIONS"];
const inherit = process.env.BENCH_HOOK_ENV === "inherit";
const removed = inherit ? [] : START_UP_VARIABLES.filter((name) => process.env[name] !== undefined);
const environment = { ...process.env };
for (const name of removed) delete environment[name];
const runs = Number(process.env.BENCH_HOOK_RUNS ?? 30);
const home = mkdtempSync(join(tmpdir(), "trailseal-bench-hook-"));
const resident = process.env.BENCH_HOOK_RESIDENT !== "0" && process.platform !== "win32";
// The resident server's home and a home whose spool directory is refused (the fallback).
const residentHome = mkdtempSync(join(tmpdir(), "trailseal-bench-resident-"));
const fallbackHome = mkdtempSync(join(tmpdir(), "trailseal-bench-fallback-"));
const RESIDENT_SCENARIOS = [
  "Read a source file",
  "PostToolUse (outcome recorded)",
  "Bash, simple command (git status)",
  "Bash, quotes and redirections (exact tokenizer)",
  "Bash, substitution (tree-sitter, native binding)",
  "Bash, with a token to redact (rule set + key)",
];

const cursor = (hook_event_name, fields) =>
  JSON.stringify({
    conversation_id: "bench",
    generation_id: "g",
    workspace_roots: ["/home/dev/project"],
    hook_event_name,
    ...fields,
  });
const gemini = (tool_name, tool_input, hook_event_name = "BeforeTool") =>
  JSON.stringify({
    session_id: "bench",
    cwd: "/home/dev/project",
    hook_event_name,
    timestamp: "2026-01-01T00:00:00Z",
    tool_name,
    tool_input,
  });
const scenarios = {
  "Read a source file": payload("Read", { file_path: "/home/dev/project/src/index.ts" }),
  "PostToolUse (outcome recorded)": payload("Bash", { command: "npm test" }).replace(
    '"PreToolUse"',
    '"PostToolUse","tool_response":{"stdout":"ok","stderr":"","interrupted":false}',
  ),
  "Cursor beforeShellExecution (npm test)": {
    agent: "cursor",
    input: cursor("beforeShellExecution", { command: "npm test", cwd: "/home/dev/project" }),
  },
  "Cursor beforeMCPExecution (JSON-string input)": {
    agent: "cursor",
    input: cursor("beforeMCPExecution", {
      tool_name: "list_issues",
      tool_input: '{"repo":"a/b"}',
      mcp_server_name: "github",
    }),
  },
  "Gemini BeforeTool read_file": {
    agent: "gemini",
    input: gemini("read_file", { file_path: "/home/dev/project/src/a.ts" }),
  },
  "Gemini BeforeTool run_shell_command (git status)": {
    agent: "gemini",
    input: gemini("run_shell_command", { command: "git status" }),
  },
  "Bash, simple command (git status)": payload("Bash", { command: "git status" }),
  "Bash, quotes and redirections (exact tokenizer)": payload("Bash", {
    command: "cd app && npm test 2>&1 | tail -n 20",
  }),
  "Bash, substitution (tree-sitter, native binding)": payload("Bash", {
    command: 'git log --oneline "$(git merge-base HEAD main)"..HEAD',
  }),
  // A token in the command: the secretlint rule set and the seal key load, the token is redacted.
  "Bash, with a token to redact (rule set + key)": payload("Bash", {
    command: `gh auth login --with-token <<< ghp_${"a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"}`,
  }),
  // The fallback when the optional native binding is not installed: TRAILSEAL_SHELL_PARSER=wasm.
  "Bash, substitution (tree-sitter, wasm fallback)": {
    input: payload("Bash", { command: 'git log --oneline "$(git merge-base HEAD main)"..HEAD' }),
    env: { TRAILSEAL_SHELL_PARSER: "wasm" },
  },
};

/** Children's CPU time and minor faults per measured command (over its runs), keyed by the command's label. */
const cpu = new Map();
const faults = new Map();

/** CPU ms the resident server has run so far (0 when there is none to read). */
let serverPid = 0;
function serverCpuMs() {
  if (!serverPid) return 0;
  return Number(readFileSync(`/proc/${serverPid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
}

function time(args, scenario, label, where = home) {
  const { input, env = {} } = typeof scenario === "string" ? { input: scenario } : scenario;
  if (args[1] === "hook" && typeof scenario === "object" && scenario.agent)
    args = [args[0], "hook", scenario.agent];
  const on = where !== home;
  const cpuBefore = childrenCpuMs();
  const serverBefore = where === residentHome ? serverCpuMs() : 0;
  const faultsBefore = childrenMinorFaults();
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, {
    input,
    env: {
      ...environment,
      TRAILSEAL_SHELL_PARSER: "",
      ...env,
      TRAILSEAL_HOME: where,
      TRAILSEAL_HOOK_SERVER: on ? "on" : "off",
      TRAILSEAL_HOOK_SERVER_IDLE_SECONDS: "600",
    },
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (label) {
    const server = where === residentHome ? serverCpuMs() - serverBefore : 0;
    cpu.set(label, [...(cpu.get(label) ?? []), childrenCpuMs() - cpuBefore + server]);
    faults.set(label, [...(faults.get(label) ?? []), childrenMinorFaults() - faultsBefore]);
  }
  if (result.status !== 0) throw new Error(`${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return ms;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The resident server's pid from its published server.json (docs/decisions/hook-resident.md), or 0. */
function residentPid() {
  try {
    return JSON.parse(readFileSync(join(residentHome, "run", "server.json"), "utf8")).pid ?? 0;
  } catch {
    return 0;
  }
}

try {
  spawnSync(process.execPath, [cli, "init", "--home", home]);
  // warm-up: file cache, policy cache
  for (const input of Object.values(scenarios)) time([cli, "hook", "claude-code"], input);
  if (resident) {
    spawnSync(process.execPath, [cli, "init", "--home", residentHome]);
    spawnSync(process.execPath, [cli, "init", "--home", fallbackHome]);
    mkdirSync(join(fallbackHome, "run"), { mode: 0o755 });
    chmodSync(join(fallbackHome, "run"), 0o755);
    // The first call starts the server; wait until it answers.
    for (const name of RESIDENT_SCENARIOS)
      time([cli, "hook", "claude-code"], scenarios[name], undefined, residentHome);
    for (let i = 0; i < 100 && !serverPid; i += 1) {
      serverPid = residentPid();
      if (!serverPid) await new Promise((done) => setTimeout(done, 50));
    }
    if (!serverPid) throw new Error("the resident server did not start");
    for (const name of RESIDENT_SCENARIOS) {
      time([cli, "hook", "claude-code"], scenarios[name], undefined, residentHome);
      time([cli, "hook", "claude-code"], scenarios[name], undefined, fallbackHome);
    }
  }
  const recordInput = JSON.stringify({ kind: "command", command: "npm test", agent: "ci", session: "bench" });
  time([cli, "record"], recordInput);
  const baseline = [];
  const inherited = [];
  const removedValues = {
    input: "",
    env: Object.fromEntries(removed.map((name) => [name, process.env[name]])),
  };
  const samples = Object.fromEntries(Object.keys(scenarios).map((name) => [name, []]));
  const baseSamples = Object.fromEntries(Object.keys(scenarios).map((name) => [name, []]));
  const records = [];
  const residentSamples = {};
  const fallbackSamples = {};
  // Another shape: an MCP call with arguments (also answered without zod).
  const mcpRecordInput = JSON.stringify({
    kind: "mcp",
    server: "github",
    tool: "list_issues",
    arguments: { repo: "a/b", state: "open" },
    agent: "ci",
  });
  const mcpRecords = [];
  for (let i = 0; i < runs; i += 1) {
    baseline.push(time(["-e", "0"], "", "node -e 0"));
    if (removed.length > 0) inherited.push(time(["-e", "0"], removedValues, "node -e 0 (inherited)"));
    for (const [name, input] of Object.entries(scenarios)) {
      samples[name].push(time([cli, "hook", "claude-code"], input, name));
      if (baseCli) baseSamples[name].push(time([baseCli, "hook", "claude-code"], input, `base ${name}`));
      if (resident && RESIDENT_SCENARIOS.includes(name)) {
        residentSamples[name] = residentSamples[name] ?? [];
        residentSamples[name].push(
          time([cli, "hook", "claude-code"], input, `resident ${name}`, residentHome),
        );
        fallbackSamples[name] = fallbackSamples[name] ?? [];
        fallbackSamples[name].push(
          time([cli, "hook", "claude-code"], input, `fallback ${name}`, fallbackHome),
        );
      }
    }
    records.push(time([cli, "record"], recordInput, "record"));
    mcpRecords.push(time([cli, "record"], mcpRecordInput, "record-mcp"));
  }
  const base = median(baseline);
  // Which grammar backend the unforced hook gets here (native unless the binding cannot load).
  const probe = `const r = await import(${JSON.stringify(pathToFileURL(join(snapshot, "risk", "index.js")).href)}); await r.loadShellParser(); console.log(r.shellParserBackend());`;
  const backend = spawnSync(process.execPath, ["--input-type=module", "-e", probe], {
    env: { ...environment, TRAILSEAL_SHELL_PARSER: "" },
    encoding: "utf8",
  }).stdout.trim();
  console.log(
    `node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), ${runs} runs each, medians; shell grammar by default: ${backend || "?"}`,
  );
  console.log(
    inherit
      ? `environment: inherited as is (${START_UP_VARIABLES.filter((name) => process.env[name] !== undefined).join(", ") || "no start-up variables"})`
      : `environment: ${removed.length > 0 ? `${removed.join(", ")} removed for every process, the baseline too` : "no start-up variables set"}`,
  );
  const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
  const baseCpu = mean(cpu.get("node -e 0"));
  const baseFaults = median(faults.get("node -e 0"));
  const line = (title, values, label) => {
    const m = median(values);
    const c = mean(cpu.get(label));
    const f = median(faults.get(label));
    const against =
      baseCli && baseSamples[label]
        ? `   new/base wall ${(m / median(baseSamples[label])).toFixed(2)}x cpu ${(c / mean(cpu.get(`base ${label}`))).toFixed(2)}x`
        : "";
    console.log(
      `${title.padEnd(62)} ${m.toFixed(1).padStart(7)} ms ${(m / base).toFixed(2).padStart(6)}x   cpu ${c.toFixed(1).padStart(6)} ms ${(c / baseCpu).toFixed(2).padStart(5)}x   faults ${String(f).padStart(5)} ${(f / baseFaults).toFixed(2).padStart(5)}x${against}`,
    );
  };
  console.log(
    `${"(wall: median; cpu: user + sys of the process, mean; minor page faults, median)".padEnd(62)}`,
  );
  line("node -e 0", baseline, "node -e 0");
  if (removed.length > 0)
    line(`node -e 0 with ${removed.join(", ")} (not the baseline)`, inherited, "node -e 0 (inherited)");
  for (const [name, values] of Object.entries(samples)) line(`hook: ${name}`, values, name);
  if (resident) {
    console.log("resident server (TRAILSEAL_HOOK_SERVER=on): cpu = the client's + the server's for the call");
    for (const [name, values] of Object.entries(residentSamples))
      line(`resident: ${name}`, values, `resident ${name}`);
    for (const [name, values] of Object.entries(fallbackSamples))
      line(`fallback (no usable server): ${name}`, values, `fallback ${name}`);
  }
  line("trailseal record (one action)", records, "record");
  line("trailseal record (an MCP action)", mcpRecords, "record-mcp");
} finally {
  if (resident && serverPid) {
    try {
      process.kill(serverPid, "SIGTERM");
    } catch {
      // gone already
    }
  }
  rmSync(home, { recursive: true, force: true });
  rmSync(residentHome, { recursive: true, force: true });
  rmSync(fallbackHome, { recursive: true, force: true });
  rmSync(snapshot, { recursive: true, force: true });
  if (baseSnapshot) rmSync(baseSnapshot, { recursive: true, force: true });
}
