// Redaction's cost, the build in dist/ against another build given as BENCH_REDACT_BASE (a
// checkout's root whose dist/ is built, e.g. the main this branch started from), measured in the
// same run and interleaved: (1) in process, a redactEventBody per event over a fixed corpus —
// ordinary hook calls without a secret, calls with one, and the scanners' examples of
// test/vectors (as files written) — and (2) the agent hook as a new process per call for the
// common paths and a call with a secret to redact, as a ratio to `node -e 0` (budget: 1.3x on
// the common paths).
// Run after `npm run build`: node scripts/bench-redact.mjs   (BENCH_REDACT_RUNS=30 for more)
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { machine, median, preToolUse as payload } from "./bench-lib.mjs";

const root = resolve(import.meta.dirname, "..");
const runs = Number(process.env.BENCH_REDACT_RUNS ?? 15);
const builds = [["this build", root]];
if (process.env.BENCH_REDACT_BASE) builds.unshift(["base", resolve(process.env.BENCH_REDACT_BASE)]);
for (const [, dir] of builds)
  if (!existsSync(join(dir, "dist", "cli.cjs"))) throw new Error(`no build in ${dir}`);

// Private copies of each dist/ (beside its node_modules): a rebuild meanwhile cannot pull files away.
const snapshots = builds.map(([name, dir]) => {
  const copy = join(dir, `.bench-hook-dist-redact-${process.pid}`);
  cpSync(join(dir, "dist"), copy, { recursive: true });
  return { name, copy };
});

const base = {
  risk: { level: "low", flags: [] },
  agent: "claude-code",
  session: "b",
  cwd: "/w",
  phase: "pre",
  decision: "pass",
  reasons: [],
};
const command = (line) => ({
  ...base,
  action: { tool: "Bash", kind: "command", command: line },
  input: { command: line },
});
const write = (content) => ({
  ...base,
  action: { tool: "Write", kind: "file_write", path: "/w/f" },
  input: { file_path: "/w/f", content },
});
const ordinary = [
  command("git status"),
  command("npm test -- --reporter=dot 2>&1 | tail -n 20"),
  command("git log --oneline 3f2a9c1d4e5b6a7980f1e2d3c4b5a69788796a5b..HEAD"),
  command("kubectl get pod -l app=web -o json | jq '.items[].metadata.uid'"),
  write('import { join } from "node:path";\nexport const dir = join(process.cwd(), "out");\n'),
  {
    ...base,
    action: { tool: "mcp__gh__list", kind: "mcp", server: "gh", name: "list" },
    input: { repo: "a/b", state: "open" },
  },
];
const withSecret = [
  command("export API_TOKEN=tS9kQ2vLx7RmN4pWz8YbC3dF6hJ1aE5u && ./deploy.sh"),
  command("curl -H 'Authorization: Bearer b7f0c2e94a1d4e6f8a3b5c7d9e1f2a4b' https://api.example.test"),
  command("mysql -uroot -p'Hunter2-Lamp' app"),
  write(
    "db:\n  host: x\n  password: Hunter2-Lamp-Orchid\nhubspotKey: dafa7817-e246-48f3-91a7-e87653d587b8\n",
  ),
];
const vectors = ["secret-scanners.jsonl", "secret-holdout.jsonl"].flatMap((name) =>
  readFileSync(join(root, "test", "vectors", name), "utf8")
    .trim()
    .split("\n")
    .filter((_, index) => index % 10 === 0)
    .map((line) => write(JSON.parse(line).text ?? JSON.parse(line).secret)),
);
const corpora = {
  "ordinary calls": ordinary,
  "calls with a secret": withSecret,
  "scanners' examples (1 in 10)": vectors,
};

async function inProcess() {
  const out = {};
  const modules = [];
  for (const { name, copy } of snapshots) {
    const redact = await import(pathToFileURL(join(copy, "redact", "index.js")).href);
    const risk = await import(pathToFileURL(join(copy, "risk", "index.js")).href);
    await risk.loadShellParser();
    modules.push({ name, redact });
  }
  const options = { key: async () => Buffer.alloc(32, 1) };
  for (const { redact } of modules)
    for (const body of Object.values(corpora).flat()) await redact.redactEventBody(body, options); // warm-up
  for (const [corpus, bodies] of Object.entries(corpora)) {
    for (const { name } of modules) out[`${corpus}|${name}`] = [];
    for (let run = 0; run < runs; run += 1) {
      for (const { name, redact } of modules) {
        const start = process.hrtime.bigint();
        for (const body of bodies) await redact.redactEventBody(body, options);
        out[`${corpus}|${name}`].push(Number(process.hrtime.bigint() - start) / 1e6 / bodies.length);
      }
    }
  }
  return out;
}

const scenarios = {
  "Read a source file": payload("Read", { file_path: "/home/dev/project/src/index.ts" }),
  "Bash git status": payload("Bash", { command: "git status" }),
  "Bash, quotes and redirections": payload("Bash", { command: "cd app && npm test 2>&1 | tail -n 20" }),
  "Write a small file": payload("Write", {
    file_path: "/home/dev/project/a.ts",
    content: 'export const a = "b";\n',
  }),
  "Bash with a secret (export TOKEN=…)": payload("Bash", {
    command: "export API_TOKEN=tS9kQ2vLx7RmN4pWz8YbC3dF6hJ1aE5u && ./deploy.sh",
  }),
};

function hookCalls() {
  const homes = snapshots.map(({ copy }) => {
    const home = mkdtempSync(join(tmpdir(), "trailseal-bench-redact-"));
    spawnSync(process.execPath, [join(copy, "cli.cjs"), "init", "--home", home]);
    return home;
  });
  const time = (args, input, home) => {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, {
      input,
      // Each call in its own process, as the figures before the resident server (docs/hooks.md).
      env: { ...process.env, TRAILSEAL_HOME: home, TRAILSEAL_HOOK_SERVER: "off" },
    });
    if (result.status !== 0) throw new Error(`${args.join(" ")} exited ${result.status}: ${result.stderr}`);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const samples = { "node -e 0": [] };
  try {
    for (let run = 0; run < runs + 2; run += 1) {
      const keep = run >= 2; // two warm-up rounds
      const baseline = time(["-e", "0"], "", homes[0]);
      if (keep) samples["node -e 0"].push(baseline);
      snapshots.forEach(({ name, copy }, index) => {
        for (const [scenario, input] of Object.entries(scenarios)) {
          const ms = time([join(copy, "cli.cjs"), "hook", "claude-code"], input, homes[index]);
          const key = `${scenario}|${name}`;
          if (!samples[key]) samples[key] = [];
          if (keep) samples[key].push(ms);
        }
      });
    }
  } finally {
    for (const home of homes) rmSync(home, { recursive: true, force: true });
  }
  return samples;
}

try {
  console.log(`Machine: ${machine()}; ${runs} runs each, medians, builds interleaved`);
  const redaction = await inProcess();
  console.log(
    "\n| redactEventBody, ms per event | " +
      snapshots.map((s) => s.name).join(" | ") +
      (snapshots.length > 1 ? " | ratio |" : ""),
  );
  console.log("|---|" + snapshots.map(() => "---|").join("") + (snapshots.length > 1 ? "---|" : ""));
  for (const corpus of Object.keys(corpora)) {
    const values = snapshots.map(({ name }) => median(redaction[`${corpus}|${name}`]));
    const ratio = values.length > 1 ? ` ${(values[1] / values[0]).toFixed(2)}x |` : "";
    console.log(`| ${corpus} | ${values.map((v) => v.toFixed(3)).join(" | ")} |${ratio}`);
  }
  const hook = hookCalls();
  const node = median(hook["node -e 0"]);
  console.log(
    `\n| hook call, wall (x node -e 0 = ${node.toFixed(1)} ms) | ` +
      snapshots.map((s) => s.name).join(" | ") +
      " |",
  );
  console.log("|---|" + snapshots.map(() => "---|").join(""));
  for (const scenario of Object.keys(scenarios)) {
    const cells = snapshots.map(({ name }) => {
      const m = median(hook[`${scenario}|${name}`]);
      return `${m.toFixed(1)} ms, ${(m / node).toFixed(2)}x`;
    });
    console.log(`| ${scenario} | ${cells.join(" | ")} |`);
  }
} finally {
  for (const { copy } of snapshots) rmSync(copy, { recursive: true, force: true });
}
