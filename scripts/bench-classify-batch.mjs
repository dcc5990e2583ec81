// `trailseal classify --batch`: a log of commands judged in one process. Input: every command
// of the kept vectors (test/vectors/risk-families.jsonl, risk-holdout.jsonl when present),
// repeated to 5,000 lines; with and without a policy. Reported: wall time, lines per second, and
// the ratio to one `trailseal classify` process per line (measured on 100 lines in the same run).
// Run after `npm run build`: node scripts/bench-classify-batch.mjs
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { machine, report } from "./bench-lib.mjs";

const root = resolve(import.meta.dirname, "..");
const cli = join(root, "dist", "cli.cjs");
if (!existsSync(cli)) throw new Error("run `npm run build` first");
const commands = [];
for (const name of ["risk-families.jsonl", "risk-holdout.jsonl"]) {
  const path = join(root, "test", "vectors", name);
  if (!existsSync(path)) continue;
  for (const line of readFileSync(path, "utf8").split("\n").filter(Boolean)) {
    const row = JSON.parse(line);
    if (typeof row.command === "string") commands.push(row.command);
  }
}
const total = Number(process.env.BENCH_BATCH_LINES ?? 5000);
const lines = Array.from({ length: total }, (_, i) =>
  JSON.stringify({ kind: "command", command: commands[i % commands.length], cwd: "/home/dev/project" }),
);
const dir = mkdtempSync(join(tmpdir(), "trailseal-bench-batch-"));
const input = join(dir, "in.jsonl");
const policy = join(dir, "policy.yaml");
writeFileSync(input, `${lines.join("\n")}\n`);
writeFileSync(
  policy,
  'max_risk: high\nask: high\nrules:\n  commands:\n    deny: ["sudo *", "rm -rf /*", "git push --force*"]\n',
);

function timed(args, stdin) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [cli, ...args], { input: stdin, maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`classify exited ${result.status}: ${result.stderr}`);
  return { ms, out: result.stdout.toString().trim().split("\n").length };
}

const text = readFileSync(input);
const batch = timed(["classify", "--batch"], text);
const withPolicy = timed(["classify", "--batch", "--policy", policy], text);
const single = 100;
let singleMs = 0;
for (const line of lines.slice(0, single)) singleMs += timed(["classify", "--json"], line).ms;
const perLine = singleMs / single;
rmSync(dir, { recursive: true, force: true });
report(
  "classify --batch (the machine is shared with other engineers' work: compare within a run)",
  machine(),
  [
    [
      `${total} commands, --batch`,
      `${(batch.ms / 1000).toFixed(2)} s`,
      `${Math.round((total / batch.ms) * 1000)} lines/s`,
    ],
    [
      `${total} commands, --batch --policy`,
      `${(withPolicy.ms / 1000).toFixed(2)} s`,
      `${Math.round((total / withPolicy.ms) * 1000)} lines/s`,
    ],
    [
      `one classify process per line (${single} lines)`,
      `${perLine.toFixed(1)} ms a line`,
      `${((perLine * total) / batch.ms).toFixed(0)}× slower than --batch`,
    ],
  ],
);
if (batch.out !== total) throw new Error(`expected ${total} result lines, got ${batch.out}`);
