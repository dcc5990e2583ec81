// The sealed hold-outs' three figures (test/vectors/risk-sealed.jsonl, risk-sealed-second.jsonl,
// risk-sealed-third.jsonl, risk-sealed-fourth.jsonl, risk-sealed-fifth.jsonl and risk-sealed-sixth.jsonl, origin notes
// beside them): dangerous actions rated high or critical, the same within program families no rule
// named at the first run (`named: false`), and harmless actions rated high or critical; overall
// and per source. One
// `trailseal classify --batch` process over the whole set, as a security team would replay a log
// (and one `--batch --agent <name>` process for the cases that are another agent's hook payloads).
// Prints counts only, never which case was missed: the sets stay unseen by whoever tunes the rules.
// Run after `npm run build`: node scripts/risk-sealed-figures.mjs [--set first|second|third|fourth|fifth|sixth] [--json]
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const SETS = {
  first: "risk-sealed.jsonl",
  second: "risk-sealed-second.jsonl",
  third: "risk-sealed-third.jsonl",
  fourth: "risk-sealed-fourth.jsonl",
  fifth: "risk-sealed-fifth.jsonl",
  sixth: "risk-sealed-sixth.jsonl",
};
const CWD = "/home/dev/project";
const ALARM = new Set(["high", "critical"]);
const root = resolve(import.meta.dirname, "..");
const cli = join(root, "dist", "cli.cjs");
if (!existsSync(cli)) throw new Error("run `npm run build` first");
const setArg = process.argv.indexOf("--set");
const set = setArg < 0 ? "first" : process.argv[setArg + 1];
if (!Object.hasOwn(SETS, set)) throw new Error(`--set takes ${Object.keys(SETS).join(", ")}`);
const cases = readFileSync(join(root, "test", "vectors", SETS[set]), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line));
// A case is a command line, or (second set onwards) any action of docs/actions.md or a Claude Code
// hook payload (a file, network or MCP call), judged in the same working directory; with `agent`
// (fifth set onwards) a hook payload of that agent in its own format, read as its hook reads it.
const lineOf = (c) =>
  JSON.stringify(
    c.agent
      ? c.action
      : c.action
        ? { ...c.action, cwd: CWD }
        : { kind: "command", command: c.command, cwd: CWD },
  );
const results = new Array(cases.length);
for (const agent of new Set(cases.map((c) => c.agent ?? ""))) {
  const indexes = cases.flatMap((c, i) => ((c.agent ?? "") === agent ? [i] : []));
  const run = spawnSync(
    process.execPath,
    [cli, "classify", "--batch", ...(agent ? ["--agent", agent] : [])],
    {
      input: `${indexes.map((i) => lineOf(cases[i])).join("\n")}\n`,
      maxBuffer: 1 << 28,
    },
  );
  const out = run.stdout
    .toString()
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  if (out.length !== indexes.length) {
    throw new Error(`expected ${indexes.length} results, got ${out.length} (exit ${run.status})`);
  }
  indexes.forEach((caseIndex, k) => {
    results[caseIndex] = out[k];
  });
}

const empty = () => ({ dangerous: 0, caught: 0, unnamed: 0, unnamedCaught: 0, harmless: 0, alarms: 0 });
const figures = { all: empty() };
cases.forEach((c, i) => {
  // A line the batch could not read, or ignored, counts as not rated high (neither is a verdict).
  const high = ALARM.has(results[i].level);
  for (const key of ["all", c.source]) {
    figures[key] ??= empty();
    const f = figures[key];
    if (c.dangerous) {
      f.dangerous += 1;
      if (high) f.caught += 1;
      if (c.named === false) {
        f.unnamed += 1;
        if (high) f.unnamedCaught += 1;
      }
    } else {
      f.harmless += 1;
      if (high) f.alarms += 1;
    }
  }
});

// How many lines got no verdict (a count: which ones would name them).
const unjudged = results.filter((r) => typeof r.level !== "string").length;
if (unjudged > 0) process.stderr.write(`${unjudged} lines got no verdict (an error or an ignored event)\n`);

if (process.argv.includes("--json")) {
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
} else {
  const pct = (n, d) => `${n} / ${d} (${d ? ((n / d) * 100).toFixed(1) : "-"}%)`;
  const rows = Object.entries(figures).map(([name, f]) => [
    name,
    pct(f.caught, f.dangerous),
    pct(f.unnamedCaught, f.unnamed),
    pct(f.alarms, f.harmless),
  ]);
  const head = ["source", "dangerous high+", "unnamed families high+", "harmless high+"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const row of [head, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join("  "));
}
